import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// The token questions the Swift, C-family and Go scanners share, against their definitions,
/// over generated runs of tokens.
@Suite struct DeclarationTokensTests {
  /// A file of one-byte tokens, each a punctuation byte or a word.
  struct Tokens: TokenParsing {
    let bytes: [UInt8]
    let tokens: [LexedToken]

    init(_ text: String) {
      let bytes = Array(text.utf8)
      self.bytes = bytes
      tokens = bytes.indices.map { index in
        let isLetter = bytes[index] >= UInt8(ascii: "a") && bytes[index] <= UInt8(ascii: "z")
        return LexedToken(
          kind: isLetter ? .word : .punct, start: index, end: index + 1, line: 1, endLine: 1)
      }
    }
  }

  /// What `afterParens` must answer, by its definition: the index after the `)` that brings the
  /// count of open parens back to 0, or the first stop before it, or the end.
  static func reference(_ text: [UInt8], from open: Int, stops: Set<UInt8>) -> Int {
    var depth = 0
    for index in open..<text.count {
      switch text[index] {
      case UInt8(ascii: "("): depth += 1
      case UInt8(ascii: ")"):
        depth -= 1
        if depth == 0 { return index + 1 }
      case let byte where stops.contains(byte): return index
      default: break
      }
    }
    return text.count
  }

  @Test func examples() {
    let tokens = Tokens("f(a(b)c){x}")
    #expect(tokens.afterParens(1) == 8)
    #expect(tokens.afterParens(1) { tokens.isPunct($0, UInt8(ascii: "{")) } == 8)
    #expect(Tokens("(a{b)").afterParens(0) == 5)
    #expect(Tokens("(a{b)").afterParens(0) { Tokens("(a{b)").isPunct($0, UInt8(ascii: "{")) } == 2)
    #expect(Tokens("((a)").afterParens(0) == 4)
    #expect(tokens.text(0) == "f")
    #expect(tokens.isPunct(1, UInt8(ascii: "(")))
    #expect(!tokens.isPunct(0, UInt8(ascii: "f")))
    #expect(!tokens.isPunct(-1, UInt8(ascii: "(")) && !tokens.isPunct(11, UInt8(ascii: "}")))
  }

  /// Generated runs of `(`, `)`, `{`, `;` and words, from every start, with and without stops.
  /// Replay with `DECLSCAN_SEED`.
  @Test func afterParensAgreesWithItsDefinition() {
    let seed = baseSeed() &+ 90
    var random = SplitMix64(seed: seed)
    let alphabet = Array("(){;ab".utf8)
    for _ in 0..<(300 * scale()) {
      let text = (0..<random.below(24)).map { _ in alphabet[random.below(alphabet.count)] }
      let stops: Set<UInt8> = random.below(2) == 0 ? [] : [UInt8(ascii: "{"), UInt8(ascii: ";")]
      // The first start whose answer is wrong, for `text`; nil when every start's is right.
      func wrongStart(_ text: [UInt8]) -> Int? {
        let tokens = Tokens(String(decoding: text, as: UTF8.self))
        return (0...text.count).first { open in
          tokens.afterParens(open) { index in stops.contains { tokens.isPunct(index, $0) } }
            != Self.reference(text, from: open, stops: stops)
        }
      }
      guard wrongStart(text) != nil else { continue }
      let smallest = shrunk(text) { wrongStart($0) != nil }
      Issue.record(
        "seed \(seed): afterParens from token \(wrongStart(smallest) ?? 0) of \(String(decoding: smallest, as: UTF8.self)) (stops: \(stops.count)) differs from its definition"
      )
      return
    }
  }
}
