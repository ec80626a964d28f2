import Foundation
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A whole file's bytes, straight from POSIX: every size, files that are not regular, and
/// files opened relative to a folder held open.
@Suite struct FileSystemTests {
  /// Files of generated sizes, around the page and buffer edges among them, read by path and
  /// relative to their folder, equal what Foundation reads. Replay with `DECLSCAN_SEED`.
  @Test func filesOfEverySizeReadAsFoundationReadsThem() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filesystem-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let seed = baseSeed() &+ 80
    var random = SplitMix64(seed: seed)
    let held = FileSystem.Folder(path: folder.path)
    defer { held.close() }
    let sizes = [0, 1, 4095, 4096, 4097, 65_536] + (0..<20).map { _ in random.below(300_000) }
    for (number, size) in sizes.enumerated() {
      let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let name = "file \(number).bin"
      try Data(bytes).write(to: folder.appendingPathComponent(name))
      #expect(
        FileSystem.bytes(atPath: folder.path + "/" + name) == bytes, "seed \(seed), size \(size)")
      #expect(held.bytes(of: name) == bytes, "seed \(seed), size \(size), relative")
    }
    #expect(held.bytes(of: "no such file") == nil)
    #expect(FileSystem.bytes(atPath: folder.path) == nil, "a folder has no bytes")
    // A folder that cannot be opened falls back to paths, and finds nothing there.
    let missing = FileSystem.Folder(path: folder.path + "/no such folder")
    #expect(missing.bytes(of: "file 1.bin") == nil)
    missing.close()
  }

  /// A pipe says nothing of its size: it is read until its writer closes it, past any buffer.
  @Test func aPipeIsReadToItsEnd() throws {
    let fifo = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filesystem-fifo-\(ProcessInfo.processInfo.processIdentifier)")
    unlink(fifo.path)
    try #require(mkfifo(fifo.path, 0o600) == 0)
    defer { unlink(fifo.path) }
    let expected = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let writer = Thread {
      let descriptor = open(fifo.path, O_WRONLY)
      guard descriptor >= 0 else { return }
      expected.withUnsafeBytes { raw in
        var written = 0
        while written < raw.count {
          let count = write(descriptor, raw.baseAddress! + written, raw.count - written)
          if count <= 0 { break }
          written += count
        }
      }
      close(descriptor)
    }
    writer.start()
    #expect(FileSystem.bytes(atPath: fifo.path) == expected)
  }

  #if os(Linux)
    /// A file whose `stat` size is 0 though it has bytes, as `/proc` reports its files.
    @Test func aFileLargerThanItsStatSizeIsReadWhole() throws {
      let expected = try Data(contentsOf: URL(fileURLWithPath: "/proc/version"))
      #expect(!expected.isEmpty)
      #expect(FileSystem.bytes(atPath: "/proc/version") == Array(expected))
    }
  #endif
}
