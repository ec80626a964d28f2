import ContractConformanceCore
import ProfileContracts
import ProfileCore

/// A phrasebook translator over ``TranslationSamples``: it translates exactly the sample
/// sentences, one or several to a text, carrying their numbers across, and throws for anything
/// else.
///
/// There is no translation engine on Linux, so `contract-kit conformance run` checks the
/// translator suite against this, and says so. It keeps every promise the suite checks, which
/// makes it the reference the mutants in the kit's tests break.
public struct SampleCorpusTranslator: SummaryTranslating {
  /// The phrasebook.
  public let samples: TranslationSamples

  /// Creates a translator over `samples` (by default the kit's own).
  public init(samples: TranslationSamples = .builtin) { self.samples = samples }

  /// A template's text before and after its placeholder, or `nil` when it has not one.
  private static func split(_ template: String) -> (prefix: String, suffix: String)? {
    let pieces = template.components(separatedBy: TranslationSamples.placeholder)
    return pieces.count == 2 ? (pieces[0], pieces[1]) : nil
  }

  /// Why a text could not be translated.
  public struct UnsupportedText: Error, CustomStringConvertible {
    /// One line naming the text or the language pair.
    public let description: String
  }

  /// Translates each text sentence by sentence, finding each sentence's template in the source
  /// language; the sentences of a text are joined as the target language joins them.
  ///
  /// - Throws: ``UnsupportedText`` for a language pair without samples, or a text that is not
  ///   made of sample sentences.
  public func translate(
    _ texts: [String], from sourceLanguageIdentifier: String, to targetLanguageIdentifier: String
  ) async throws -> [String] {
    guard let source = samples.all(sourceLanguageIdentifier),
      let target = samples.all(targetLanguageIdentifier)
    else {
      throw UnsupportedText(
        description: "no samples for \(sourceLanguageIdentifier) → \(targetLanguageIdentifier)")
    }
    // Each source template split once, beside its translation.
    let pairs = (Array(zip(source.plain, target.plain)) + Array(zip(source.mixed, target.mixed)))
      .compactMap { pair in Self.split(pair.0).map { ($0, pair.1) } }
    let joiner = TranslationSamples.joiner(targetLanguageIdentifier)
    return try texts.map { text in
      if text.allSatisfy(\.isWhitespace) { return text }
      var rest = Substring(text)
      var sentences: [String] = []
      while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
        rest = rest[start...]
        guard let (translated, length) = Self.translateFirst(rest, pairs) else {
          throw UnsupportedText(description: "not made of sample sentences: \(quote(text))")
        }
        sentences.append(translated)
        rest = rest.dropFirst(length)
      }
      return sentences.joined(separator: joiner)
    }
  }

  /// The translation of the sample sentence `text` starts with, and that sentence's length.
  private static func translateFirst(
    _ text: Substring, _ pairs: [((prefix: String, suffix: String), String)]
  ) -> (String, Int)? {
    for (source, target) in pairs {
      if let (number, length) = match(text, source) {
        return (
          target.replacingOccurrences(of: TranslationSamples.placeholder, with: number), length
        )
      }
    }
    return nil
  }

  /// The number that fills `template`'s placeholder to give the start of `text`, and the length
  /// of that sentence, if `text` starts with it.
  static func match(_ text: Substring, _ template: (prefix: String, suffix: String)) -> (
    number: String, length: Int
  )? {
    guard text.hasPrefix(template.prefix) else { return nil }
    let afterPrefix = text.dropFirst(template.prefix.count)
    let number = afterPrefix.prefix { $0.isASCII && $0.isNumber }
    guard !number.isEmpty, afterPrefix.dropFirst(number.count).hasPrefix(template.suffix) else {
      return nil
    }
    return (String(number), template.prefix.count + number.count + template.suffix.count)
  }
}
