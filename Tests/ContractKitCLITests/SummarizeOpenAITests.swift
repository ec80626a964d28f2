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

  /// A `--format json` run's outcome: its kind, its failure, the model calls its receipt
  /// counts, and its steps.
  static func outcome(ofJSON stdout: String) throws -> (
    kind: String, failure: [String: Any], calls: Int, steps: [[String: Any]]
  ) {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "\(stdout)")
    let receipt =
      object["receipt"] as? [String: Any]
      ?? (object["summary"] as? [String: Any])?["receipt"] as? [String: Any]
    let steps = receipt?["steps"] as? [[String: Any]] ?? []
    return (
      object["kind"] as? String ?? "", object["failure"] as? [String: Any] ?? [:],
      steps.compactMap { $0["attempts"] as? Int }.reduce(0, +), steps
    )
  }

  /// `contract-kit summarize` of a text of `pages` pages, in a fresh folder with a fresh store,
  /// against the fault server's `route`, with `options` after.
  static func summarize(route: String, pages: Int, _ options: [String] = []) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let server = try FaultServer.shared()
    let folder = try Folder()
    try folder.write("report.txt", SummarizeCommandTests.document(pages: pages))
    return try ContractKitBinary.run(
      [
        "summarize", folder.path("report.txt"), "--model", "openai", "--base-url",
        "http://127.0.0.1:\(server.port)/\(route)/v1", "--model-name", "m", "--store",
        folder.path("store"),
      ] + options)
  }

  /// `summarize` of a 6-page text against a server that rejects every call for a reason other
  /// than size: the model's rejection, with its words, after one call, or three when the chunk
  /// fills over half its room; never a spent budget.
  @Test(arguments: [
    ("every_azure_content_filter", "answered HTTP 400 (content_filter): The response was filtered"),
    ("every_content_filter", "the server's content filter stopped the answer"),
    ("every_refusal", "the model refused: I can't help with that."),
  ])
  func aRejectionNotAboutSizeEndsAsTheModelsInAtMostThreeCalls(route: String, words: String)
    throws
  {
    for (window, calls) in [([], 1), (["--context-tokens", "1200"], 3)] {
      let json = try Self.summarize(route: route, pages: 6, window + ["--format", "json"])
      #expect(json.status == 1, "\(json.stderr)")
      let outcome = try Self.outcome(ofJSON: json.stdout)
      #expect(outcome.kind == "failed")
      #expect(outcome.failure["kind"] as? String == "modelFailed", "\(outcome.failure)")
      let message = outcome.failure["message"] as? String ?? ""
      #expect(message.hasPrefix("the model rejected pages 1-6 ("), "\(message)")
      #expect(message.contains(words), "\(message)")
      #expect(outcome.calls == calls, "\(outcome.steps)")
      let text = try Self.summarize(route: route, pages: 6, window)
      #expect(
        text.stdout.hasPrefix("failed: the model rejected pages 1-6 (")
          && text.stdout.contains(
            "neither a retry nor a split will help; use another model, or leave those pages out"),
        "\(text.stdout)")
    }
  }

  /// A server whose context is smaller than the window the core plans by says so with OpenAI's
  /// `context_length_exceeded`: the chunk is halved, and the run completes.
  @Test func aContextRejectionIsSplitAndTheRunCompletes() throws {
    let result = try Self.summarize(route: "context_over_1000", pages: 6, ["--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let outcome = try Self.outcome(ofJSON: result.stdout)
    #expect(outcome.kind == "completed")
    let asked = outcome.steps.filter { ($0["attempts"] as? Int ?? 0) > 0 }
    #expect(
      asked.compactMap { $0["stepID"] as? String } == [
        "chunk-1", "chunk-1.1", "chunk-1.2", "title",
      ],
      "\(outcome.steps)")
    #expect(outcome.calls == 4, "\(outcome.steps)")
  }

  /// llama-server's own `exceed_context_size_error`, for a chunk planned against a window four
  /// times the server's 4,096 tokens: the chunk fills well under half the window it was planned
  /// for, so only the server's words explain the rejection; it is halved and the run completes.
  @Test(.enabled(if: Backends.runLLM, "\(Backends.llmMissing)"))
  func llamaServersContextRejectionIsSplitAndTheRunCompletes() throws {
    let url = try #require(Backends.llmURL, "\(Backends.llmMissing)")
    let folder = try Folder()
    try folder.write("report.txt", SummarizeCommandTests.document(pages: 40))
    let result = try ContractKitBinary.run([
      "summarize", folder.path("report.txt"), "--model", "openai", "--base-url",
      url.absoluteString, "--context-tokens", "16000", "--bound-answers", "--store",
      folder.path("store"), "--format", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let outcome = try Self.outcome(ofJSON: result.stdout)
    #expect(outcome.kind == "completed", "\(result.stdout.prefix(2000))")
    let split = outcome.steps.first { $0["stepID"] as? String == "chunk-1" }
    let reason = (split?["status"] as? [String: Any])?["reason"] as? String ?? ""
    #expect(reason.contains("exceed_context_size_error"), "\(outcome.steps)")
    #expect(outcome.calls == 4, "\(outcome.steps)")
  }

  /// A server that says every request is too long: pieces are halved while halving can
  /// plausibly help, then given up as too long for the context, well inside the budget.
  @Test func aContextRejectionThatPersistsIsAnOverflowNotASpentBudget() throws {
    let result = try Self.summarize(
      route: "every_context_length_exceeded", pages: 6,
      ["--context-tokens", "1200", "--format", "json"])
    #expect(result.status == 1, "\(result.stderr)")
    let outcome = try Self.outcome(ofJSON: result.stdout)
    #expect(outcome.failure["kind"] as? String == "contextWouldOverflow", "\(outcome.failure)")
    #expect(outcome.calls == 7, "\(outcome.steps)")
  }

  /// A server whose model list answers but whose tokenizer drops the connection: one line, exit
  /// 2, and the option that plans without the tokenizer.
  @Test func aTokenizerThatBreaksIsOneLineNamingTheWayAround() throws {
    let result = try Self.summarize(route: "tokenizer_resets", pages: 2)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix("contract-kit: error: the model server's tokenizer failed: "),
      "\(result.stderr)")
    #expect(result.stderr.contains("pass --context-tokens N to plan without it"))
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
