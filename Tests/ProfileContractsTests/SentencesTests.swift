import ProfileContracts
import Testing

@Suite struct SentencesTests {
  /// The rule as the contract states it, a character at a time: the oracle the scalar-by-scalar
  /// implementation must agree with.
  static func reference(_ text: String) -> [String] {
    var sentences: [String] = []
    var current = ""
    func flush() {
      let trimmed = current.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      if !trimmed.isEmpty { sentences.append(trimmed) }
      current = ""
    }
    var previousWasTerminator = false
    for character in text {
      if character.isNewline {
        flush()
        previousWasTerminator = false
        continue
      }
      if previousWasTerminator, character.isWhitespace {
        flush()
        previousWasTerminator = false
        continue
      }
      current.append(character)
      previousWasTerminator = ".!?".contains(character)
      if "。！？".contains(character) {
        flush()
        previousWasTerminator = false
      }
    }
    flush()
    return sentences
  }

  @Test func theDocumentedExample() {
    #expect(Sentences.split("First one. Second one!\n第三。") == ["First one.", "Second one!", "第三。"])
  }

  @Test func whitespaceRunsCollapseAndEdgesDrop() {
    #expect(Sentences.split("  a \t b.  c\u{3000}\u{3000}d  ") == ["a b.", "c d"])
    #expect(
      Sentences.split("one\r\ntwo\u{2028}three\u{85}four") == ["one", "two", "three", "four"])
    #expect(Sentences.split("") == [])
    #expect(Sentences.split(" \n\t ") == [])
  }

  /// Random texts over terminators, every kind of whitespace and line break, Latin, Hangul, Han
  /// and accented letters (precomposed and combining), in runs of every length: the fast split
  /// equals the character rule on each. Seeded, so a failure names its seed.
  @Test(arguments: 0..<400)
  func agreesWithTheCharacterRule(seed: Int) {
    let pieces = [
      "a", "Z", "7", ".", "!", "?", "。", "！", "？", " ", "  ", "\t", "\n", "\r\n", "\r",
      "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{A0}", "\u{3000}", "\u{2003}",
      "é", "e\u{301}", ".\u{301}", "\u{301}", "한", "국", "語", "word", "fin.", "end?", "—", "\"",
    ]
    var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let length = next(3) == 0 ? next(400) : next(40)
    let text = (0..<length).map { _ in pieces[next(pieces.count)] }.joined()
    #expect(Sentences.split(text) == Self.reference(text), "seed \(seed): \(text.debugDescription)")
  }
}
