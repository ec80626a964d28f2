import ContractConformance
import Foundation
@_spi(Benchmarks) import OpenAICompatible
import TestSupport
import Testing

/// The translator against the fault server: one numbered call per batch, answers unrepaired.
@Suite(
  .integration,
  .enabled(
    if: Backends.runPython, "python3 is not installed; install it with tools/install-backends"))
struct OpenAICompatibleTranslatorTests {
  static func translator(_ route: String) throws -> OpenAICompatibleTranslator {
    let server = try FaultServer.shared()
    return OpenAICompatibleTranslator(
      OpenAICompatibleConfiguration(
        baseURL: URL(string: "http://127.0.0.1:\(server.port)/\(route)/v1")!))
  }

  /// `requestBody(for:from:to:)`, which Benchmarks/llm/compare-models.py sends, is the body
  /// `translate` sends, byte for byte, bounded or not, for batches of any script.
  @Test func theRequestBodyIsTheOneTranslateSends() async throws {
    let server = try FaultServer.shared()
    let batches = [["One, 12 ships."], ["부산항", "", "\"quoted\"\n/slash é"]]
    for bounded in [false, true] {
      let translator = OpenAICompatibleTranslator(
        OpenAICompatibleConfiguration(
          baseURL: URL(string: "http://127.0.0.1:\(server.port)/echo_translations/v1")!,
          boundAnswers: bounded))
      for texts in batches {
        // The route's one translation is the request body as the server read it.
        let sent = try await translator.translate(texts, from: "ko", to: "en")
        #expect(
          sent.map { Data($0.utf8) } == [
            try translator.requestBody(for: texts, from: "ko", to: "en")
          ],
          "bounded \(bounded), \(texts): \(sent)")
      }
    }
  }

  @Test func aBatchGoesNumberedInOneCallAndComesBackAsAnswered() async throws {
    let texts = ["First point, 12 ships.", "", "Third point: Busan."]
    let echoed = try await Self.translator("numbered").translate(texts, from: "en", to: "fr")
    #expect(echoed == texts)
    // One fewer came back: returned as it came, for the suite and the core to catch.
    let dropped = try await Self.translator("drops_last").translate(texts, from: "en", to: "fr")
    #expect(dropped == Array(texts.dropLast()))
  }

  @Test func theTranslatorSuiteCatchesAModelThatDropsOrEchoes() async throws {
    let pairs = [LanguagePair(source: "en", target: "fr")]
    let dropping = await TranslatorConformance(pairs: pairs) { try Self.translator("drops_last") }
      .run()
    #expect(
      dropping.failures.contains { $0.id == "translator.count" },
      "\(dropping.failures.map(\.id))")
    let echoing = await TranslatorConformance(pairs: pairs) { try Self.translator("numbered") }
      .run()
    #expect(
      echoing.failures.contains { $0.id == "translator.targetLanguage" },
      "\(echoing.failures.map(\.id))")
  }

  @Test func anAnswerThatIsNoListThrows() async throws {
    await #expect(throws: OpenAINativeError.self) {
      _ = try await Self.translator("ok").translate(["One."], from: "en", to: "fr")
    }
  }
}
