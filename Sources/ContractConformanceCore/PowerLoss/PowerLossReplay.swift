import Foundation

/// A recording of saves replayed under a ``PowerLossModel``: the points a power loss is tried
/// at, the states each could leave, which saves a reopened store may load from each, and, for
/// each save, what it left unsynced when it returned.
struct PowerLossReplay {
  /// One moment of the recording a power loss is tried at.
  struct CrashPoint {
    /// Such as "after save 7 returned", or "during save 8, before its fsync of .tmp-x2".
    let description: String
    let states: [SimulatedDisk.CrashState]
    /// Per key, the saves a load may return there (`nil`: nothing).
    let allowed: [Set<Int?>]
    /// Per key, the last save that had returned.
    let lastReturned: [Int?]
    /// The save under way, if any.
    let inFlight: Int?
  }

  let points: [CrashPoint]
  /// What the replay could not follow: a recording that misses operations cannot be judged.
  let unfollowed: [String]
  /// The directory as the process left it, by the recording.
  let final: DiskImage
  /// Per save, the fix for what it left unsynced when it returned; absent when nothing.
  let fixes: [Int: String]

  /// The fix for a failure at `point`: what the save under way, else the last that returned,
  /// left unsynced; `nil` when each was durable when it returned.
  func fix(at point: CrashPoint) -> String? {
    ([point.inFlight] + point.lastReturned).compactMap { $0 }.lazy.compactMap { fixes[$0] }.first
  }

  /// Replays `operations`, whose marks number saves; `keys` maps each save to its key.
  ///
  /// - Parameters:
  ///   - prefixes: how many seeded prefixes of the unsynced changes each point tries.
  init(
    operations: [FileOperation], keys: [Int: Int], keyCount: Int, model: PowerLossModel,
    prefixes: Int = 2, seed: UInt64
  ) {
    var random = SeededGenerator(seed: seed)
    var disk = SimulatedDisk(model: model)
    var points: [CrashPoint] = []
    var fixes: [Int: String] = [:]
    var lastReturned = [Int?](repeating: nil, count: keyCount)
    var inFlight: (save: Int, sent: Int)?

    func point(_ description: String) -> CrashPoint {
      var allowed = lastReturned.map { Set([$0]) }
      if let inFlight, let key = keys[inFlight.save] { allowed[key].insert(inFlight.save) }
      return CrashPoint(
        description: description,
        states: disk.crashStates(prefixes: prefixes, using: &random),
        allowed: allowed, lastReturned: lastReturned, inFlight: inFlight?.save)
    }

    for (index, operation) in operations.enumerated() {
      switch operation {
      case .mark(let save, false):
        inFlight = (save, index)
      case .mark(let save, true):
        if let key = keys[save] { lastReturned[key] = save }
        let sent = inFlight?.sent ?? index
        inFlight = nil
        let left = disk.pending.filter { $0.operation > sent }
        if !left.isEmpty { fixes[save] = Self.fix(left, disk: disk, since: sent, operations) }
        points.append(point("after save \(save) returned"))
      default:
        if let inFlight, let boundary = Self.boundary(operation, disk: disk) {
          points.append(point("during save \(inFlight.save), before its \(boundary)"))
        }
        disk.apply(operation, index: index)
      }
    }
    self.points = points
    self.unfollowed = disk.unfollowed
    self.final = disk.current.reachable
    self.fixes = fixes
  }

  /// The operation, in words, when a power loss just before it is worth trying: a sync, a
  /// rename or an unlink, where what is durable changes.
  private static func boundary(_ operation: FileOperation, disk: SimulatedDisk) -> String? {
    switch operation {
    case .sync(let fd, let call) where call != .syncFileRange:
      let path = disk.descriptorPaths[fd].map { $0.isEmpty ? "the store's directory" : short($0) }
      return "\(call.rawValue) of \(path ?? "descriptor \(fd)")"
    case .syncAll: return "sync"
    case .mapSync(_, true): return "msync"
    case .rename(let from?, let to?): return "rename of \(short(from)) to \(short(to))"
    case .unlink(let path): return "unlink of \(short(path))"
    default: return nil
    }
  }

  /// The fix for `left`, the changes a save left unsynced when it returned.
  private static func fix(
    _ left: [SimulatedDisk.Pending], disk: SimulatedDisk, since sent: Int,
    _ operations: [FileOperation]
  ) -> String {
    var parts: [String] = []
    let data = left.filter { !$0.change.isName }
    if let first = data.first, let file = first.change.file {
      let written = disk.lastWrite[file] ?? first.operation
      let synced = disk.lastSync[file]
      if data.contains(where: {
        if case .mapWrite = operations[$0.operation] { return true }
        return false
      }) {
        parts.append(
          "msync(MS_SYNC) the map (or \(disk.model.fileSync) the file) before the save returns: what a map holds reaches the disk only through a sync"
        )
      } else if let synced, synced > written {
        parts.append(
          "use fcntl(fd, F_FULLFSYNC): under the Apple model a plain fsync leaves the data in the drive's cache"
        )
      } else if let synced, synced > sent {
        parts.append(
          "\(disk.model.fileSync) after the last write, not before it: the sync came before the data it should cover"
        )
      } else {
        parts.append("\(disk.model.fileSync) the file before the save returns")
      }
    }
    if left.contains(where: \.change.isName) {
      let sync = disk.model == .apple ? "F_FULLFSYNC" : "fsync"
      parts.append(
        "\(sync) the directory after the rename or create: a new name persists only through a sync of its directory"
      )
    }
    return parts.joined(separator: "; then ")
  }

  /// A path for messages, with long names cut.
  static func short(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).map { name in
      name.count > 24 ? name.prefix(16) + "…" + name.suffix(6) : name
    }.joined(separator: "/")
  }
}
