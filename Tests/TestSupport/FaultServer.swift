import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `Fixtures/fault_server.py`, a fault-injecting OpenAI-compatible server: ``shared()`` is started
/// once for the test process and exits when the process does (its standard input closes);
/// ``start()`` starts one of a test's own, which ``stop()`` kills, as a server lost mid-run.
public final class FaultServer: @unchecked Sendable {
  /// The port it listens on, on 127.0.0.1.
  public let port: Int
  private let process: Process
  private let input: Pipe

  private init() throws {
    guard let python = Backends.python3 else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "python3"])
    }
    process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fault_server.py").path
    ]
    input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line.append(chunk)
    }
    guard
      let port = Int(
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw CocoaError(.fileReadCorruptFile) }
    self.port = port
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var running: FaultServer?

  /// A server of the caller's own.
  public static func start() throws -> FaultServer { try FaultServer() }

  /// Kills the server at once (SIGKILL), as a crash or `kill -9` would, and waits for it.
  public func stop() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// The server, started on first use.
  public static func shared() throws -> FaultServer {
    lock.lock()
    defer { lock.unlock() }
    if let running { return running }
    let server = try FaultServer()
    running = server
    return server
  }
}
