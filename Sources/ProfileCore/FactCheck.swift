import Foundation

/// Checks that the facts in a generated line stand in the source text: every number (separators
/// ignored), every amount (a currency sign with its number) and every capitalised name.
/// Dates are numbers here: `2026-08-15` needs 2026, 08 and 15 in the source.
@_spi(Benchmarks) public struct FactCheck: Sendable {
  private let numbers: Set<String>
  private let amounts: Set<String>
  private let text: String
  private let language: String?

  static let currencies: Set<Character> = ["$", "€", "£", "¥", "₩", "₹"]
  /// Punctuation stripped from a word's ends before it is taken as a name.
  static let wordPunctuation = CharacterSet(charactersIn: ",;:()\"'“”‘’")

  /// The facts of `source`, written in `language` (a BCP 47 tag; `nil` when unknown), which
  /// says how it groups digits (``WrittenNumbers``).
  init(source: String, language: String? = nil) {
    text = source
    self.language = language
    let tokens = Self.tokens(source, language: language)
    numbers = Set(tokens.numbers)
    amounts = Set(tokens.amounts)
  }

  /// The numbers of `lines` that `source` does not hold, as each was written, sorted, each once:
  /// what `Benchmarks/llm/compare-models.py` counts as a model's invented numbers. It asks this, through
  /// `model-requests --invented`, rather than keep a copy of the rule.
  @_spi(Benchmarks) public static func inventedNumbers(in lines: [String], source: String)
    -> [String]
  {
    let known = Set(tokens(source, language: nil).numbers)
    var invented: Set<String> = []
    for line in lines {
      let found = tokens(line, language: nil)
      for (raw, number) in zip(found.rawNumbers, found.numbers) where !known.contains(number) {
        invented.insert(raw)
      }
    }
    return invented.sorted()
  }

  /// The facts in `line` that the source does not contain; empty when all stand.
  func unverified(_ line: String) -> [String] {
    let tokens = Self.tokens(line, language: language)
    var missing: [String] = []
    for (raw, number) in zip(tokens.rawNumbers, tokens.numbers) where !numbers.contains(number) {
      missing.append(raw)
    }
    for (raw, amount) in zip(tokens.rawAmounts, tokens.amounts)
    where !amounts.contains(amount) && !missing.contains(raw) {
      missing.append(raw)
    }
    for name in Self.names(line) where !text.contains(name) { missing.append(name) }
    var seen: Set<String> = []
    return missing.filter { seen.insert($0).inserted }
  }

  /// Numbers (``WrittenNumbers``: ASCII digits, a grouping separator of `language` between
  /// digit groups of three ignored, leading zeros dropped) and amounts (a currency sign, then a
  /// number), with how each was written.
  ///
  /// "The numbers in a text" has three questions in the kit, read with one grouping rule; this
  /// one asks whether a model's answer, written in its source's language, states numbers its
  /// source does not. So a number is a whole value (a digit group regrouped, `1,000` as `1000` or
  /// in German `1.000`, is the same number), amounts keep their currency, and only ASCII digits
  /// count: the answer and its source share a script, and a model that writes `٣` for `3` is
  /// re-scripting, not inventing. `Run.digits` asks the translation question (the script and order may change,
  /// the digits may not), and the translator suite's markers ask whether a translator kept each
  /// number of a sentence in place.
  static func tokens(_ text: String, language: String?) -> (
    numbers: [String], rawNumbers: [String], amounts: [String], rawAmounts: [String]
  ) {
    var amounts: [String] = []
    var rawAmounts: [String] = []
    let characters = Array(text)
    let numbers = WrittenNumbers.numbers(
      in: characters, language: language, digit: WrittenNumbers.asciiDigit)
    for number in numbers {
      var sign = number.start - 1
      while sign >= 0, characters[sign] == " " { sign -= 1 }
      if sign >= 0, currencies.contains(characters[sign]) {
        amounts.append("\(characters[sign])\(number.value)")
        rawAmounts.append("\(characters[sign])\(number.written)")
      }
    }
    return (numbers.map(\.value), numbers.map(\.written), amounts, rawAmounts)
  }

  /// Capitalised words that are not the first word of the line or of a sentence in it: names.
  static func names(_ line: String) -> [String] {
    var names: [String] = []
    var sentenceStart = true
    for word in line.split(whereSeparator: { $0.isWhitespace }) {
      let trimmed = word.trimmingCharacters(in: Self.wordPunctuation)
      defer { sentenceStart = word.last.map { ".!?:".contains($0) } ?? false }
      guard let first = trimmed.unicodeScalars.first, first.properties.isUppercase else {
        continue
      }
      if sentenceStart { continue }
      // One letter ("a grade Q", "Q.") is not a name.
      let name = trimmed.hasSuffix(".") ? String(trimmed.dropLast()) : trimmed
      if name.count > 1 { names.append(name) }
    }
    return names
  }
}
