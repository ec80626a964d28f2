import Foundation
import KitSupport

/// A recording of saves replayed under a ``PowerLossModel``: the points a power loss is tried
/// at, the states each could leave, which saves a reopened store may load from each, and, for
/// each save, what it left unsynced when it returned.
///
/// The states of a point are built only when ``forEachPoint(prefixes:seed:_:)`` reaches it, so
/// the memory a replay holds is one point's states, however long the recording.
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

  /// How many points the recording has.
  let pointCount: Int
  /// What the replay could not follow: a recording that misses operations cannot be judged.
  let unfollowed: [String]
  /// The directory as the process left it, by the recording.
  let final: DiskImage
  /// Per save, the fix for what it left unsynced when it returned; absent when nothing.
  let fixes: [Int: String]
  private let operations: [FileOperation]
  private let keys: [Int: Int]
  private let keyCount: Int
  private let model: PowerLossModel

  /// Replays `operations`, whose marks number saves; `keys` maps each save to its key.
  init(operations: [FileOperation], keys: [Int: Int], keyCount: Int, model: PowerLossModel) {
    self.operations = operations
    self.keys = keys
    self.keyCount = keyCount
    self.model = model
    var walk = Walk(operations: operations, keys: keys, keyCount: keyCount, model: model)
    var count = 0
    while walk.next() != nil { count += 1 }
    pointCount = count
    unfollowed = walk.disk.unfollowed
    final = walk.disk.current.reachable
    fixes = walk.fixes
  }

  /// Calls `body` with each point in order, its states built then (with `prefixes` seeded
  /// prefixes each); stops when `body` returns false.
  func forEachPoint(
    prefixes: Int = 2, seed: UInt64, _ body: (CrashPoint) async throws -> Bool
  ) async rethrows {
    var random = SeededGenerator(seed: seed)
    var walk = Walk(operations: operations, keys: keys, keyCount: keyCount, model: model)
    while let moment = walk.next() {
      let point = CrashPoint(
        description: moment.description,
        states: walk.disk.crashStates(prefixes: prefixes, using: &random),
        allowed: moment.allowed, lastReturned: moment.lastReturned, inFlight: moment.inFlight)
      guard try await body(point) else { return }
    }
  }

  /// The fix for a failure at `point`: what the save under way, else the last that returned,
  /// left unsynced; `nil` when each was durable when it returned.
  func fix(at point: CrashPoint) -> String? {
    ([point.inFlight] + point.lastReturned).compactMap { $0 }.lazy.compactMap { fixes[$0] }.first
  }

  /// A point of the walk, before its states are built.
  private struct Moment {
    let description: String
    let allowed: [Set<Int?>]
    let lastReturned: [Int?]
    let inFlight: Int?
  }

  /// Steps through the recording from point to point, with ``disk`` as it stands at each.
  private struct Walk {
    let operations: [FileOperation]
    let keys: [Int: Int]
    var disk: SimulatedDisk
    var fixes: [Int: String] = [:]
    private var index = 0
    private var lastReturned: [Int?]
    private var inFlight: (save: Int, sent: Int)?
    /// An operation a point stopped before, applied on the next step.
    private var held: Int?

    init(operations: [FileOperation], keys: [Int: Int], keyCount: Int, model: PowerLossModel) {
      self.operations = operations
      self.keys = keys
      disk = SimulatedDisk(model: model)
      lastReturned = [Int?](repeating: nil, count: keyCount)
    }

    mutating func next() -> Moment? {
      if let held {
        disk.apply(operations[held], index: held)
        self.held = nil
      }
      while index < operations.count {
        let operation = operations[index]
        defer { index += 1 }
        switch operation {
        case .mark(let save, false):
          inFlight = (save, index)
        case .mark(let save, true):
          if let key = keys[save] { lastReturned[key] = save }
          let sent = inFlight?.sent ?? index
          inFlight = nil
          let left = disk.pending.filter { $0.operation > sent }
          if !left.isEmpty {
            fixes[save] = PowerLossReplay.fix(left, disk: disk, since: sent, operations)
          }
          return moment("after save \(save) returned")
        default:
          if let inFlight, let boundary = PowerLossReplay.boundary(operation, disk: disk) {
            held = index
            return moment("during save \(inFlight.save), before its \(boundary)")
          }
          disk.apply(operation, index: index)
        }
      }
      return nil
    }

    private func moment(_ description: String) -> Moment {
      var allowed = lastReturned.map { Set([$0]) }
      if let inFlight, let key = keys[inFlight.save] { allowed[key].insert(inFlight.save) }
      return Moment(
        description: description, allowed: allowed, lastReturned: lastReturned,
        inFlight: inFlight?.save)
    }
  }

  /// The operation, in words, when a power loss just before it is worth trying: a sync, a
  /// rename or an unlink, where what is durable changes.
  private static func boundary(_ operation: FileOperation, disk: SimulatedDisk) -> String? {
    func path(_ fd: Int) -> String {
      disk.descriptorPaths[fd].map { $0.isEmpty ? "the store's directory" : short($0) }
        ?? "descriptor \(fd)"
    }
    switch operation {
    case .sync(let fd, let call) where call != .syncFileRange:
      return "\(call.rawValue) of \(path(fd))"
    case .write(let fd, _, _) where disk.writeMode(of: fd).isSynchronous:
      return "\(disk.writeMode(of: fd).names) write to \(path(fd))"
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
    // Whether the file was synced, only not the Apple way: its store syncs, with the wrong call.
    var plainlySynced = false
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
      } else if let synced, synced >= written {
        plainlySynced = true
        // Only a write through O_SYNC or O_DSYNC is its own sync (synced == written).
        parts.append(
          synced == written
            ? "use fcntl(fd, F_FULLFSYNC) after the write: under the Apple model a write through \(disk.lastWriteMode[file]?.names ?? "O_DSYNC") leaves the data in the drive's cache, as a plain fsync does"
            : "use fcntl(fd, F_FULLFSYNC): under the Apple model a plain fsync leaves the data in the drive's cache"
        )
      } else if disk.lastWriteMode[file]?.contains(.direct) == true {
        parts.append(
          "open the file with O_DSYNC as well as O_DIRECT, or \(disk.model.fileSync) it before the save returns: O_DIRECT skips the page cache, but neither the drive's cache nor the file's size is made durable by it"
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
    let files = parts.joined(separator: "; then ")
    // Names the unsynced changes touch: the files written, and the names created or removed.
    let names = left.flatMap { pending -> [String] in
      switch pending.change {
      case .link(let path, _, _), .unlink(let path, _): return [path]
      case .rename(let from, let to, _, _): return [from, to]
      default:
        return pending.change.file.map { file in
          disk.current.names.filter { $0.value == .file(file) }.map(\.key)
        } ?? []
      }
    }
    guard let sqlite = sqliteFix(names, model: disk.model, synced: plainlySynced) else {
      return files
    }
    return "\(sqlite) (in file terms: \(files))"
  }

  /// The fix in SQLite's own terms, when what a save left unsynced is SQLite's write-ahead log
  /// or rollback journal: the pragmas that make a commit durable before it returns. `synced`:
  /// the file was synced, with a plain fsync the Apple model does not count.
  static func sqliteFix(_ names: [String], model: PowerLossModel, synced: Bool) -> String? {
    let base = names.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
    let wal = base.contains { $0.hasSuffix("-wal") }
    let journal = base.contains { $0.hasSuffix("-journal") }
    guard wal || journal else { return nil }
    let fullfsync =
      "PRAGMA fullfsync=ON (with checkpoint_fullfsync=ON): on Apple platforms SQLite syncs with a plain fsync unless told, which leaves the data in the drive's cache"
    if model == .apple, synced { return "set \(fullfsync)" }
    let full =
      wal
      ? "set PRAGMA synchronous=FULL: in WAL mode, NORMAL or OFF lets a commit return before the -wal file is synced"
      : "set PRAGMA synchronous=FULL (or EXTRA, which also syncs the directory once the -journal file is deleted): below FULL, a commit returns before the journal and the database are synced"
    return model == .apple ? "\(full), and \(fullfsync)" : full
  }

  /// A path for messages, with long names cut.
  static func short(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).map { name in
      name.count > 24 ? name.prefix(16) + "…" + name.suffix(6) : name
    }.joined(separator: "/")
  }
}
