import Foundation
import KitSupport
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `contract-kit summarize --model openai`, run as a user would, against the fault-injecting
/// server: the preflight's one-line errors, a whole run, and a server lost mid-run.
@Suite(
  .integration,
  .enabled(
    if: Backends.runPython, "python3 is not installed; install it with tools/install-backends"))
struct SummarizeOpenAITests {
  typealias Folder = SummarizeCommandTests.Folder

  /// A port nothing listens on: bound, then closed.
  static func closedPort() -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length)
        return getsockname(descriptor, $0, &length)
      }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  @Test func aRunThroughAServerCompletes() throws {
    let server = try FaultServer.shared()
    let folder = try Folder()
    try folder.write("report.txt", SummarizeCommandTests.document(pages: 3))
    let result = try ContractKitBinary.run([
      "summarize", folder.path("report.txt"), "--model", "openai", "--base-url",
      "http://127.0.0.1:\(server.port)/ok/v1", "--model-name", "m", "--store",
      folder.path("store"),
    ])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("pages 1–3 of 3"), "\(result.stdout)")
  }

  @Test(arguments: [
    ("wrong_path", "default", "is not an OpenAI-compatible API (HTTP 404)"),
    ("web_ui", "default", "is not an OpenAI-compatible API (text/html that is not JSON)"),
    ("content_filter", "default", "is not an OpenAI-compatible API (JSON without a model list"),
    ("ok", "gpt-9", "does not serve model 'gpt-9'; it serves m: pass one with --model-name"),
    (
      "unauthorized", "default",
      "answered HTTP 401 (Incorrect API key provided); set OPENAI_API_KEY"
    ),
    ("server_error", "default", "answered HTTP 500 (boom); see the server's log"),
  ])
  func aWrongServerIsOneLineNamingTheURLAndExitTwo(
    path: String, model: String, message: String
  ) throws {
    let server = try FaultServer.shared()
    let folder = try Folder()
    try folder.write("report.txt", SummarizeCommandTests.document(pages: 2))
    let url = "http://127.0.0.1:\(server.port)/\(path)/v1"
    let result = try ContractKitBinary.run([
      "summarize", folder.path("report.txt"), "--model", "openai", "--base-url", url,
      "--model-name", model, "--store", folder.path("store"),
    ])
    #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("\(url)/models"), "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder.path("store")), "nothing is written")
  }

  @Test func noServerIsOneLineSayingHowToStartOne() throws {
    let folder = try Folder()
    try folder.write("report.txt", SummarizeCommandTests.document(pages: 2))
    let url = "http://127.0.0.1:\(Self.closedPort())/v1"
    let result = try ContractKitBinary.run([
      "summarize", folder.path("report.txt"), "--model", "openai", "--base-url", url,
      "--store", folder.path("store"),
    ])
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "contract-kit: error: no model server answers at \(url)/models (cannot connect to"),
      "\(result.stderr)")
    #expect(result.stderr.contains("tools/llm-server start"))
  }

  @Test(arguments: [
    (["--translator", "openai"], "--translator openai needs --base-url"),
    (["--model", "openai"], "--model openai needs --base-url"),
    (
      ["--base-url", "http://127.0.0.1:1/v1"], "--base-url goes with --model openai or --translator"
    ),
    (["--model", "gpt"], "--model"),
  ])
  func badModelOptionsAreUsageErrors(arguments: [String], message: String) throws {
    let folder = try Folder()
    try folder.write("report.txt", SummarizeCommandTests.document(pages: 1))
    let result = try ContractKitBinary.run(
      ["summarize", folder.path("report.txt"), "--store", folder.path("store")] + arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func aServerKilledMidRunLeavesTheCheckpointAndTheSameCommandContinues() throws {
    let folder = try Folder()
    try folder.write("report.txt", SummarizeCommandTests.document(pages: 12))
    func arguments(_ server: FaultServer) -> [String] {
      [
        "summarize", folder.path("report.txt"), "--context-tokens", "600", "--store",
        folder.path("store"), "--format", "json", "--model", "openai", "--base-url",
        "http://127.0.0.1:\(server.port)/ok/v1",
      ]
    }
    let first = try FaultServer.start()
    // The server is killed once chunk 4 is asked for: chunks 1 to 3 are in the checkpoint.
    let (status, seen) = try ContractKitBinary.runUntil("… chunk-4", arguments(first)) { _ in
      first.stop()
    }
    #expect(status == 1, "\(seen)")
    #expect(
      seen.contains(
        "contract-kit: the model server at http://127.0.0.1:\(first.port)/ok/v1 stopped answering"),
      "\(seen)")
    #expect(seen.contains("run the same command again to continue"))

    let second = try FaultServer.start()
    defer { second.stop() }
    let result = try ContractKitBinary.run(arguments(second))
    #expect(result.status == 0, "\(result.stderr)")
    let (steps, skipped) = try SummarizeCommandTests.steps(ofJSON: result.stdout)
    #expect(steps.first?["stepID"] as? String == "resume")
    #expect(skipped.count >= 4, "resume and chunks 1 to 3 are not asked again: \(steps)")
  }
}
