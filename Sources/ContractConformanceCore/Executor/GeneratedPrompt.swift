/// A prompt drawn from the text the contract admits, not only the suite's ferry story: one to 64
/// sentences, each of 1 to 257 words (powers of two and their neighbours), whose words are
/// ordinary, one to three letters, 12 to 40 letters, numbers, Han, Kana or Hangul runs, emoji or
/// markup, and which end in a full stop, `!`, `?`, `。`, a line break or nothing at all; one
/// sentence in five is Han, Kana and Hangul written without a space, as Japanese is, and one in
/// five of the others is of one kind of word only (a row of numbers, of short words, of emoji).
/// Every prompt holds at least one letter, so none is blank. It shrinks toward one ordinary word.
struct GeneratedPrompt: Sendable, CustomStringConvertible {
  let text: String
  let sentences: Int
  let words: Int

  var description: String {
    "a generated prompt of \(sentences) sentence\(sentences == 1 ? "" : "s") and \(words) word\(words == 1 ? "" : "s"): \(quote(text, limit: 120))"
  }

  static let ordinary = [
    "ferry", "harbor", "schedule", "evening", "tickets", "residents", "departures", "summer",
  ]
  static let short = ["a", "on", "the", "of", "to", "it", "I", "é"]
  static let dense = ["渡船", "フェリー", "여객선", "時刻表", "港", "운항"]
  static let symbols = ["⛴️", "🚢", "—", "```", "#", "*", "(", ")", "“", "…"]

  /// A word of 12 to 40 letters, such as a compound or a chemical name.
  private static func long(_ source: ChoiceSource) throws(ChoiceSource.Overrun) -> String {
    let stem = try source.pick(["interconnection", "antidisestablishment", "Donaudampfschiff"])
    let length = try source.int(12...40)
    return String(String(repeating: stem, count: 3).prefix(length))
  }

  /// A word of the kind `kind` (0 to 6), or of any kind when it is `nil`.
  private static func word(_ source: ChoiceSource, kind: UInt64?) throws(ChoiceSource.Overrun)
    -> String
  {
    let drawn: UInt64
    if let kind { drawn = kind } else { drawn = try source.draw(6) }
    return switch drawn {
    case 0: try source.pick(ordinary)
    case 1: try source.pick(short)
    case 2: try long(source)
    case 3: try source.pick(["20", "3.5", "1,024", "2026", "0", "-7", "½"])
    case 4: try source.pick(dense)
    case 5: try source.pick(symbols)
    default: try source.pick(["Ferries", "éàü", "naïve", "Straße"])
    }
  }

  /// A prompt of 1 to `2^sentenceExponents.upperBound` sentences. A check that sends many
  /// prompts at once draws fewer sentences, so that its whole input stays within the choices a
  /// try may make.
  static func generate(_ source: ChoiceSource, sentenceExponents: ClosedRange<Int> = 0...6)
    throws(ChoiceSource.Overrun) -> GeneratedPrompt
  {
    var sentences: [String] = []
    var words = 0
    let count = try source.magnitude(exponents: sentenceExponents, offsets: -1...0)
    for _ in 0..<count {
      // 1, 2, 4, … 256 words, or one of their neighbours.
      let length = try source.magnitude(exponents: 0...8)
      var parts: [String] = []
      words += length
      // One sentence in five is written as Japanese and Chinese are, without a space: code that
      // cuts or splits text at spaces finds none there.
      if try source.chance(20) {
        for _ in 0..<length { parts.append(try source.pick(dense + ["20", "、"])) }
        sentences.append(parts.joined() + (try source.pick(["。", "？", ""])))
        continue
      }
      // A sentence of one kind of word reaches the ends of what a token holds: a row of numbers
      // or of short words has the most words per token a text can, a row of compounds the
      // fewest. A check that bounds an answer by its words is tightest there.
      let kind = try source.chance(20) ? try source.draw(6) : nil
      for _ in 0..<length { parts.append(try word(source, kind: kind)) }
      let end = try source.pick([".", "!", "?", "。", "\n", ""])
      sentences.append(parts.joined(separator: " ") + end)
    }
    var text = sentences.joined(separator: " ")
    // Symbols and digits alone are still a prompt, but not one a model must read as text.
    if !text.contains(where: \.isLetter) {
      text = "Ferries " + text
      words += 1
    }
    return GeneratedPrompt(text: text, sentences: count, words: words)
  }
}
