import Foundation
import KitSupport
import Testing

@_spi(Benchmarks) @testable import ProfileCore

/// The fact check's reading of numbers, as `model-requests --invented` asks it for
/// `Benchmarks/llm/compare-models.py`: a number is its value, however its digits are grouped or
/// zero-padded, and one the source lacks is reported as written.
@Suite struct FactCheckTests {
  @Test func examples() {
    #expect(
      FactCheck.inventedNumbers(
        in: ["1200 people, 7 schools", "2025: 1,300 people"],
        source: "In 2024 the town had 1,200 people and 07 schools.") == ["1,300", "2025"])
    #expect(FactCheck.inventedNumbers(in: [], source: "12") == [])
    #expect(FactCheck.inventedNumbers(in: ["3.5"], source: "3") == ["5"], "a . ends a number")
    #expect(FactCheck.inventedNumbers(in: ["1'000 and 1000"], source: "") == ["1'000", "1000"])
  }

  /// One way to write `value`: plain, zero-padded, or grouped by thousands with `,` or `'`.
  static func written(_ value: Int, _ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return "0" + String(value)
    case 1, 2:
      let separator = Int.random(in: 1...2, using: &random) == 1 ? "," : "'"
      var digits = String(value)
      var groups: [String] = []
      while digits.count > 3 {
        groups.insert(String(digits.suffix(3)), at: 0)
        digits.removeLast(3)
      }
      return ([digits] + groups).joined(separator: separator)
    default: return String(value)
    }
  }

  /// Generated sources and answers: the answer's numbers drawn from the source's values (each
  /// written another way) or not; exactly those not are invented, as written. Replay with
  /// `FACTCHECK_SEED`.
  @Test func aNumberIsItsValueHoweverItIsWritten() {
    let seed =
      ProcessInfo.processInfo.environment["FACTCHECK_SEED"].flatMap(UInt64.init) ?? 20_261_204
    var random = SeededGenerator(seed: seed)
    for _ in 0..<500 {
      let known = (0..<Int.random(in: 0...6, using: &random)).map { _ in
        Int.random(in: 0...2_000_000, using: &random)
      }
      let source =
        "Figures: " + known.map { Self.written($0, &random) }.joined(separator: " and ") + "."
      var expected: Set<String> = []
      var lines: [String] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        var words: [String] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
          if !known.isEmpty, Bool.random(using: &random),
            let value = known.randomElement(using: &random)
          {
            words.append(Self.written(value, &random))
          } else {
            let value = Int.random(in: 0...2_000_000, using: &random)
            let text = Self.written(value, &random)
            if !known.contains(value) { expected.insert(text) }
            words.append(text)
          }
        }
        lines.append("About " + words.joined(separator: " or ") + " of them")
      }
      let found = FactCheck.inventedNumbers(in: lines, source: source)
      #expect(
        found == expected.sorted(),
        "seed \(seed): source \(source), lines \(lines): found \(found), expected \(expected.sorted())"
      )
      if found != expected.sorted() { return }
    }
  }
}
