import OpenAICompatible
import ProfileCore
import Testing

@testable import contract_kit

/// Where the context window summarize plans against comes from, said in one line.
@Suite struct SummarizeContextTests {
  @Test func theServersWindowLessTheTemplateMarginIsTheDefault() {
    var policy = ProfilePolicy.default
    let line = SummarizeCommand.contextLine(
      given: nil,
      server: ServerContext(tokens: 4096, source: "llama-server's meta.n_ctx in /models"),
      policy: &policy)
    #expect(policy.contextTokens == 4032)
    #expect(
      line
        == "context window: 4032 tokens, from the server's 4096 (llama-server's meta.n_ctx in /models) less 64 for the chat template"
    )
  }

  @Test func contextTokensStillOverrides() {
    var policy = ProfilePolicy.default
    let line = SummarizeCommand.contextLine(
      given: 2048, server: ServerContext(tokens: 4096, source: "vLLM's max_model_len in /models"),
      policy: &policy)
    #expect(policy.contextTokens == 2048)
    #expect(
      line.hasPrefix("context window: 2048 tokens, from --context-tokens; the server states 4096"))
  }

  @Test(arguments: [nil, ServerContext(tokens: 300, source: "context_length in /models")])
  func withoutAUsableWindowTheEstimateStaysAndSaysSo(server: ServerContext?) {
    var policy = ProfilePolicy.default
    let line = SummarizeCommand.contextLine(given: nil, server: server, policy: &policy)
    #expect(policy.contextTokens == ProfilePolicy.default.contextTokens)
    #expect(line.hasPrefix("context window: 4096 tokens, the contract's default estimate"))
    #expect(line.contains("--context-tokens N"))
  }
}
