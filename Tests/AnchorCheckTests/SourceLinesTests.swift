import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// The three ways a scanner asks which line a byte is on (a table of every byte, a search, and
/// a cursor walked from the last answer) agree with counting newlines, for any text and any
/// order of asking.
@Suite struct SourceLinesTests {
  /// The 1-based line of byte `offset`: one more than the newlines before it, clamped to the
  /// text's lines.
  static func counted(_ bytes: [UInt8], _ offset: Int) -> Int {
    guard !bytes.isEmpty, offset >= 0 else { return 1 }
    let lines =
      bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
      - (bytes.last == 0x0A ? 1 : 0)
    return min(bytes.prefix(offset + 1).dropLast().filter { $0 == 0x0A }.count + 1, lines)
  }

  /// Generated texts of newlines, carriage returns and letters; offsets asked in rising order
  /// with jumps back, as a lexer asks, and past both ends. Replay with `DECLSCAN_SEED`.
  @Test func everyWayOfAskingAgreesWithCountingNewlines() {
    let seed = baseSeed() &+ 80
    var random = SplitMix64(seed: seed)
    for round in 0..<(300 * scale()) {
      let bytes = (0..<random.below(60)).map { _ in [0x0A, 0x0D, 0x61, 0x62][random.below(4)] }
        .map(UInt8.init)
      let table = SourceLines(bytes: bytes)
      let searched = SourceLines(bytes: bytes, indexingBytes: false)
      var cursor = LineCursor(searched)
      var offset = -2
      for _ in 0..<40 {
        offset += random.below(5) == 0 ? -random.below(8) : random.below(4)
        let expected = Self.counted(bytes, offset)
        let answers = [table.line(at: offset), searched.line(at: offset), cursor.line(at: offset)]
        guard answers.allSatisfy({ $0 == expected }) else {
          Issue.record(
            "seed \(seed) (DECLSCAN_SEED=\(seed &- 80)), round \(round): \(bytes), offset \(offset): table, search, cursor \(answers), counted \(expected)"
          )
          return
        }
      }
      #expect(table.count == searched.count)
    }
  }
}
