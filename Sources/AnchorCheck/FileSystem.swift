#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file-system calls the checker makes thousands of times, straight to POSIX: a whole
/// file's bytes (one `open`, `fstat`, `read`s and `close`), and a folder's entries with their
/// kinds from `readdir`, without a `stat` per entry where the file system reports the kind
/// (``FileKind`` asks `lstat` where it does not).
enum FileSystem {
  /// The bytes of the file at `path`, or `nil` when it cannot be opened or read.
  static func bytes(atPath path: String) -> [UInt8]? {
    bytes(of: open(path, O_RDONLY | O_CLOEXEC))
  }

  /// A folder held open, so that the files under it are opened relative to it: the kernel walks
  /// only their own part of the path. Where the folder cannot be opened, its path is prefixed.
  struct Folder: Sendable {
    let path: String
    private let descriptor: Int32

    /// Opens the folder at `path`; ``close()`` when done.
    init(path: String) {
      self.path = path
      descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    /// The bytes of the file at `relative` (a path under the folder), or `nil`.
    func bytes(of relative: String) -> [UInt8]? {
      guard descriptor >= 0 else { return FileSystem.bytes(atPath: path + "/" + relative) }
      return FileSystem.bytes(of: openat(descriptor, relative, O_RDONLY | O_CLOEXEC))
    }

    func close() {
      if descriptor >= 0 { _ = posixClose(descriptor) }
    }
  }

  /// The bytes of the file open as `descriptor` (closed here), or `nil` when it is not open or
  /// cannot be read.
  private static func bytes(of descriptor: Int32) -> [UInt8]? {
    guard descriptor >= 0 else { return nil }
    defer { _ = posixClose(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    let regular = (info.st_mode & S_IFMT) == S_IFREG
    // One byte more than the size, so the read that finds the end needs no second buffer; not
    // zeroed first, since the reads fill what is kept.
    var count = 0
    var done = false
    var failed = false
    var buffer = [UInt8](unsafeUninitializedCapacity: max(Int(info.st_size), 0) + 1) {
      raw, initialized in
      // The capacity is at least 1, so the buffer has an address.
      guard let base = raw.baseAddress else { return }
      while count < raw.count {
        let read = posixRead(descriptor, base + count, raw.count - count)
        if read < 0 {
          if errno == EINTR { continue }
          failed = true
          break
        }
        if read == 0 {
          done = true
          break
        }
        count += read
        // A regular file's read returns less than asked only at its end: no read to find it.
        if count < raw.count, regular {
          done = true
          break
        }
      }
      initialized = count
    }
    // Filled to its last byte: the file grew since `fstat`, or is not a regular file.
    while !done, !failed {
      if count == buffer.count {
        buffer.append(contentsOf: repeatElement(0, count: max(buffer.count, 4096)))
      }
      let read = buffer.withUnsafeMutableBytes { raw in
        raw.baseAddress.map { posixRead(descriptor, $0 + count, raw.count - count) } ?? -1
      }
      if read < 0 {
        if errno == EINTR { continue }
        failed = true
      } else if read == 0 {
        done = true
      } else {
        count += read
        if count < buffer.count, regular { done = true }
      }
    }
    if failed { return nil }
    buffer.removeSubrange(count...)
    return buffer
  }

  /// Writes `bytes` over the file at `path` (made if missing), in place, as `Data.write(to:)`
  /// does: the file keeps its permissions, and a symbolic link stays one. `nil` when all is
  /// written, else the system's reason.
  static func write(_ bytes: [UInt8], toPath path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    defer { _ = posixClose(descriptor) }
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        raw.baseAddress.map { posixWrite(descriptor, $0 + done, raw.count - done) } ?? -1
      }
      if count > 0 {
        done += count
      } else if count < 0, errno == EINTR {
        continue
      } else {
        return String(cString: strerror(errno))
      }
    }
    return nil
  }

  /// Whether `path` (symbolic links followed) is a folder; `nil` when nothing is there.
  static func isDirectory(atPath path: String) -> Bool? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return (info.st_mode & S_IFMT) == S_IFDIR
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
        raw.baseAddress.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
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
  private let posixWrite = Glibc.write
  private let posixClose = Glibc.close
#else
  private let posixRead = Darwin.read
  private let posixWrite = Darwin.write
  private let posixClose = Darwin.close
#endif

/// What one `lstat` (and, for a link, one `stat`) says of a path.
struct FileKind {
  let isDirectory: Bool
  let isSymlink: Bool

  init(isDirectory: Bool, isSymlink: Bool) {
    self.isDirectory = isDirectory
    self.isSymlink = isSymlink
  }

  init?(path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    isSymlink = (info.st_mode & S_IFMT) == S_IFLNK
    if isSymlink {
      var target = stat()
      guard stat(path, &target) == 0 else { return nil }
      isDirectory = (target.st_mode & S_IFMT) == S_IFDIR
    } else {
      isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
    }
  }
}
