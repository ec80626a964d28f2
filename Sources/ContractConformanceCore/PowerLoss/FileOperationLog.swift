import Foundation

/// One file operation a store's process made under its directory, as the file-operation
/// recorder logged it, or a mark the suite added between a save's request and its response.
///
/// Paths are relative to the store's directory: `""` is the directory itself, `nil` a path
/// outside it.
enum FileOperation: Equatable, Sendable {
  /// The recorder was loaded into a process running `executable`.
  case hello(process: Int32, executable: String)
  /// `open`, `openat` or `creat` returned `fd` for `path`; whether it truncated the file,
  /// whether it created it, and how writes through it reach the disk.
  case open(
    fd: Int, path: String, truncates: Bool, creates: Bool, writes: WriteThrough = [])
  /// `fcntl(fd, F_SETFL)` returned, leaving writes through `fd` as `writes` says.
  case setFlags(fd: Int, writes: WriteThrough)
  /// `write`, `pwrite` or `writev` on `fd` wrote `bytes` at `offset`.
  case write(fd: Int, offset: Int, bytes: [UInt8])
  /// `ftruncate` set the file of `fd` to `length` bytes.
  case truncate(fd: Int, length: Int)
  /// `truncate` set the file at `path` to `length` bytes.
  case truncatePath(path: String, length: Int)
  /// A sync of `fd` returned.
  case sync(fd: Int, SyncCall)
  /// `sync` or `syncfs` returned.
  case syncAll
  /// `close`.
  case close(fd: Int)
  /// `dup`, `dup2` or `dup3`: `fd` now names the file `original` names.
  case duplicate(fd: Int, original: Int)
  /// `rename`, `renameat` or `renameat2`.
  case rename(from: String?, to: String?)
  /// `unlink`.
  case unlink(path: String)
  /// `rmdir`, or `unlinkat` with `AT_REMOVEDIR`.
  case removeDirectory(path: String)
  /// `mkdir`.
  case makeDirectory(path: String)
  /// A shared, writable `mmap` of the file of `fd`, numbered `map`.
  case map(fd: Int, map: Int)
  /// What map `map` held of its file at `offset`, when it could reach the file (an `msync`,
  /// `munmap`, an `fsync` of the file, or the process's exit).
  case mapWrite(map: Int, offset: Int, bytes: [UInt8])
  /// `msync` of map `map` returned; whether it was `MS_SYNC`.
  case mapSync(map: Int, synchronous: Bool)
  /// `munmap` of map `map`.
  case unmap(map: Int)
  /// The suite sent save `save` (`returned` false), or received its response (`returned` true).
  case mark(save: Int, returned: Bool)
  /// A write, truncate or sync of `fd` failed with `ENOSPC`, as the suite asked the recorder
  /// (`CONTRACT_KIT_FULL_DISK_AFTER`): the `count`th such call since the process started.
  case diskFull(fd: Int, count: Int)

  /// The status flags of a descriptor that change what a write does: `O_DSYNC`, `O_SYNC` and
  /// `O_DIRECT`, as the kernel kept them (Linux ignores an `F_SETFL` of the first two).
  struct WriteThrough: OptionSet, Hashable, Sendable {
    let rawValue: Int
    /// `O_DSYNC`: a write returns once its data, and the size needed to read it, is durable.
    static let dataSync = WriteThrough(rawValue: 2)
    /// `O_SYNC`: as `O_DSYNC`, and the file's other metadata too.
    static let fileSync = WriteThrough(rawValue: 4)
    /// `O_DIRECT`: a write skips the page cache, but not the drive's, and syncs nothing.
    static let direct = WriteThrough(rawValue: 8)
    /// Every flag the log carries.
    static let all: WriteThrough = [.dataSync, .fileSync, .direct]

    /// Whether a write through the descriptor returns only once it is durable.
    var isSynchronous: Bool { !isDisjoint(with: [.dataSync, .fileSync]) }

    /// The flags by name, such as `O_DSYNC`, for messages.
    var names: String {
      [(Self.fileSync, "O_SYNC"), (.dataSync, "O_DSYNC"), (.direct, "O_DIRECT")]
        .filter { contains($0.0) && !($0.0 == .dataSync && contains(.fileSync)) }
        .map(\.1).joined(separator: " | ")
    }
  }

  /// The sync calls a store can make on one file.
  enum SyncCall: String, Sendable {
    case fsync, fdatasync
    /// `fcntl(fd, F_FULLFSYNC)`, Apple's flush of the drive's cache; on Linux, `fcntl(fd, 51)`,
    /// which the recorder carries out as one.
    case fullfsync
    /// `sync_file_range`, which promises no durability.
    case syncFileRange = "sync_file_range"
  }
}

/// Reads and writes the recorder's log: one record per operation, a line
/// `op fd x y length path1 path2` followed by `length` raw bytes.
enum FileOperationLog {
  /// The line the suite appends to mark save `save` as sent or returned.
  static func mark(save: Int, returned: Bool) -> Data {
    Data("mark -1 \(save) \(returned ? 1 : 0) 0 - -\n".utf8)
  }

  /// The operations in `log`, with paths made relative to `root` (the absolute path the recorder
  /// was given).
  ///
  /// - Throws: a ``CheckFailure`` naming the byte where the log stops making sense.
  static func parse(_ log: Data, root: String) throws(CheckFailure) -> [FileOperation] {
    let bytes = [UInt8](log)
    var operations: [FileOperation] = []
    var position = 0
    while position < bytes.count {
      guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else {
        throw CheckFailure("the file-operation log ends inside a record at byte \(position)")
      }
      let fields = bytes[position..<end].split(separator: UInt8(ascii: " ")).map {
        String(decoding: $0, as: UTF8.self)
      }
      guard fields.count == 7, let fd = Int(fields[1]), let x = Int(fields[2]),
        let y = Int(fields[3]), let length = Int(fields[4]), length >= 0,
        end + 1 + length <= bytes.count
      else {
        throw CheckFailure("the file-operation log has a malformed record at byte \(position)")
      }
      let data = Array(bytes[(end + 1)..<(end + 1 + length)])
      position = end + 1 + length
      let first = relative(decode(fields[5]), to: root)
      let second = relative(decode(fields[6]), to: root)
      if let operation = operation(
        fields[0], fd: fd, x: x, y: y, data: data, first: first, second: second,
        raw: decode(fields[5]))
      {
        operations.append(operation)
      }
    }
    return operations
  }

  // swift-format-ignore: FunctionParameterCount
  private static func operation(
    _ name: String, fd: Int, x: Int, y: Int, data: [UInt8], first: String?, second: String?,
    raw: String?
  ) -> FileOperation? {
    switch name {
    case "hello": return .hello(process: Int32(truncatingIfNeeded: fd), executable: raw ?? "")
    case "open":
      return first.map {
        .open(
          fd: fd, path: $0, truncates: x & 1 != 0, creates: y != 0,
          writes: FileOperation.WriteThrough(rawValue: x).intersection(.all))
      }
    case "setfl":
      return .setFlags(fd: fd, writes: FileOperation.WriteThrough(rawValue: x).intersection(.all))
    case "write": return .write(fd: fd, offset: x, bytes: data)
    case "trunc": return .truncate(fd: fd, length: x)
    case "truncpath": return first.map { .truncatePath(path: $0, length: x) }
    case "fsync": return .sync(fd: fd, .fsync)
    case "fdatasync": return .sync(fd: fd, .fdatasync)
    case "fullfsync": return .sync(fd: fd, .fullfsync)
    case "syncrange": return .sync(fd: fd, .syncFileRange)
    case "sync": return .syncAll
    case "close": return .close(fd: fd)
    case "dup": return .duplicate(fd: fd, original: x)
    case "rename": return .rename(from: first, to: second)
    case "unlink": return first.map { .unlink(path: $0) }
    case "rmdir": return first.map { .removeDirectory(path: $0) }
    case "mkdir": return first.map { .makeDirectory(path: $0) }
    case "mmap": return .map(fd: fd, map: y)
    case "mwrite": return .mapWrite(map: y, offset: x, bytes: data)
    case "msync": return .mapSync(map: y, synchronous: x != 0)
    case "munmap": return .unmap(map: y)
    case "mark": return .mark(save: x, returned: y != 0)
    case "full": return .diskFull(fd: fd, count: x)
    default: return nil
    }
  }

  /// A logged path with its `%XX` escapes undone; `nil` for `-`.
  static func decode(_ field: String) -> String? {
    guard field != "-" else { return nil }
    var bytes: [UInt8] = []
    var utf8 = Array(field.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `path` relative to `root`: `""` for the root, `nil` outside it.
  static func relative(_ path: String?, to root: String) -> String? {
    guard let path else { return nil }
    if path == root { return "" }
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
  }
}
