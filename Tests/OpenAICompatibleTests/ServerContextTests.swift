import Foundation
import TestSupport
import Testing

@testable import OpenAICompatible

/// The context window a server states in its model list, read where each server puts it.
@Suite struct ServerContextTests {
  /// llama-server's answer, as tools/llm-server's gives it (trimmed).
  static let llamaServer = #"""
    {"models":[{"name":"smollm2","model":"smollm2"}],"object":"list","data":[{"id":"smollm2","aliases":["smollm2"],"object":"model","owned_by":"llamacpp","meta":{"vocab_type":2,"n_vocab":49152,"n_ctx":4096,"n_ctx_train":8192}}]}
    """#
  static let vLLM = #"""
    {"object":"list","data":[{"id":"Qwen/Qwen2.5-7B","object":"model","max_model_len":32768},{"id":"other","max_model_len":2048}]}
    """#
  static let ollama = #"""
    {"object":"list","data":[{"id":"llama3:latest","object":"model","created":1,"owned_by":"library"}]}
    """#

  @Test(arguments: [
    (llamaServer, "default", 4096, "llama-server's meta.n_ctx in /models"),
    (llamaServer, "smollm2", 4096, "llama-server's meta.n_ctx in /models"),
    (vLLM, "other", 2048, "vLLM's max_model_len in /models"),
    (vLLM, "default", 32768, "vLLM's max_model_len in /models"),
    (#"{"data":[{"id":"m","context_length":8192}]}"#, "m", 8192, "context_length in /models"),
  ])
  func theWindowIsReadWhereTheServerStatesIt(
    body: String, model: String, tokens: Int, source: String
  ) {
    let context = ServerContext.read(Data(body.utf8), model: model)
    #expect(context == ServerContext(tokens: tokens, source: source))
    #expect(context?.planningTokens == tokens - ServerContext.chatTemplateMargin)
  }

  @Test(arguments: [
    ollama, #"{"data":[{"id":"m","meta":{"n_ctx":0}}]}"#,
    #"{"data":[{"id":"m","max_model_len":"big"}]}"#,
  ])
  func aListWithoutAWindowStatesNone(body: String) {
    #expect(ServerContext.read(Data(body.utf8), model: "default") == nil)
  }

  @Test func anotherModelsWindowIsNotTaken() {
    #expect(ServerContext.read(Data(Self.vLLM.utf8), model: "missing") == nil)
  }
}

/// The kit's own server states its window: the number summarize plans against by default.
@Suite(.integration, .enabled(if: Backends.runLLM, "\(Backends.llmMissing)"))
struct LiveServerContextTests {
  @Test func theKitsServerStatesTheContextItWasStartedWith() async throws {
    let url = try #require(Backends.llmURL, "\(Backends.llmMissing)")
    let info = try await OpenAICompatibleServerCheck(OpenAICompatibleConfiguration(baseURL: url))
      .inspect()
    #expect(
      info.context == ServerContext(tokens: 4096, source: "llama-server's meta.n_ctx in /models"))
  }
}
