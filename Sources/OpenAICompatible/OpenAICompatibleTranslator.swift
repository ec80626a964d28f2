import Foundation
import ProfileContracts

/// A `SummaryTranslating` over an OpenAI-compatible chat-completions server: one call per
/// batch, the texts sent numbered and in order, the answer asked for as
/// `{"translations": [string]}` with exactly as many items.
///
/// It returns what came back **without repairing it**: a model that drops, merges, reorders or
/// echoes texts is for `TranslatorConformance`, and for the core (which checks the count and
/// re-proves each field's language), to catch, not for this adapter to hide. It throws only when
/// no list of strings came back at all.
public struct OpenAICompatibleTranslator: SummaryTranslating {
  /// The server and how to talk to it.
  public let configuration: OpenAICompatibleConfiguration
  private let client: ChatCompletionsClient

  /// Creates a translator.
  public init(_ configuration: OpenAICompatibleConfiguration) {
    self.configuration = configuration
    client = ChatCompletionsClient(configuration)
  }

  /// The answer's JSON schema for `texts`: exactly as many strings. With `bounded`, each
  /// string, position by position (`prefixItems`), may be at most ``boundedLength(of:)``
  /// characters, so that a grammar-constrained server closes every string and the list instead
  /// of running a repeating answer into `max_tokens`.
  static func schema(_ texts: [String], bounded: Bool) -> [String: Any] {
    var list: [String: Any] = [
      "type": "array", "items": ["type": "string"], "minItems": texts.count,
      "maxItems": texts.count,
    ]
    if bounded {
      // Without `items`: llama.cpp's grammar reads `items` before `prefixItems`.
      list["items"] = nil
      list["prefixItems"] = texts.map { ["type": "string", "maxLength": boundedLength(of: $0)] }
    }
    return [
      "type": "object", "properties": ["translations": list], "required": ["translations"],
      "additionalProperties": false,
    ]
  }

  /// The most characters a bounded translation of `text` may have: twice the text's, and 16
  /// more (room for any language's translation of it, not for a runaway answer).
  static func boundedLength(of text: String) -> Int { 16 + 2 * text.count }

  /// The answer's `max_tokens`: room for every text to come back somewhat longer than it went,
  /// with the JSON around it; bounded, room for every string at its bound at up to three tokens
  /// a character (a small model's tokenizer on Hangul).
  static func budget(_ texts: [String], bounded: Bool) -> Int {
    guard bounded else { return 64 + texts.reduce(0) { $0 + $1.utf8.count } * 2 }
    return 64 + texts.reduce(0) { $0 + 8 + 3 * boundedLength(of: $1) }
  }

  /// The instructions and the numbered texts for one batch.
  static func messages(_ texts: [String], from source: String, to target: String) -> (
    system: String, user: String
  ) {
    let system = """
      You translate texts from the language with BCP 47 code \(source) into the language with \
      BCP 47 code \(target). Translate every numbered text on its own, keep their order, keep \
      numbers and names exactly, and answer {"translations": [...]} with exactly \(texts.count) \
      strings, the translation of text 1 first. A blank text stays blank.
      """
    let user = texts.enumerated().map { "\($0.offset + 1). \($0.element)" }
      .joined(separator: "\n")
    return (system, user)
  }

  /// The body of the one HTTP request ``translate(_:from:to:)`` sends for a batch of `texts`,
  /// byte for byte: what `Benchmarks/llm/compare-models.py` sends to compare model servers on the
  /// kit's own requests.
  ///
  /// - Throws: when the configuration holds a number JSON cannot (a temperature not finite).
  @_spi(Benchmarks) public func requestBody(
    for texts: [String], from sourceLanguageIdentifier: String,
    to targetLanguageIdentifier: String
  ) throws -> Data {
    let (system, user) = Self.messages(
      texts, from: sourceLanguageIdentifier, to: targetLanguageIdentifier)
    let bounded = configuration.boundAnswers
    return try ChatCompletionsClient.requestBody(
      configuration, system: system, user: user, schema: Self.schema(texts, bounded: bounded),
      name: "translations", maxTokens: Self.budget(texts, bounded: bounded))
  }

  /// Translates the batch in one call.
  ///
  /// - Throws: an `OpenAINativeError` (or `CancellationError`) when the call fails, or when the
  ///   answer is not `{"translations": [string]}`.
  public func translate(
    _ texts: [String], from sourceLanguageIdentifier: String,
    to targetLanguageIdentifier: String
  ) async throws -> [String] {
    guard !texts.isEmpty else { return [] }
    let content = try await client.complete(
      body: requestBody(for: texts, from: sourceLanguageIdentifier, to: targetLanguageIdentifier))
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any],
      let translations = object["translations"] as? [Any]
    else {
      throw OpenAINativeError.noContent(
        url: configuration.endpoint.absoluteString,
        detail: "the answer is not {\"translations\": [...]}: \(content.prefix(120))")
    }
    // Strings as they came; anything else in the list becomes its JSON text, still unrepaired.
    return translations.map { item in
      (item as? String)
        ?? String(
          decoding: (try? JSONSerialization.data(withJSONObject: item, options: [.fragmentsAllowed]))
            ?? Data(), as: UTF8.self)
    }
  }
}
