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
    // Each source template split once, beside its translation, the longest first: where one
    // sentence starts like another, the longer is tried before the shorter.
    let pairs = (Array(zip(source.plain, target.plain)) + Array(zip(source.mixed, target.mixed)))
      .compactMap { pair in Self.split(pair.0).map { ($0, pair.1) } }
      .enumerated().sorted {
        let (a, b) = ($0.element.0, $1.element.0)
        let lengths = (a.prefix.count + a.suffix.count, b.prefix.count + b.suffix.count)
        return lengths.0 != lengths.1 ? lengths.0 > lengths.1 : $0.offset < $1.offset
      }.map(\.element)
    let joiner = TranslationSamples.joiner(targetLanguageIdentifier)
    return try texts.map { text in
      if text.allSatisfy(\.isWhitespace) { return text }
      var dead: Set<String.Index> = []
      guard let sentences = Self.sentences(Substring(text), pairs, dead: &dead) else {
        throw UnsupportedText(description: "not made of sample sentences: \(quote(text))")
      }
      return Self.join(sentences, joiner)
    }
  }

  /// `sentences` joined by `joiner`, or by a space where nothing would part two runs of ASCII
  /// letters or digits (`522` and `523` run into `522523` with no space between).
  private static func join(_ sentences: [String], _ joiner: String) -> String {
    var joined = ""
    for sentence in sentences {
      let touching = [joined.last, sentence.first].allSatisfy {
        $0.map { $0.isASCII && ($0.isLetter || $0.isNumber) } ?? false
      }
      joined += (joined.isEmpty ? "" : touching && joiner.isEmpty ? " " : joiner) + sentence
    }
    return joined
  }

  /// The translations of the sample sentences `text` is made of, one after another with
  /// whitespace between, or `nil` when it is not made of them. Where several sentences match at
  /// one place, each is tried in turn; `dead` holds the places already found to lead nowhere.
  private static func sentences(
    _ text: Substring, _ pairs: [((prefix: String, suffix: String), String)],
    dead: inout Set<String.Index>
  ) -> [String]? {
    guard let start = text.firstIndex(where: { !$0.isWhitespace }) else { return [] }
    let rest = text[start...]
    guard !dead.contains(start) else { return nil }
    for (source, target) in pairs {
      guard let (number, length) = match(rest, source) else { continue }
      if let others = sentences(rest.dropFirst(length), pairs, dead: &dead) {
        let translated = target.replacingOccurrences(
          of: TranslationSamples.placeholder, with: number)
        return [translated] + others
      }
    }
    dead.insert(start)
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
