import Foundation
import TestSupport
import Testing

/// `contract-kit` against a real model on a real server (tools/llm-server: llama.cpp's server
/// with SmolLM2-135M), as a user would run it. Skipped without a server; `.ci/run` starts one.
@Suite(.integration, .enabled(if: Backends.runLLM, "\(Backends.llmMissing)"))
struct LiveModelTests {
  static func url() throws -> String {
    try #require(Backends.llmURL, "\(Backends.llmMissing)").absoluteString
  }

  @Test func summarizeRunsTheCoreOnTheLiveModel() async throws {
    let folder = try SummarizeCommandTests.Folder()
    try folder.write("report.txt", SummarizeCommandTests.document(pages: 2))
    let result = try await ContractKitBinary.runOffThePool([
      "summarize", folder.path("report.txt"), "--model", "openai", "--base-url", try Self.url(),
      "--model-name", "smollm2", "--bound-answers", "--context-tokens", "600", "--store",
      folder.path("store"), "--format", "json",
    ])
    // Whatever the small model says, the core decides: every chunk completes or is reported.
    #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
    let outcome = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let kind = outcome?["kind"] as? String
    #expect(kind == "completed" || kind == "partial", "\(result.stdout)")
    let steps = try SummarizeCommandTests.steps(ofJSON: result.stdout).all
    #expect(steps.filter { ($0["stepID"] as? String)?.hasPrefix("chunk-") == true }.count == 2)
  }

  @Test func thePreflightNamesTheModelsARealServerServes() async throws {
    let folder = try SummarizeCommandTests.Folder()
    try folder.write("report.txt", SummarizeCommandTests.document(pages: 1))
    let result = try await ContractKitBinary.runOffThePool([
      "summarize", folder.path("report.txt"), "--model", "openai", "--base-url", try Self.url(),
      "--model-name", "gpt-9", "--store", folder.path("store"),
    ])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("does not serve model 'gpt-9'; it serves smollm2"), "\(result.stderr)")
  }
}
