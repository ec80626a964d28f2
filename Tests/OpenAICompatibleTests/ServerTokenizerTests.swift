import Foundation
import ProfileContracts
import TestSupport
import Testing

@testable import OpenAICompatible

/// The model's tokenizer where its server offers one, and the calibration it gives the window.
@Suite struct ServerTokenizerTests {
  @Test(arguments: [
    ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/tokenize"),
    ("http://127.0.0.1:8080/v1/", "http://127.0.0.1:8080/tokenize"),
    ("http://host/api", "http://host/api/tokenize"),
  ])
  func theTokenizerIsAtTheServersRoot(base: String, url: String) throws {
    let configuration = OpenAICompatibleConfiguration(baseURL: try #require(URL(string: base)))
    #expect(ServerTokenizer(configuration).url.absoluteString == url)
  }

  @Test func aTokenListIsCountedAndAnythingElseIsNoTokenizer() {
    #expect(ServerTokenizer.tokens(Data(#"{"tokens":[1,2,3]}"#.utf8), status: 200) == 3)
    #expect(ServerTokenizer.tokens(Data(#"{"tokens":[]}"#.utf8), status: 200) == 0)
    // Ollama and OpenAI answer 404; a proxy, a page; a server of another shape, other JSON.
    #expect(ServerTokenizer.tokens(Data(#"{"error":"not found"}"#.utf8), status: 404) == nil)
    #expect(ServerTokenizer.tokens(Data("<html>".utf8), status: 200) == nil)
    #expect(ServerTokenizer.tokens(Data(#"{"tokens":3}"#.utf8), status: 200) == nil)
    #expect(ServerTokenizer.tokens(Data(#"{"tokens":[1]}"#.utf8), status: 500) == nil)
  }

  /// Whatever the samples, the window planned against is the given one divided by the highest
  /// ratio when the model counts more, and the given one otherwise; short samples do not count.
  @Test func theWindowIsNarrowedByTheDensestSample() {
    var state: UInt64 = 20_261_201
    func next(_ range: ClosedRange<Int>) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return range.lowerBound + Int((state >> 33) % UInt64(range.count))
    }
    for round in 0..<500 {
      let samples = (0..<next(0...6)).map { _ in
        TokenCalibration.Sample(estimated: next(1...900), counted: next(1...1800))
      }
      let window = next(512...32768)
      let kept = samples.filter { $0.estimated >= TokenCalibration.minimumSampleTokens }
      guard let calibration = TokenCalibration(samples: samples) else {
        #expect(kept.isEmpty, "round \(round)")
        continue
      }
      #expect(calibration.samples == kept, "round \(round)")
      let ratio = kept.map { Double($0.counted) / Double($0.estimated) }.max() ?? 0
      #expect(calibration.ratio == ratio, "round \(round)")
      let planned = calibration.planningTokens(window)
      if ratio > 1 {
        // The densest sample's chunk fills the narrowed window and still fits the model's.
        #expect(Double(planned) * ratio <= Double(window), "round \(round)")
        #expect(Double(planned + 1) * ratio > Double(window), "round \(round)")
      } else {
        #expect(planned == window, "round \(round)")
      }
    }
  }

}

/// The tokenizer of a real server (tools/llm-server). Skipped without one; `.ci/run` starts it.
@Suite(.integration, .enabled(if: Backends.runLLM, "\(Backends.llmMissing)"))
struct LiveServerTokenizerTests {
  @Test func aTokenizerOnTheRealServerCountsFiguresDenserThanTheEstimate() async throws {
    let url = try #require(Backends.llmURL, "\(Backends.llmMissing)")
    let tokenizer = ServerTokenizer(OpenAICompatibleConfiguration(baseURL: url))
    let text = (1...30).map {
      "In week \($0) the clinic in Porto treated \(100 + 7 * $0) patients and hired \($0 % 9) nurses."
    }.joined(separator: "\n")
    let counted = try #require(try await tokenizer.count(text))
    let calibration = try #require(try await TokenCalibration.measure([text], with: tokenizer))
    #expect(
      calibration.samples == [.init(estimated: TokenEstimate.tokens(in: text), counted: counted)])
    // SmolLM2 splits figures digit by digit: more tokens than the estimate's one per 4 scalars.
    #expect(
      calibration.ratio > 1.1, "\(counted) counted, \(TokenEstimate.tokens(in: text)) estimated")
  }
}
