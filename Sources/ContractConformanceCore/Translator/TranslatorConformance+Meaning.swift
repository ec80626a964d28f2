import Foundation
import KitSupport
import ProfileContracts
import ProfileCore

extension TranslatorConformance {
  /// The share of a pair's answers that must point at their own reference for
  /// `translator.meaning` to pass. A translator that says nothing of its sentences points at
  /// its own among 16 by chance about once; real translations, human or a small model's, point
  /// at most of theirs (`MeaningCalibrationTests` measures both).
  static let meaningShare = 0.25

  /// Sends every sample sentence of each pair whose target has samples, in a seeded order, and
  /// compares each answer with the target's parallel sentence, its reference, by chrF.
  func meaning() async throws -> CheckOutcome {
    let (usable, skip) = usablePairs
    if let skip { return skip }
    let pairs = usable.filter { templateCount($0) > 0 }
    guard !pairs.isEmpty else {
      return .skipped(
        "no samples in the target language of \(usable.map(\.description).joined(separator: ", ")), so no reference to compare with; pass TranslationSamples with parallel templates for it"
      )
    }
    var random = SeededGenerator(seed: budget.seed ^ stableHash(Rule.meaning.id))
    var judged = 0
    var carried = 0
    var misses = Failures()
    for pair in pairs {
      var positions = Array(0..<templateCount(pair))
      positions.shuffle(using: &random)
      let sources = positions.compactMap {
        samples.sentence($0, number: 901 + $0, language: pair.source)
      }
      let references = positions.compactMap {
        samples.sentence($0, number: 901 + $0, language: pair.target)
      }
      let output: [String]
      do {
        output = try await translate(sources, pair)
      } catch {
        return .failed("\(pair): a batch of \(sources.count) sentences threw \(describe(error))")
      }
      guard output.count == sources.count else {
        return .failed(
          "\(pair): sent \(sources.count) sentences, got \(output.count) back, so no answer can be matched with its reference (translator.count judges the count)"
        )
      }
      let judgement = MeaningJudgement(sources: sources, references: references, answers: output)
      judged += output.count
      carried += judgement.carried.count
      for miss in judgement.misses { misses.add("\(pair): \(miss)") }
    }
    let needed = Int((Double(judged) * Self.meaningShare).rounded(.up))
    let what =
      "answers are closer (chrF) to their own sentence's reference translation than to another sentence's and than the source is"
    if carried >= needed {
      return .passed(
        "\(carried) of \(judged) \(what), \(needed) needed, over \(pairs.count) pair\(pairs.count == 1 ? "" : "s") (seed \(seed))"
      )
    }
    return .failed(
      "only \(carried) of \(judged) \(what), \(needed) needed: \(misses.messages.prefix(2).joined(separator: "; ")) (seed \(seed))"
    )
  }

  /// How many parallel templates the pair's two languages both have.
  private func templateCount(_ pair: LanguagePair) -> Int {
    func count(_ language: String) -> Int {
      (samples.templates[language] ?? samples.templates[primarySubtag(language)])?.count ?? 0
    }
    return min(count(pair.source), count(pair.target))
  }
}

/// Which answers of a batch carry their sentence's meaning: those closer, by chrF, to their own
/// reference than to any other sentence's reference, and than the source sentence itself is (an
/// echo between languages that share a script scores exactly what the source does). Texts are
/// compared lowercased, in NFC, without their digits: the numbers are `translator.order`'s, and
/// a canned sentence with the right number put in must not pass for a translation.
struct MeaningJudgement {
  /// The indices of the answers that carry their meaning.
  let carried: [Int]
  /// What each other answer was closer to, in words, in order.
  let misses: [String]

  init(sources: [String], references: [String], answers: [String]) {
    let scorer = CharacterFScore()
    let comparable = references.map(Self.comparable)
    var carried: [Int] = []
    var misses: [String] = []
    for (index, answer) in answers.enumerated() {
      let text = Self.comparable(answer)
      let own = scorer.score(text, comparable[index])
      let echo = scorer.score(Self.comparable(sources[index]), comparable[index])
      let other = comparable.indices.filter { $0 != index }
        .map { (index: $0, score: scorer.score(text, comparable[$0])) }
        .max { $0.score < $1.score }
      if own > echo, own > other?.score ?? -1 {
        carried.append(index)
      } else if let other, other.score >= own {
        misses.append(
          "\(quote(answer)) scores \(Self.figure(own)) against its reference \(quote(references[index])), \(Self.figure(other.score)) against another sentence's, \(quote(references[other.index]))"
        )
      } else {
        misses.append(
          "\(quote(answer)) scores \(Self.figure(own)) against its reference \(quote(references[index])), no more than the source \(quote(sources[index])) does (\(Self.figure(echo)))"
        )
      }
    }
    self.carried = carried
    self.misses = misses
  }

  /// `text` as chrF compares it here.
  static func comparable(_ text: String) -> String {
    String(
      text.precomposedStringWithCanonicalMapping.lowercased().filter {
        TranslatorConformance.decimalDigit($0) == nil
      })
  }

  private static func figure(_ score: Double) -> String {
    String(format: "%.1f", score)
  }
}
