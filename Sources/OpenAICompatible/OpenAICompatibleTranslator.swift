import Foundation
import ProfileContracts

/// A ``SummaryTranslating`` over an OpenAI-compatible chat-completions server: one call per
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

  /// The answer's JSON schema for `count` texts.
  static func schema(count: Int) -> [String: Any] {
    [
      "type": "object",
      "properties": [
        "translations": [
          "type": "array", "items": ["type": "string"], "minItems": count, "maxItems": count,
        ] as [String: Any]
      ],
      "required": ["translations"], "additionalProperties": false,
    ]
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

  /// Translates the batch in one call.
  ///
  /// - Throws: an `OpenAINativeError` (or `CancellationError`) when the call fails, or when the
  ///   answer is not `{"translations": [string]}`.
  public func translate(
    _ texts: [String], from sourceLanguageIdentifier: String,
    to targetLanguageIdentifier: String
  ) async throws -> [String] {
    guard !texts.isEmpty else { return [] }
    let (system, user) = Self.messages(
      texts, from: sourceLanguageIdentifier, to: targetLanguageIdentifier)
    // Room for every text to come back somewhat longer than it went, with the JSON around it.
    let budget = 64 + texts.reduce(0) { $0 + $1.utf8.count } * 2
    let content = try await client.complete(
      system: system, user: user, schema: Self.schema(count: texts.count), name: "translations",
      maxTokens: budget)
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
