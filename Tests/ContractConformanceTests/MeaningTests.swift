import Foundation
import KitSupport
import Testing

@testable import ContractConformanceCore

/// chrF as sacreBLEU computes it, and the judgement `translator.meaning` makes with it.
@Suite struct MeaningTests {
  /// Scores sacreBLEU 2.6.0 gives (`CHRF().sentence_score(hypothesis, [reference])`), kept as
  /// explicit examples: Latin and Hangul text, a text shorter than the longest n-gram, a repeat.
  static let sacreBLEU: [(String, String, Double)] = [
    ("The cat sat on the mat.", "The cat is on the mat.", 67.17273492330233),
    ("회의는 오전 휴식 뒤에 시작합니다.", "회의실의 회의는 오전 휴식 시간 뒤에 시작합니다.", 56.40659585883614),
    ("ab", "abc", 63.636363636363626),
    (
      "Le salon de thé a vendu des tasses.",
      "Le salon de thé 京都茶房 a vendu tasses de thé vert dimanche.", 42.46317127575218
    ),
    ("x", "yz", 0),
    ("aaaa aaaa", "aa", 55.00000000000001),
  ]

  @Test func scoresAsSacreBLEUDoes() {
    for (hypothesis, reference, expected) in Self.sacreBLEU {
      let score = CharacterFScore().score(hypothesis, reference)
      #expect(abs(score - expected) < 1e-9, "\(hypothesis) / \(reference): \(score)")
    }
  }

  /// On generated texts of every script and length: a score lies in 0...100, a text scores 100
  /// against itself, whitespace never counts, and a text sharing no character scores 0.
  @Test func scoresKeepTheirBoundsOnGeneratedTexts() {
    let seed = ConformanceSeed.current()
    var random = SeededGenerator(seed: seed)
    let alphabets = ["abcdefgh", "회의실휴식시간", "会議室の休憩", "éèêàç", "0123"]
    func text() -> String {
      let alphabet = Array(alphabets.randomElement(using: &random)!)
      let length = [0, 1, 2, 5, 6, 7, 40, 300].randomElement(using: &random)!
      return String(
        (0..<length).map { _ in
          Int.random(in: 0..<5, using: &random) == 0 ? " " : alphabet.randomElement(using: &random)!
        })
    }
    for _ in 0..<300 {
      let (a, b) = (text(), text())
      let score = CharacterFScore().score(a, b)
      #expect((0...100).contains(score), "seed \(seed): \(a) / \(b)")
      if a.contains(where: { !$0.isWhitespace }) {
        #expect(abs(CharacterFScore().score(a, a) - 100) < 1e-9, "seed \(seed): \(a)")
        #expect(
          abs(CharacterFScore().score(a, " " + a.replacingOccurrences(of: " ", with: "  ")) - 100)
            < 1e-9)
      }
      if Set(a).intersection(Set(b)).allSatisfy(\.isWhitespace) {
        #expect(score == 0, "seed \(seed): \(a) / \(b)")
      }
    }
  }

  static let english = TranslationSamples.builtin.templates["en"]!.map {
    $0.replacingOccurrences(of: TranslationSamples.placeholder, with: "7")
  }
  static let french = TranslationSamples.builtin.templates["fr"]!.map {
    $0.replacingOccurrences(of: TranslationSamples.placeholder, with: "7")
  }

  @Test func referencesThemselvesAllCarryTheirMeaning() {
    let judgement = MeaningJudgement(
      sources: Self.english, references: Self.french, answers: Self.french)
    #expect(judgement.carried == Array(Self.french.indices))
  }

  /// What says nothing of its sentence: one sentence for all, the source sent back, each answer
  /// one place off, blanks. The digits are left out, so the right number does not rescue them.
  @Test func cannedEchoedMisplacedOrBlankAnswersCarryNone() {
    let canned = Self.french.indices.map { "Merci, le texte \($0) a été traduit." }
    let misplaced = Self.french.indices.map { Self.french[($0 + 1) % Self.french.count] }
    for (name, answers) in [
      ("canned", canned), ("echoed", Self.english), ("misplaced", misplaced),
      ("blank", Self.french.map { _ in "" }),
    ] {
      let judgement = MeaningJudgement(
        sources: Self.english, references: Self.french, answers: answers)
      #expect(judgement.carried.count <= 1, "\(name): \(judgement.carried)")
      #expect(judgement.misses.count == answers.count - judgement.carried.count)
    }
  }

  /// Between languages that share a script, the source itself scores above zero against the
  /// reference; an answer that scores no more than it is an echo, however many cognates it has.
  @Test func anEchoBetweenRelatedLanguagesIsNamedAsOne() {
    let spanish = TranslationSamples.builtin.templates["es"]!.map {
      $0.replacingOccurrences(of: TranslationSamples.placeholder, with: "7")
    }
    let judgement = MeaningJudgement(sources: spanish, references: Self.french, answers: spanish)
    #expect(judgement.carried.isEmpty)
    #expect(judgement.misses.contains { $0.contains("no more than the source") })
  }
}
