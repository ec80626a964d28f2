import Foundation
import TestSupport
import Testing

@testable import ContractConformanceCore

/// The file-operation recorder on a tiny program whose calls are known: its log must hold those
/// calls, in order, with their bytes, and nothing outside the directory; the program's output
/// must be untouched.
@Suite(.integration) struct FileOperationRecorderTests {
  @Test(.enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"))
  func theLogHoldsExactlyTheCallsAProgramMade() throws {
    let library = try FileOperationRecorder.library().get()
    let python = try #require(Backends.python3)
    let sandbox = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
      .appendingPathComponent("recorder-test-\(UUID().uuidString)")
    let root = sandbox.appendingPathComponent("store")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: sandbox) }
    let log = sandbox.appendingPathComponent("log")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      RealCrashTests.root.appendingPathComponent(
        "Tests/AdapterProcessTests/Fixtures/power-loss/known_calls.py"
      ).path, root.path,
    ]
    process.environment = ProcessInfo.processInfo.environment.merging(
      FileOperationRecorder.environment(library: library, log: log, root: root.path)
    ) { $1 }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: printed, as: UTF8.self) == "stdout untouched\n")

    let operations = try FileOperationLog.parse(try Data(contentsOf: log), root: root.path)
      .filter { if case .hello = $0 { return false } else { return true } }
    let a = Array("hello".utf8)
    let expected: [FileOperation] = [
      .open(fd: 3, path: "a", truncates: false, creates: true),
      .write(fd: 3, offset: 0, bytes: a),
      .write(fd: 3, offset: 1, bytes: Array("XY".utf8)),
      .write(fd: 3, offset: 5, bytes: Array("abcd".utf8)),
      .sync(fd: 3, .fsync),
      .truncate(fd: 3, length: 3),
      .sync(fd: 3, .fdatasync),
      .close(fd: 3),
      .makeDirectory(path: "sub"),
      .rename(from: "a", to: "sub/b"),
      .open(fd: 3, path: "m", truncates: true, creates: true),
      .write(fd: 3, offset: 0, bytes: [UInt8](repeating: 0, count: 10)),
      .close(fd: 3),
      .open(fd: 3, path: "m", truncates: false, creates: false),
      // CPython's mmap keeps a duplicate of the descriptor, made with fcntl(F_DUPFD_CLOEXEC).
      .duplicate(fd: 4, original: 3),
      .map(fd: 3, map: 1),
      .mapWrite(map: 1, offset: 0, bytes: Array("abc".utf8) + [UInt8](repeating: 0, count: 7)),
      .mapSync(map: 1, synchronous: true),
      .close(fd: 4),
      .mapWrite(map: 1, offset: 0, bytes: Array("abcde".utf8) + [UInt8](repeating: 0, count: 5)),
      .unmap(map: 1),
      .close(fd: 3),
      .open(fd: 3, path: "", truncates: false, creates: false),
      .sync(fd: 3, .fsync),
      .close(fd: 3),
      .unlink(path: "m"),
      .open(fd: 3, path: "s", truncates: false, creates: true, writes: .dataSync),
      .write(fd: 3, offset: 0, bytes: Array("s1".utf8)),
      .setFlags(fd: 3, writes: .dataSync),
      .duplicate(fd: 4, original: 3),
      .write(fd: 4, offset: 2, bytes: Array("s2".utf8)),
      .close(fd: 4),
      .close(fd: 3),
    ]
    #expect(operations == expected, "\(operations)")
    // The program's own hello: the recorder was loaded into it.
    let hellos = try FileOperationLog.parse(try Data(contentsOf: log), root: root.path).filter {
      if case .hello = $0 { return true } else { return false }
    }
    #expect(!hellos.isEmpty)
  }

  @Test(.enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"))
  func theSourceCompilesWithoutAWarning() throws {
    let compiler = try #require(
      Backends.executable(named: "clang") ?? Backends.executable(named: "cc"))
    let source = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recorder-\(UUID().uuidString).c")
    try Data(FileOperationRecorder.source().get().utf8).write(to: source)
    defer { try? FileManager.default.removeItem(at: source) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: compiler)
    process.arguments = ["-fsyntax-only", "-Wall", "-Wextra", "-Werror", source.path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}
