import Foundation
import KitSupport
import TestSupport
import Testing

@testable import ContractConformanceCore

/// `translator.meaning` never fails real human translations: two packages' independent
/// translations of one message, from Debian's gettext catalogs (`Benchmarks/meaning/
/// human-pairs.py`), one as the reference, the other as the answer, judged in seeded batches of
/// 16 as the rule judges a pair's sentences. Technical messages, which keep English words and
/// vary more between translators than the suite's sentences do, are the harder test.
@Suite(.integration) struct MeaningCalibrationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test(.enabled(if: Backends.runPython, "no python3 to read the catalogs with"))
  func humanTranslationsPassInEveryBatch() throws {
    let python = try #require(Backends.python3)
    let data = try ProcessOutput.run(
      python, [Self.root.appendingPathComponent("Benchmarks/meaning/human-pairs.py").path])
    let triples = try JSONDecoder().decode([String: [[String]]].self, from: data)
    let seed = ConformanceSeed.current()
    var random = SeededGenerator(seed: seed)
    for (language, all) in triples.sorted(by: { $0.key < $1.key }) {
      try #require(
        all.count >= 64,
        "\(language): \(all.count) pairs of human translations; Benchmarks/langid/install-sources installs the catalogs"
      )
      var shuffled = all
      shuffled.shuffle(using: &random)
      var carried = 0
      var lowest = 1.0
      let batches = stride(from: 0, to: shuffled.count - 15, by: 16).map {
        Array(shuffled[$0..<($0 + 16)])
      }
      for batch in batches {
        let judgement = MeaningJudgement(
          sources: batch.map { $0[0] }, references: batch.map { $0[1] },
          answers: batch.map { $0[2] })
        let share = Double(judgement.carried.count) / Double(batch.count)
        carried += judgement.carried.count
        lowest = min(lowest, share)
        #expect(
          share >= TranslatorConformance.meaningShare,
          "\(language), seed \(seed): human translations fail translator.meaning: \(judgement.misses.prefix(3))"
        )
      }
      print(
        "translator.meaning on human translations, en → \(language): \(carried) of \(batches.count * 16) answers carried (\(carried * 100 / (batches.count * 16))%), lowest batch \(Int(lowest * 100))%, \(batches.count) batches of 16 (seed \(seed))"
      )
    }
  }
}
