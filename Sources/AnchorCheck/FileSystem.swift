import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file-system calls the checker makes thousands of times, straight to POSIX: a whole
/// file's bytes (one `open`, `fstat`, `read`s and `close`), and a folder's entries with their
/// kinds from `readdir`, without a `stat` per entry where the file system reports the kind.
enum FileSystem {
  /// The bytes of the file at `path`, or `nil` when it cannot be opened or read.
  static func bytes(atPath path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    // One byte more than the size, so the read that finds the end needs no second buffer.
    var buffer = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
    var count = 0
    while true {
      if count == buffer.count {
        buffer.append(contentsOf: repeatElement(0, count: max(buffer.count, 4096)))
      }
      let read = buffer.withUnsafeMutableBytes { raw in
        posixRead(descriptor, raw.baseAddress! + count, raw.count - count)
      }
      if read < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if read == 0 { break }
      count += read
      // A regular file's read returns less than asked only at its end: no read to find it.
      if count < buffer.count, (info.st_mode & S_IFMT) == S_IFREG { break }
    }
    buffer.removeSubrange(count...)
    return buffer
  }

  /// What `readdir` says an entry is.
  enum Kind {
    case file, directory, symlink, unknown
  }

  /// The names and kinds of the entries of the folder at `path` (not `.` and `..`), or `nil`.
  static func entries(atPath path: String) -> [(name: String, kind: Kind)]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var entries: [(name: String, kind: Kind)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if name == "." || name == ".." { continue }
      let kind: Kind
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_REG): kind = .file
      case Int32(DT_DIR): kind = .directory
      case Int32(DT_LNK): kind = .symlink
      default: kind = .unknown
      }
      entries.append((name, kind))
    }
    return entries
  }
}

#if canImport(Glibc)
  private let posixRead = Glibc.read
#else
  private let posixRead = Darwin.read
#endif
