import AdapterProcess
import ContractConformance
import Foundation
import KitSupport
import ReferenceSuites
import TestSupport
import Testing

/// No false alarm on people's translations: a translator whose every answer is a human
/// translation passes every translator rule, required and recommended, in process and over
/// JSON-RPC. The phrasebook is Debian's gettext catalogs (`Benchmarks/meaning/
/// human-templates.py`): messages with one number, as each package's translators rendered them in
/// Korean, Japanese, Chinese, Spanish, French and German. The suite is given the same messages as
/// its samples, 64 drawn by the seed from the catalogs' few hundred, so the rules judge real
/// translators' word order, punctuation and leftover English, not the kit's own sentences.
@Suite(.integration) struct HumanTranslatorTests {
  static let targets = ["ko", "ja", "zh", "es", "fr", "de"]

  /// 64 of the catalogs' templates, drawn by `seed`, parallel in English and every target.
  static func samples(seed: UInt64) throws -> [String: [String]] {
    let python = try #require(Backends.python3)
    let data = try ProcessOutput.run(
      python,
      [RealCrashTests.root.appendingPathComponent("Benchmarks/meaning/human-templates.py").path])
    let all = try JSONDecoder().decode([String: [String]].self, from: data)
    let count = all["en"]?.count ?? 0
    try #require(
      count >= 128,
      "\(count) messages translated into every language; Benchmarks/langid/install-sources installs the catalogs"
    )
    var random = SeededGenerator(seed: seed)
    let chosen = (0..<count).shuffled(using: &random).prefix(64)
    return all.mapValues { templates in chosen.map { templates[$0] } }
  }

  static var pairs: [LanguagePair] { targets.map { LanguagePair(source: "en", target: $0) } }

  /// What is not a pass, one line a rule.
  static func notPassed(_ report: ConformanceReport) -> [String] {
    report.results.filter { $0.status != .passed }.map { "\($0.id) \($0.status): \($0.message)" }
  }

  @Test(.enabled(if: Backends.runPython, "no python3 to read the catalogs with"))
  func inProcess() async throws {
    let seed = ConformanceSeed.current()
    let samples = TranslationSamples(templates: try Self.samples(seed: seed))
    let report = await TranslatorConformance(
      pairs: Self.pairs, samples: samples, timeout: .seconds(120)
    ) { SampleCorpusTranslator(samples: samples) }.run()
    #expect(Self.notPassed(report) == [], "seed \(seed)")
    #expect(report.results.count == TranslatorConformance.rules.count)
  }

  @Test(.enabled(if: Backends.runPython, "no python3 to run the phrasebook translator with"))
  func overJSONRPC() async throws {
    let seed = ConformanceSeed.current()
    let templates = try Self.samples(seed: seed)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("human-templates-\(ProcessInfo.processInfo.processIdentifier).json")
    try JSONEncoder().encode(templates).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let command =
      try PowerLossTests.python(
        "Tests/AdapterProcessTests/Fixtures/translators/phrasebook_translator.py")
      + " '\(file.path)'"
    let report = await TranslatorConformance(
      pairs: Self.pairs, samples: TranslationSamples(templates: templates), timeout: .seconds(120)
    ) { try ProcessTranslator(command: command) }.run()
    #expect(Self.notPassed(report) == [], "seed \(seed)")
    #expect(report.results.count == TranslatorConformance.rules.count)
  }
}
