/// Translates several texts at once.
///
/// The returned array has the same order and count as the input. The core checks the count,
/// and re-proves each field's target language, before promoting a result: it never trusts a
/// translation blindly.
///
/// `TranslatorConformance` in the `ContractConformance` module states this contract as a
/// runnable test.
public protocol SummaryTranslating: Sendable {
  /// Translates a batch of texts.
  ///
  /// - Parameters:
  ///   - texts: the texts to translate, in order. Blank entries are allowed and stay blank.
  ///   - sourceLanguageIdentifier: the BCP 47 code of the texts' language.
  ///   - targetLanguageIdentifier: the BCP 47 code to translate into.
  /// - Returns: one translation per input, in the input's order.
  /// - Throws: when the language pair is not supported, rather than echoing the input.
  func translate(
    _ texts: [String], from sourceLanguageIdentifier: String,
    to targetLanguageIdentifier: String
  ) async throws -> [String]
}
