import Foundation
import KitSupport

/// A store's directory as a power loss sees it: what the process sees (``current``), what
/// stable storage holds (``durable``), and the changes no sync has covered yet (``pending``),
/// built by replaying a recording under a ``PowerLossModel``.
///
/// Files and directories are nodes, so that a sync reaches a file through any of its names and
/// a rename moves a node, not its bytes.
struct SimulatedDisk {
  /// A file or a directory, by number; directory 0 is the store's directory.
  enum Node: Hashable {
    case file(Int)
    case directory(Int)
  }

  /// Names and file contents.
  struct Image: Hashable {
    var names: [String: Node] = [:]
    var data: [Int: [UInt8]] = [:]

    mutating func apply(_ change: Change) {
      switch change {
      case .write(let file, let offset, let bytes):
        var contents = data[file] ?? []
        if contents.count < offset + bytes.count {
          contents.append(
            contentsOf: repeatElement(0, count: offset + bytes.count - contents.count))
        }
        contents.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        data[file] = contents
      case .truncate(let file, let length):
        var contents = data[file] ?? []
        if contents.count > length {
          contents.removeSubrange(length...)
        } else {
          contents.append(contentsOf: repeatElement(0, count: length - contents.count))
        }
        data[file] = contents
      case .link(let path, let node, _):
        names[path] = node
      case .unlink(let path, _):
        names[path] = nil
      case .rename(let from, let to, let node, _):
        names[from] = nil
        if case .directory = node {
          for (path, child) in names where path.hasPrefix(from + "/") {
            names[path] = nil
            names[to + path.dropFirst(from.count)] = child
          }
        }
        names[to] = node
      }
    }

    /// The files and directories reachable from the store's directory.
    var reachable: DiskImage {
      var image = DiskImage()
      for (path, node) in names where isReachable(path) {
        switch node {
        case .file(let file): image.files[path] = data[file] ?? []
        case .directory: image.directories.insert(path)
        }
      }
      return image
    }

    private func isReachable(_ path: String) -> Bool {
      var parent = SimulatedDisk.parent(of: path)
      while !parent.isEmpty {
        guard case .directory = names[parent] else { return false }
        parent = SimulatedDisk.parent(of: parent)
      }
      return true
    }
  }

  /// One change to the disk, as a sync persists it.
  enum Change: Hashable {
    case write(file: Int, offset: Int, bytes: [UInt8])
    case truncate(file: Int, length: Int)
    /// A new name in `directory`.
    case link(path: String, node: Node, directory: Int)
    case unlink(path: String, directory: Int)
    /// Atomic: persists with a sync of `directory`, the one it renames into.
    case rename(from: String, to: String, node: Node, directory: Int)

    /// Whether it changes a name rather than a file's data.
    var isName: Bool {
      switch self {
      case .write, .truncate: false
      case .link, .unlink, .rename: true
      }
    }

    /// The file whose data it changes.
    var file: Int? {
      switch self {
      case .write(let file, _, _), .truncate(let file, _): file
      default: nil
      }
    }

    /// The directory whose entries it changes.
    var directory: Int? {
      switch self {
      case .link(_, _, let directory), .unlink(_, let directory), .rename(_, _, _, let directory):
        directory
      default: nil
      }
    }
  }

  /// A change no sync has made durable, with the index of the operation that made it.
  struct Pending: Hashable {
    let change: Change
    let operation: Int
    /// Under the Apple model, whether a plain sync sent it to the drive's cache.
    var flushed = false
  }

  let model: PowerLossModel
  private(set) var current = Image()
  private(set) var durable = Image()
  private(set) var pending: [Pending] = []
  /// What the replay could not follow, such as a write to a descriptor it never saw opened.
  private(set) var unfollowed: [String] = []
  private var descriptors: [Int: Node] = [:]
  /// The path each descriptor was opened with, for messages.
  private(set) var descriptorPaths: [Int: String] = [:]
  /// Per descriptor, its `O_DSYNC`, `O_SYNC` and `O_DIRECT` flags.
  private var writeModes: [Int: FileOperation.WriteThrough] = [:]
  /// Per file, the flags of the descriptor its last write went through, for the fix.
  private(set) var lastWriteMode: [Int: FileOperation.WriteThrough] = [:]
  private var maps: [Int: Int] = [:]
  private var nextNode = 1
  /// Per file, the operation index of its last write and of its last sync call (any but
  /// `sync_file_range`), for the fix a failure names.
  private(set) var lastWrite: [Int: Int] = [:]
  private(set) var lastSync: [Int: Int] = [:]

  init(model: PowerLossModel) { self.model = model }

  /// The `O_DSYNC`, `O_SYNC` and `O_DIRECT` flags of descriptor `fd`.
  func writeMode(of fd: Int) -> FileOperation.WriteThrough { writeModes[fd] ?? [] }

  /// Replays `operation`, the `index`th of the recording.
  mutating func apply(_ operation: FileOperation, index: Int) {
    switch operation {
    case .hello, .mark, .unmap, .diskFull:
      break
    case .open(let fd, let path, let truncates, let creates, let writes):
      let node: Node
      if path.isEmpty {
        node = .directory(0)
      } else if let existing = current.names[path], !creates {
        node = existing
      } else if !creates {
        return unfollow("\(path) was opened, but the recording never made it")
      } else if let directory = directory(of: path) {
        node = .file(newNode())
        change(.link(path: path, node: node, directory: directory), index)
      } else {
        return
      }
      descriptors[fd] = node
      descriptorPaths[fd] = path
      writeModes[fd] = writes
      if truncates, case .file(let file) = node {
        change(.truncate(file: file, length: 0), index)
      }
    case .write(let fd, let offset, let bytes):
      guard let file = file(of: fd, operation) else { return }
      change(.write(file: file, offset: offset, bytes: bytes), index)
      let mode = writeModes[fd] ?? []
      lastWriteMode[file] = mode
      if mode.isSynchronous {
        // Durable on return, as an fdatasync right after it would make it.
        lastSync[file] = index
        sync(.file(file), .fdatasync)
      }
    case .setFlags(let fd, let writes):
      if descriptors[fd] != nil { writeModes[fd] = writes }
    case .truncate(let fd, let length):
      guard let file = file(of: fd, operation) else { return }
      change(.truncate(file: file, length: length), index)
    case .truncatePath(let path, let length):
      guard case .file(let file)? = current.names[path] else {
        return unfollow("truncated \(path), which the recording never made")
      }
      change(.truncate(file: file, length: length), index)
    case .sync(let fd, let call):
      guard let node = descriptors[fd] else { return }
      if case .file(let file) = node, call != .syncFileRange { lastSync[file] = index }
      sync(node, call)
    case .syncAll:
      if model == .apple {
        flush { _ in true }
      } else {
        persist { _ in true }
      }
    case .close(let fd):
      descriptors[fd] = nil
      descriptorPaths[fd] = nil
      writeModes[fd] = nil
    case .duplicate(let fd, let original):
      descriptors[fd] = descriptors[original]
      descriptorPaths[fd] = descriptorPaths[original]
      writeModes[fd] = writeModes[original]
    case .rename(let from, let to):
      rename(from: from, to: to, index)
    case .unlink(let path), .removeDirectory(let path):
      guard current.names[path] != nil, let directory = directory(of: path) else { return }
      change(.unlink(path: path, directory: directory), index)
    case .makeDirectory(let path):
      guard !path.isEmpty, current.names[path] == nil, let directory = directory(of: path) else {
        return
      }
      change(.link(path: path, node: .directory(newNode()), directory: directory), index)
    case .map(let fd, let map):
      guard let file = file(of: fd, operation) else { return }
      maps[map] = file
    case .mapWrite(let map, let offset, let bytes):
      guard let file = maps[map] else { return unfollow("map \(map) was never recorded") }
      // A map's snapshot repeats what the file already holds; only what differs is a change.
      let held = current.data[file] ?? []
      if offset + bytes.count <= held.count,
        held[offset..<(offset + bytes.count)].elementsEqual(bytes)
      {
        return
      }
      change(.write(file: file, offset: offset, bytes: bytes), index)
    case .mapSync(let map, let synchronous):
      guard synchronous, let file = maps[map] else { return }
      lastSync[file] = index
      sync(.file(file), .fdatasync)
    }
  }

  // MARK: - Crash states

  /// A directory as a power loss at this point of the replay could leave it, and how.
  struct CrashState {
    let image: DiskImage
    /// Such as "names persisted, data lost".
    let description: String
  }

  /// The states a power loss now could leave: every unsynced change lost; the names persisted
  /// but not the data (the zero-length file after a rename); the data but not the names; up to
  /// `prefixes` seeded prefixes of the unsynced changes; and a torn write (a prefix, then part of
  /// the next write).
  func crashStates(prefixes: Int, using random: inout SeededGenerator) -> [CrashState] {
    let count = pending.count
    guard count > 0 else {
      return [CrashState(image: durable.reachable, description: "nothing was unsynced")]
    }
    let unsynced = count == 1 ? "the one unsynced operation" : "all \(count) unsynced operations"
    var states = [CrashState(image: durable.reachable, description: "\(unsynced) lost")]
    let names = pending.filter(\.change.isName)
    if !names.isEmpty, names.count < count {
      states.append(
        CrashState(image: persisting(names), description: "names persisted, data lost"))
      states.append(
        CrashState(
          image: persisting(pending.filter { !$0.change.isName }),
          description: "data persisted, names lost"))
    }
    var cuts = Array(1..<count)
    cuts.shuffle(using: &random)
    for cut in cuts.prefix(prefixes).sorted() {
      states.append(
        CrashState(
          image: persisting(Array(pending[..<cut])),
          description: "the first \(cut) of \(count) unsynced operations persisted"))
    }
    let writes = pending.indices.filter {
      if case .write(_, _, let bytes) = pending[$0].change { return bytes.count > 1 }
      return false
    }
    if let torn = writes.randomElement(using: &random),
      case .write(let file, let offset, let bytes) = pending[torn].change
    {
      // Cut at a sector boundary where the write spans more than one.
      let kept =
        bytes.count > 512
        ? 512 * Int.random(in: 1...((bytes.count - 1) / 512), using: &random)
        : Int.random(in: 1..<bytes.count, using: &random)
      var image = durable
      for change in pending[..<torn] { image.apply(change.change) }
      image.apply(.write(file: file, offset: offset, bytes: Array(bytes[..<kept])))
      states.append(
        CrashState(
          image: image.reachable,
          description: torn == 0
            ? "\(kept) of the first unsynced write's \(bytes.count) bytes persisted (a torn write)"
            : "the first \(torn) of \(count) unsynced operations persisted, then \(kept) of the next write's \(bytes.count) bytes (a torn write)"
        ))
    }
    return states
  }

  /// The durable image with `changes` persisted too, in their order.
  private func persisting(_ changes: [Pending]) -> DiskImage {
    var image = durable
    for change in changes { image.apply(change.change) }
    return image.reachable
  }

  // MARK: - Replay

  private mutating func newNode() -> Int {
    defer { nextNode += 1 }
    return nextNode
  }

  private mutating func change(_ change: Change, _ index: Int) {
    if let file = change.file { lastWrite[file] = index }
    current.apply(change)
    pending.append(Pending(change: change, operation: index))
  }

  private mutating func unfollow(_ what: String) {
    if unfollowed.count < 5 { unfollowed.append(what) }
  }

  private mutating func file(of fd: Int, _ operation: FileOperation) -> Int? {
    guard case .file(let file)? = descriptors[fd] else {
      unfollow("descriptor \(fd) was never seen opened on a file (\(operation.name))")
      return nil
    }
    return file
  }

  private mutating func directory(of path: String) -> Int? {
    let parent = Self.parent(of: path)
    if parent.isEmpty { return 0 }
    guard case .directory(let directory)? = current.names[parent] else {
      unfollow("\(path) is in a directory the recording never made")
      return nil
    }
    return directory
  }

  private mutating func rename(from: String?, to: String?, _ index: Int) {
    switch (from, to) {
    case (let from?, let to?):
      guard let node = current.names[from], let directory = directory(of: to) else { return }
      change(.rename(from: from, to: to, node: node, directory: directory), index)
    case (let from?, nil):
      guard current.names[from] != nil, let directory = directory(of: from) else { return }
      change(.unlink(path: from, directory: directory), index)
    case (nil, let to?):
      unfollow("\(to) was moved in from outside the store's directory")
    case (nil, nil):
      break
    }
  }

  /// Which pending changes a sync of `node` covers.
  private func covered(by node: Node) -> (Pending) -> Bool {
    switch node {
    case .file(let file): { $0.change.file == file }
    case .directory(let directory): { $0.change.directory == directory }
    }
  }

  private mutating func sync(_ node: Node, _ call: FileOperation.SyncCall) {
    let covers = covered(by: node)
    switch (model, call) {
    case (_, .syncFileRange):
      break
    case (.apple, .fullfsync):
      flush(covers)
      persist(\.flushed)
    case (.apple, _):
      flush(covers)
    default:
      persist(covers)
    }
  }

  private mutating func flush(_ covers: (Pending) -> Bool) {
    for index in pending.indices where covers(pending[index]) { pending[index].flushed = true }
  }

  private mutating func persist(_ covers: (Pending) -> Bool) {
    var kept: [Pending] = []
    for change in pending {
      if covers(change) { durable.apply(change.change) } else { kept.append(change) }
    }
    pending = kept
  }

  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }
}

/// A directory's files and subdirectories, relative to it: a state to load from, or what a
/// store left on disk.
struct DiskImage: Hashable {
  var files: [String: [UInt8]] = [:]
  var directories: Set<String> = []

  /// Reads the directory at `url`; `nil` with what it met when it holds something other than
  /// files and directories.
  static func read(_ url: URL) -> (image: DiskImage, unreadable: String?) {
    var image = DiskImage()
    let manager = FileManager.default
    guard let walker = manager.enumerator(atPath: url.path) else { return (image, nil) }
    while let path = walker.nextObject() as? String {
      let full = url.appendingPathComponent(path).path
      let type = (try? manager.attributesOfItem(atPath: full))?[.type] as? FileAttributeType
      switch type {
      case .typeDirectory?: image.directories.insert(path)
      case .typeRegular?:
        guard let data = manager.contents(atPath: full) else {
          return (image, "\(path) (unreadable)")
        }
        image.files[path] = [UInt8](data)
      default:
        return (image, "\(path) (neither a file nor a directory)")
      }
    }
    return (image, nil)
  }

  /// Writes the image at `url`, replacing whatever is there.
  func write(to url: URL) throws {
    let manager = FileManager.default
    try? manager.removeItem(at: url)
    try manager.createDirectory(at: url, withIntermediateDirectories: true)
    for directory in directories.sorted() {
      try manager.createDirectory(
        at: url.appendingPathComponent(directory), withIntermediateDirectories: true)
    }
    for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
      try Data(bytes).write(to: url.appendingPathComponent(path))
    }
  }

  /// A 64-bit FNV-1a digest of every path, kind and byte, in path order: equal images, equal
  /// digests.
  var digest: UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    func mix(_ bytes: some Sequence<UInt8>) {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash &*= 0x100_0000_01B3
      }
    }
    for directory in directories.sorted() {
      mix(Array("d:\(directory)\u{0}".utf8))
    }
    for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
      mix(Array("f:\(path)\u{0}\(bytes.count)\u{0}".utf8))
      mix(bytes)
    }
    return hash
  }

  /// The first difference from `other`, in words, or `nil` when they are equal.
  func difference(from other: DiskImage) -> String? {
    for path in Set(files.keys).union(other.files.keys).sorted() {
      switch (files[path], other.files[path]) {
      case (let mine?, let theirs?) where mine != theirs:
        return
          "\(path) holds \(mine.count) bytes, the recording accounts for \(theirs.count) other ones"
      case (_?, nil): return "\(path) is on disk, but the recording never wrote it"
      case (nil, _?): return "\(path) is in the recording, but not on disk"
      default: continue
      }
    }
    if let path = directories.symmetricDifference(other.directories).sorted().first {
      return "the directory \(path) differs between the disk and the recording"
    }
    return nil
  }
}

extension FileOperation {
  /// The operation's name, for messages.
  var name: String {
    switch self {
    case .hello: "hello"
    case .open: "open"
    case .setFlags: "fcntl(F_SETFL)"
    case .write: "write"
    case .truncate, .truncatePath: "truncate"
    case .sync(_, let call): call.rawValue
    case .syncAll: "sync"
    case .close: "close"
    case .duplicate: "dup"
    case .rename: "rename"
    case .unlink: "unlink"
    case .removeDirectory: "rmdir"
    case .makeDirectory: "mkdir"
    case .map: "mmap"
    case .mapWrite: "a write through a map"
    case .mapSync: "msync"
    case .unmap: "munmap"
    case .mark: "mark"
    case .diskFull: "a call failed for a full disk"
    }
  }
}
