import Foundation
import ProfileCore
import Testing

/// The built-in identifier's accuracy on the kit's labelled set: at least 50 sentences a language
/// (10 to 30 words each), written for this test. Every language must reach 97%.
///
/// `swift test --filter LanguageAccuracyTests` prints its table; docs/Benchmarks.md publishes
/// the figures of `Benchmarks/langid/evaluate.py`, on held-out text.
@Suite struct LanguageAccuracyTests {
  static let required = 0.97
  /// Scripts written without spaces between words, where a word count means nothing.
  static let unspaced: Set<String> = ["ja", "zh", "th"]

  static func sentences(_ language: String) throws -> [String] {
    let url = try #require(
      Bundle.module.url(forResource: language, withExtension: "txt", subdirectory: "Labelled"))
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  @Test func everyLanguageHasFiftySentencesOfTenToThirtyWords() throws {
    for language in BuiltinLanguageIdentifier.supportedLanguages {
      let sentences = try Self.sentences(language)
      #expect(sentences.count >= 50, "\(language) has \(sentences.count) sentences")
      #expect(Set(sentences).count == sentences.count, "\(language) repeats a sentence")
      guard !Self.unspaced.contains(language) else { continue }
      for sentence in sentences {
        let words = sentence.split(whereSeparator: \.isWhitespace).count
        #expect((10...30).contains(words), "\(language): \(words) words: \(sentence)")
      }
    }
  }

  @Test func everyLanguageReachesNinetySevenPercent() throws {
    let identifier = BuiltinLanguageIdentifier()
    var rows: [String] = []
    for language in BuiltinLanguageIdentifier.supportedLanguages {
      let sentences = try Self.sentences(language)
      var misses: [String] = []
      for sentence in sentences where identifier.identify(sentence)?.language != language {
        misses.append("\(identifier.identify(sentence)?.description ?? "nil"): \(sentence)")
      }
      let accuracy = Double(sentences.count - misses.count) / Double(sentences.count)
      rows.append(
        "| \(language) | \(sentences.count) | \(sentences.count - misses.count) | \(String(format: "%.1f", accuracy * 100))% |"
      )
      #expect(accuracy >= Self.required, "\(language): \(misses)")
    }
    print(
      (["| language | sentences | correct | accuracy |", "|---|---:|---:|---:|"] + rows).joined(
        separator: "\n"))
  }
}
