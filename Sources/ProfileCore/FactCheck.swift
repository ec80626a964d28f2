import Foundation

/// Checks that the facts in a generated line stand in the source text: every number (separators
/// ignored), every amount (a currency sign with its number) and every capitalised name.
/// Dates are numbers here: `2026-08-15` needs 2026, 08 and 15 in the source.
@_spi(Benchmarks) public struct FactCheck: Sendable {
  private let numbers: Set<String>
  private let amounts: Set<String>
  private let text: String

  static let currencies: Set<Character> = ["$", "€", "£", "¥", "₩", "₹"]
  /// Punctuation stripped from a word's ends before it is taken as a name.
  static let wordPunctuation = CharacterSet(charactersIn: ",;:()\"'“”‘’")

  init(source: String) {
    text = source
    let tokens = Self.tokens(source)
    numbers = Set(tokens.numbers)
    amounts = Set(tokens.amounts)
  }

  /// The numbers of `lines` that `source` does not hold, as each was written, sorted, each once:
  /// what `Benchmarks/llm/compare-models.py` counts as a model's invented numbers. It asks this, through
  /// `model-requests --invented`, rather than keep a copy of the rule.
  @_spi(Benchmarks) public static func inventedNumbers(in lines: [String], source: String)
    -> [String]
  {
    let known = Set(tokens(source).numbers)
    var invented: Set<String> = []
    for line in lines {
      let found = tokens(line)
      for (raw, number) in zip(found.rawNumbers, found.numbers) where !known.contains(number) {
        invented.insert(raw)
      }
    }
    return invented.sorted()
  }

  /// The facts in `line` that the source does not contain; empty when all stand.
  func unverified(_ line: String) -> [String] {
    let tokens = Self.tokens(line)
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

  /// Numbers (digits with a `,` or `'` between digit groups ignored, leading zeros dropped; a
  /// `.` or a space ends a number) and amounts (a currency sign, then a number), with how each was written.
  ///
  /// "The numbers in a text" has three rules in the kit, each for its question; this one asks
  /// whether a model's answer, written in its source's language, states numbers its source does
  /// not. So a number is a whole value (a digit group regrouped, `1,000` as `1000`, is the same
  /// number), amounts keep their currency, and only ASCII digits count: the answer and its source
  /// share a script, and a model that writes `٣` for `3` is re-scripting, not inventing.
  /// `Run.digits` asks the translation question (the script and order may change, the digits may
  /// not), and the translator suite's `numbers(in:)` asks whether a translator kept each number
  /// of a sentence in place.
  static func tokens(_ text: String) -> (
    numbers: [String], rawNumbers: [String], amounts: [String], rawAmounts: [String]
  ) {
    var numbers: [String] = []
    var rawNumbers: [String] = []
    var amounts: [String] = []
    var rawAmounts: [String] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      guard isDigit(characters[index]) else {
        index += 1
        continue
      }
      let start = index
      var digits = ""
      while index < characters.count {
        let character = characters[index]
        if isDigit(character) {
          digits.append(character)
          index += 1
        } else if [",", "'"].contains(character), index + 1 < characters.count,
          isDigit(characters[index + 1])
        {
          index += 1
        } else {
          break
        }
      }
      let normalized =
        String(digits.drop { $0 == "0" }).isEmpty ? "0" : String(digits.drop { $0 == "0" })
      let raw = String(characters[start..<index])
      numbers.append(normalized)
      rawNumbers.append(raw)
      var sign = start - 1
      while sign >= 0, characters[sign] == " " { sign -= 1 }
      if sign >= 0, currencies.contains(characters[sign]) {
        amounts.append("\(characters[sign])\(normalized)")
        rawAmounts.append("\(characters[sign])\(raw)")
      }
    }
    return (numbers, rawNumbers, amounts, rawAmounts)
  }

  /// An ASCII digit: the digits of other scripts are not compared as numbers.
  static func isDigit(_ character: Character) -> Bool {
    character.isASCII && character.isNumber
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
