import Foundation
import OpenAICompatible
import ProfileContracts
import Testing

/// Where the context window summarize plans against comes from, said in one line
/// (`ContextWindow`, which `contract-kit summarize` prints).
@Suite struct ContextWindowTests {
  /// The core's default window, as summarize passes it.
  static let fallback = 4096

  @Test func theServersWindowLessTheTemplateMarginIsTheDefault() {
    let window = ContextWindow.choose(
      given: nil,
      server: ServerContext(tokens: 4096, source: "llama-server's meta.n_ctx in /models"),
      fallback: Self.fallback)
    #expect(window.tokens == 4032)
    #expect(
      window.line
        == "context window: 4032 tokens, from the server's 4096 (llama-server's meta.n_ctx in /models) less 64 for the chat template"
    )
  }

  @Test func contextTokensStillOverrides() {
    let window = ContextWindow.choose(
      given: 2048, server: ServerContext(tokens: 4096, source: "vLLM's max_model_len in /models"),
      fallback: Self.fallback)
    #expect(window.tokens == 2048)
    #expect(
      window.line.hasPrefix(
        "context window: 2048 tokens, from --context-tokens; the server states 4096"))
  }

  @Test(arguments: [nil, ServerContext(tokens: 300, source: "context_length in /models")])
  func withoutAUsableWindowTheEstimateStaysAndSaysSo(server: ServerContext?) {
    let window = ContextWindow.choose(given: nil, server: server, fallback: Self.fallback)
    #expect(window.tokens == Self.fallback)
    #expect(window.line.hasPrefix("context window: 4096 tokens, the contract's default estimate"))
    #expect(window.line.contains("--context-tokens N"))
  }
}

/// How the model's tokenizer narrows the window, and what the line says when there is none.
@Suite struct ContextWindowCalibrationTests {
  static let fallback = 4096
  static let server = ServerContext(tokens: 4096, source: "llama-server's meta.n_ctx in /models")
  static let url = "http://127.0.0.1:8080/tokenize"

  @Test func aDenserTokenizerNarrowsTheWindowAndSaysByHowMuch() throws {
    let calibration = try #require(
      TokenCalibration(samples: [
        .init(estimated: 400, counted: 520), .init(estimated: 500, counted: 550),
      ]))
    let window = ContextWindow.choose(
      given: nil, server: Self.server, fallback: Self.fallback, tokenizer: (Self.url, calibration))
    #expect(window.tokens == 3101)
    #expect(
      window.line
        == "context window: 4032 tokens, from the server's 4096 (llama-server's meta.n_ctx in /models) less 64 for the chat template; the model's tokenizer (http://127.0.0.1:8080/tokenize) counts up to 1.30 tokens per estimated token on 2 sampled page(s), so chunks are planned against 3101 (4032 / 1.30)"
    )
  }

  @Test func aSparserTokenizerLeavesTheEstimate() throws {
    let calibration = try #require(TokenCalibration(samples: [.init(estimated: 400, counted: 300)]))
    let window = ContextWindow.choose(
      given: nil, server: nil, fallback: Self.fallback, tokenizer: (Self.url, calibration))
    #expect(window.tokens == 4096)
    #expect(
      window.line.hasSuffix(
        "counts up to 0.75 tokens per estimated token on 1 sampled page(s), so the estimate stands")
    )
  }

  @Test func noTokenizerSaysTheEstimateAloneAndTheSplit() {
    let window = ContextWindow.choose(
      given: nil, server: Self.server, fallback: Self.fallback, tokenizer: (Self.url, nil))
    #expect(window.tokens == 4032)
    #expect(
      window.line.hasSuffix(
        "; no tokenizer at http://127.0.0.1:8080/tokenize (or no page long enough to measure), so chunks are planned by the estimate alone, and a chunk the model rejects is split"
      ))
  }

  @Test func samplesSpreadOverTheDocumentAndSkipUnreadablePages() async throws {
    struct Pages: ProfileDocumentProviding {
      let count: Int
      func pageCount(for attachmentID: String) async throws -> Int { count }
      func originalPageCount(for attachmentID: String) async throws -> Int { count }
      func page(at index: Int, for attachmentID: String) async throws -> PageContent {
        if index == 5 { throw CocoaError(.fileReadCorruptFile) }
        return PageContent(
          index: index, pageNumber: index + 1,
          text: "page \(index) " + String(repeating: "x", count: 3000))
      }
    }
    let few = try await ContextWindow.samples(of: Pages(count: 3), attachmentID: "a")
    #expect(few.map { $0.prefix(7) } == ["page 0 ", "page 1 ", "page 2 "])
    let many = try await ContextWindow.samples(of: Pages(count: 40), attachmentID: "a")
    // Pages 0, 5, 10, … 35: page 5 cannot be read and is left out.
    #expect(many.map { $0.split(separator: " ")[1] } == ["0", "10", "15", "20", "25", "30", "35"])
    #expect(many.allSatisfy { $0.count == ContextWindow.sampleCharacters })
  }
}
