import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX file calls the durable store needs, with the Linux and Darwin paths side by
/// side. Each returns an `errno` on failure so callers can word their own errors.
enum POSIXFile {
  /// Reads the whole file at `path`, or `nil` when it does not exist.
  static func read(_ path: String) throws(Errno) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw Errno(errno)
    }
    defer { _ = close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Errno(errno)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// Opens the file at `path` for writing, creating it when needed. When it is new, its directory
  /// entry is forced to stable storage before this returns, so the file survives a crash.
  static func openForWriting(_ path: String, directory: String) throws(Errno) -> Int32 {
    let existed = access(path, F_OK) == 0
    let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    if fd < 0 { throw Errno(errno) }
    if !existed {
      do {
        try syncDirectory(directory)
      } catch {
        _ = close(fd)
        throw error
      }
    }
    return fd
  }

  /// Writes `bytes` at the start of the open file `fd`, then forces them to stable storage before
  /// returning. Bytes past the end of `bytes` from an earlier, longer write stay: records carry
  /// their own length, and leaving the file's size alone keeps the sync to the data alone.
  static func writeDurably(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        // Not all written, so not empty: the bytes have an address.
        buffer.baseAddress.map { pwrite(fd, $0 + offset, buffer.count - offset, off_t(offset)) }
          ?? -1
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw Errno(errno)
      }
      offset += written
    }
    if syncData(fd) != 0 { throw Errno(errno) }
  }

  /// Closes `fd`, ignoring errors: only used for descriptors whose data is already synced.
  static func closeQuietly(_ fd: Int32) { _ = close(fd) }

  /// Forces a directory's entries to stable storage, so a newly created file survives a crash.
  static func syncDirectory(_ path: String) throws(Errno) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 { throw Errno(errno) }
    defer { _ = close(fd) }
    if fullSync(fd, else: fsync) != 0 { throw Errno(errno) }
  }

  /// Forces a file's data (and the metadata needed to read it back) to stable storage.
  private static func syncData(_ fd: Int32) -> Int32 {
    #if canImport(Darwin)
      return fullSync(fd, else: fsync)
    #else
      return fullSync(fd, else: fdatasync)
    #endif
  }

  /// Forces what `fd` holds to stable storage with Darwin's `F_FULLFSYNC`, which empties the
  /// drive's cache (a plain `fsync` there stops in it), else with `fallback`. Linux has no
  /// `F_FULLFSYNC` and refuses its value, so `fallback` runs there; the call is made all the
  /// same, so that the kit's file-operation recorder, which carries it out, judges the Apple
  /// build's syncs under the apple power-loss model.
  private static func fullSync(_ fd: Int32, else fallback: (Int32) -> Int32) -> Int32 {
    #if canImport(Darwin)
      let fullSync = F_FULLFSYNC
    #else
      let fullSync: Int32 = 51  // Darwin's F_FULLFSYNC
    #endif
    if fcntl(fd, fullSync) == 0 { return 0 }
    return fallback(fd)
  }

  /// `read(2)`, named apart from the many `read`s in scope.
  private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
    -> Int
  {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }

  /// An `errno` value, with the system's words for it.
  struct Errno: Error, CustomStringConvertible {
    let code: Int32
    init(_ code: Int32) { self.code = code }
    var description: String { String(cString: strerror(code)) }
  }
}
