import Foundation
import TestSupport
import Testing

/// `conformance run --executor openai` and `--translator openai`, run as a user would, against the
/// fault-injecting server (a real model server is tools/llm-server's).
@Suite(
  .integration,
  .enabled(
    if: Backends.runPython, "python3 is not installed; install it with tools/install-backends"))
struct OpenAIOptionsTests {
  @Test func theExecutorSuiteRunsAgainstAServer() throws {
    let server = try FaultServer.shared()
    let result = try ContractKitBinary.run([
      "conformance", "run", "--suite", "executor", "--executor", "openai", "--base-url",
      "http://127.0.0.1:\(server.port)/ok/v1",
    ])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    // Exit 0: every required check passed (the recommended cancellation check is timed).
    #expect(result.stdout.contains("executor (OpenAICompatibleModelExecutor): "))
    #expect(result.stdout.contains("ok    executor.knownErrors"))
    #expect(result.stdout.contains("ok    executor.chunkShape"))
  }

  @Test func theTranslatorSuiteReportsAModelThatEchoes() throws {
    let server = try FaultServer.shared()
    let result = try ContractKitBinary.run([
      "conformance", "run", "--suite", "translator", "--translator", "openai", "--base-url",
      "http://127.0.0.1:\(server.port)/numbered/v1", "--pairs", "en:fr",
    ])
    #expect(result.status == 1)
    #expect(result.stdout.contains("FAIL  translator.targetLanguage"), "\(result.stdout)")
  }

  @Test func goldenRecordsFromALiveServerAndReplaysWithoutIt() throws {
    let server = try FaultServer.shared()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "golden-live-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Golden/live-smollm2-numbers-fact-checked.json")
    var scenario =
      try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any]
    scenario?["recording"] = nil
    scenario?["expected"] = nil
    try JSONSerialization.data(withJSONObject: scenario ?? [:]).write(
      to: folder.appendingPathComponent("live.json"))
    let url = "http://127.0.0.1:\(server.port)/ok/v1"

    let unfiltered = try ContractKitBinary.run(
      ["golden", "record", "--dir", folder.path, "--model", "openai", "--base-url", url],
      environment: ["CI": ""])
    #expect(unfiltered.status == 2)
    #expect(unfiltered.stderr.contains("golden record --model openai needs --filter NAME"))

    let recorded = try ContractKitBinary.run(
      [
        "golden", "record", "--dir", folder.path, "--filter", "live", "--model", "openai",
        "--base-url", url, "--model-name", "m",
      ], environment: ["CI": ""])
    #expect(recorded.status == 1, "recording always asks for a review: \(recorded.stdout)")
    #expect(recorded.stdout.contains("live: recorded"), "\(recorded.stdout)\(recorded.stderr)")
    let written = try String(
      contentsOf: folder.appendingPathComponent("live.json"), encoding: .utf8)
    #expect(written.contains(#""name" : "m""#) || written.contains(#""name": "m""#), "\(written)")

    let replayed = try ContractKitBinary.run(["golden", "replay", "--dir", folder.path])
    #expect(replayed.status == 0, "\(replayed.stdout)")
  }

  @Test(arguments: [
    (["--suite", "executor", "--executor", "openai"], "--executor openai needs --base-url"),
    (
      ["--suite", "executor", "--executor", "openai", "--base-url", "ftp://host/v1"],
      "--base-url needs an http:// or https:// URL"
    ),
    (
      ["--suite", "store", "--executor", "openai", "--base-url", "http://127.0.0.1:1/v1"],
      "--executor openai goes with --suite executor"
    ),
    (["--suite", "executor", "--base-url", "http://127.0.0.1:1/v1"], "--base-url goes with"),
    (
      [
        "--suite", "executor", "--executor", "openai", "--base-url", "http://127.0.0.1:1/v1",
        "--timeout", "0",
      ],
      "--timeout needs a whole number of seconds from 1 to 3600, not '0'"
    ),
    (["--suite", "executor", "--timeout", "5"], "--timeout go with --base-url"),
    (["--suite", "executor", "--executor", "llama"], "--executor"),
  ])
  func badOptionsAreOneLineAndExitTwo(arguments: [String], message: String) throws {
    let result = try ContractKitBinary.run(["conformance", "run"] + arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
