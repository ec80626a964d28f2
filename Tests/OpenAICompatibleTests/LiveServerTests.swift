import Foundation
import OpenAICompatible
import ProfileContracts
import TestSupport
import Testing

/// The executor against a real server (tools/llm-server: llama.cpp's server with SmolLM2-135M):
/// the answers and errors it really sends, not the fault server's copies. Skipped without a
/// server; `.ci/run` starts one.
@Suite(.integration, .enabled(if: Backends.runLLM, "\(Backends.llmMissing)"))
struct LiveServerTests {
  static func executor() throws -> OpenAICompatibleModelExecutor {
    let url = try #require(Backends.llmURL, "\(Backends.llmMissing)")
    return OpenAICompatibleModelExecutor(
      OpenAICompatibleConfiguration(baseURL: url, boundAnswers: true))
  }

  @Test func aChunkComesBackAsJSONOfItsSchema() async throws {
    let data = try await Self.executor().generate(
      ProfileModelRequest(
        stepID: "chunk-1", schema: .summaryChunk,
        instructions: "Summarize the text as a title and short points.",
        prompt: "The harbor authority counted 12 ferries on Monday.", responseTokens: 128))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect(object?["title"] is String, "\(String(decoding: data, as: UTF8.self))")
    #expect(object?["points"] is [Any], "\(String(decoding: data, as: UTF8.self))")
  }

  @Test func aPromptPastTheContextIsRejectedNotRetried() async throws {
    // About 6,000 tokens against the server's 4,096: llama.cpp's exceed_context_size_error.
    let prompt = String(repeating: "The ferry left the harbor at dawn. ", count: 800)
    do {
      _ = try await Self.executor().generate(
        ProfileModelRequest(
          stepID: "chunk-1", schema: .summaryChunk, instructions: "Summarize.", prompt: prompt,
          responseTokens: 64))
      Issue.record("a prompt past the context was answered")
    } catch let error as ProfileModelExecutionError {
      guard case .rejected(let message) = error else {
        Issue.record("expected rejected, got \(error)")
        return
      }
      #expect(message.contains("exceed_context_size_error"), "\(message)")
    }
  }
}
