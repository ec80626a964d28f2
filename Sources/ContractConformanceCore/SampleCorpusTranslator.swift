import LanguageIdentification
import ProfileContracts

/// A phrasebook translator over ``TranslationSamples``: it translates exactly the sample
/// sentences, carrying their numbers across, and throws for anything else.
///
/// There is no translation engine on Linux, so `contract-kit conformance run` checks the
/// translator suite against this, and says so. It keeps every promise the suite checks, which
/// makes it the reference the mutants in the kit's tests break.
public struct SampleCorpusTranslator: SummaryTranslating {
  /// The phrasebook.
  public let samples: TranslationSamples

  /// Creates a translator over `samples` (by default the kit's own).
  public init(samples: TranslationSamples = .builtin) { self.samples = samples }

  /// Why a text could not be translated.
  public struct UnsupportedText: Error, CustomStringConvertible {
    /// One line naming the text or the language pair.
    public let description: String
  }

  /// Translates each text by finding its template in the source language.
  ///
  /// - Throws: ``UnsupportedText`` for a language pair without samples, or a text that is not a
  ///   sample sentence.
  public func translate(
    _ texts: [String], from sourceLanguageIdentifier: String, to targetLanguageIdentifier: String
  ) async throws -> [String] {
    guard let source = templates(sourceLanguageIdentifier),
      let target = templates(targetLanguageIdentifier)
    else {
      throw UnsupportedText(
        description: "no samples for \(sourceLanguageIdentifier) → \(targetLanguageIdentifier)")
    }
    return try texts.map { text in
      if text.allSatisfy(\.isWhitespace) { return text }
      for (index, template) in source.enumerated() {
        if let number = Self.match(text, template), index < target.count {
          return target[index].replacingOccurrences(
            of: TranslationSamples.placeholder, with: number)
        }
      }
      throw UnsupportedText(description: "not a sample sentence: \(quote(text))")
    }
  }

  private func templates(_ language: String) -> [String]? {
    samples.templates[language] ?? samples.templates[primarySubtag(language)]
  }

  /// The number that fills `template`'s placeholder to give `text`, if any.
  static func match(_ text: String, _ template: String) -> String? {
    let parts = template.components(separatedBy: TranslationSamples.placeholder)
    guard parts.count == 2, text.hasPrefix(parts[0]), text.hasSuffix(parts[1]),
      text.count > parts[0].count + parts[1].count
    else { return nil }
    let number = text.dropFirst(parts[0].count).dropLast(parts[1].count)
    return number.allSatisfy(\.isNumber) ? String(number) : nil
  }
}
