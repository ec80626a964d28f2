import ContractConformance
import Foundation
import KitSupport
import ProfileContracts
import Testing

@testable import ContractConformanceCore

/// The regressions folder: a generated input that fails is kept, and every later run replays it
/// first, before anything is generated; a file that is not a regressions file is refused.
@Suite(.serialized) struct RegressionsTests {
  private static func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "contract-kit-regressions-\(UUID().uuidString)", isDirectory: true)
  }

  /// Fails on 7 alone, of 0 to 9.
  private static var sevens: Property<Int> {
    Property<Int>(
      defaultCount: 1, generate: { source throws(ChoiceSource.Overrun) in try source.int(0...9) },
      describe: { "\($0)" }, test: { $0 == 7 ? "seven" : nil })
  }

  @Test func aKeptInputRunsBeforeAnythingIsGenerated() async {
    let kept = RegressionCase(rule: "p.sevens", choices: [7], seed: 1, input: "7")
    let run = await StoredRegressions.$current.withValue(["p.sevens": [kept]]) {
      await Self.sevens.run("p.sevens", budget: PropertyBudget(seed: 1, examples: 50))
    }
    #expect(run.replayed == 1)
    #expect(run.generated == 0, "nothing is generated once a kept input fails")
    #expect(run.counterexample?.replayed == true)
    #expect(
      run.counterexample?.report(replay: "r").contains(
        "minimal input (kept in the regressions folder, replayed first): 7") == true)
    // Another rule's cases are not this rule's.
    let other = await StoredRegressions.$current.withValue(["p.other": [kept]]) {
      await Self.sevens.run("p.sevens", budget: PropertyBudget(seed: 1, examples: 1))
    }
    #expect(other.replayed == 0)
  }

  /// A kept input the generator no longer makes (it asks past the kept choices) is counted in
  /// the pass, with what to do, never dropped unannounced.
  @Test func aKeptInputTheGeneratorNoLongerMakesIsCounted() async {
    let pairs = Property<[Int]>(
      defaultCount: 1,
      generate: { source throws(ChoiceSource.Overrun) in
        [try source.int(0...9), try source.int(0...9)]
      }, describe: { "\($0)" }, test: { _ in nil })
    let kept = RegressionCase(rule: "p.pairs", choices: [3], seed: 1, input: "[3]")
    let run = await StoredRegressions.$current.withValue(["p.pairs": [kept]]) {
      await pairs.run("p.pairs", budget: PropertyBudget(seed: 1, examples: 1))
    }
    #expect(run.stale == 1 && run.replayed == 0 && run.generated == 1)
    let rule = ConformanceRule(
      id: "p.pairs", level: .required, asserts: "a rule", why: "a test", whenItFails: "fix it")
    guard
      case .passed(let message) = run.outcome(
        passed: "ok", rule: rule, budget: PropertyBudget(seed: 1, examples: 1))
    else { return #expect(Bool(false), "nothing failed") }
    #expect(message.contains("0 from the regressions folder (1 more no longer make an input"))
  }

  /// A translator that answers a batch as one request split again at line breaks: the generated
  /// batch that shows it is kept in the folder, and the next run, under another seed, fails on
  /// it first.
  @Test func aFailingGeneratedInputIsKeptAndFailsTheNextRunFirst() async throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func run(seed: UInt64) async -> ConformanceReport {
      await ConformanceSettings.$scoped.withValue(
        ConformanceSettings(seed: seed, selection: ["translator.count"], regressions: folder)
      ) {
        await TranslatorConformance(pairs: TranslatorConformanceTests.pairs, timeout: testTimeout) {
          TranslatorMutant.splitsAtLineBreaks.make()
        }.run()
      }
    }
    let first = await run(seed: 1)
    let found = try #require(first.result("translator.count")?.regression)
    #expect(found.rule == "translator.count" && found.seed == 1)
    let file = folder.appendingPathComponent("translator.txt")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.hasPrefix("# contract-kit regressions of the translator suite"))
    #expect(text.contains(found.line + "\n"))
    let second = await run(seed: 2)
    let again = try #require(second.result("translator.count"))
    #expect(again.status == .failed)
    #expect(again.message.contains("kept in the regressions folder, replayed first"))
    #expect(again.regression == nil, "a replayed input is in the folder already")
    // Kept once: the second run added nothing.
    #expect(try String(contentsOf: file, encoding: .utf8) == text)
  }

  @Test(
    arguments: [
      ("translator.count 1,2", nil),
      ("translator.count - # seed 7: an empty batch", nil),
      ("  translator.order 0,0,1   # seed 1: x", nil),
      (
        "translator.cuont 1",
        "translator.cuont is not a rule of this suite (did you mean translator.count?)"
      ),
      ("translator.count", "a line is a rule ID and its choices"),
      ("translator.count 1,,2", "\"1,,2\" is not a list of choices"),
      ("translator.count -1", "\"-1\" is not a list of choices"),
      ("store.keys 1", "store.keys is not a rule of this suite"),
    ] as [(String, String?)])
  func aLineIsARuleAndItsChoices(line: String, problem: String?) throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("translator.txt")
    try Data("# a comment\n\n\(line)\n".utf8).write(to: file)
    let rules = Set(TranslatorConformance.rules.map(\.id))
    switch RegressionFolder.load(folder, suite: "translator", rules: rules) {
    case .success(let cases):
      #expect(problem == nil, "\(line) should be refused")
      #expect(cases.values.joined().count == 1)
    case .failure(let found):
      let expected = try #require(problem, "\(line) should load: \(found.message)")
      #expect(found.message.hasPrefix("\(file.path):3: \(expected)"), "\(found.message)")
      #expect(found.message.hasSuffix("; fix the line or delete it"))
      #expect(RegressionFolder.problem(folder) == found.message)
    }
  }

  /// A file saved with Windows line breaks is read line by line, not taken for one comment.
  @Test func windowsLineBreaksAreLineBreaks() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("# kept\r\ntranslator.count 1,2\r\ntranslator.order -\r\n".utf8).write(
      to: folder.appendingPathComponent("translator.txt"))
    let loaded = try RegressionFolder.load(
      folder, suite: "translator", rules: Set(TranslatorConformance.rules.map(\.id))
    ).get()
    #expect(loaded["translator.count"]?.map(\.choices) == [[1, 2]])
    #expect(loaded["translator.order"]?.map(\.choices) == [[]])
    // Kept again, nothing is added twice.
    let again = RegressionCase(rule: "translator.count", choices: [1, 2], seed: 3, input: "x")
    #expect(RegressionFolder.keep([again], in: folder, suite: "translator") == nil)
    let text = try String(
      contentsOf: folder.appendingPathComponent("translator.txt"), encoding: .utf8)
    #expect(text == "# kept\r\ntranslator.count 1,2\r\ntranslator.order -\r\n")
  }

  /// A file that is not a regressions file fails the suite's report before any rule runs: its
  /// cases would otherwise be skipped unannounced.
  @Test func aMalformedFileFailsTheReportNamingItsLine() async throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("document.text 1,two\n".utf8).write(to: folder.appendingPathComponent("document.txt"))
    let report = await ConformanceSettings.$scoped.withValue(
      ConformanceSettings(regressions: folder)
    ) {
      await DocumentProviderConformance(timeout: testTimeout) { fixture in
        (MemoryProvider(fixture), "doc")
      }.run()
    }
    #expect(report.results.map(\.id) == ["regressions"])
    #expect(!report.isPassing)
    #expect(report.results.first?.message.contains("document.txt:1: ") == true)
    // The file is left as it was: nothing is written over a file the kit cannot read.
    #expect(
      try String(contentsOf: folder.appendingPathComponent("document.txt"), encoding: .utf8)
        == "document.text 1,two\n")
    try Data("x".utf8).write(to: folder.appendingPathComponent("plain"))
    #expect(
      RegressionFolder.problem(folder.appendingPathComponent("plain"))?.hasSuffix(
        "is a file, not a regressions folder; name a folder (it is made when a first input fails)")
        == true)
  }

  /// The report's JSON carries the kept input, and reads back equal; a report without one reads
  /// as it always has.
  @Test func theReportCarriesTheKeptInput() throws {
    let kept = RegressionCase(rule: "store.history", choices: [1, 0, 3], seed: 9, input: "a\nb")
    #expect(kept.input == "a b")
    #expect(kept.line == "store.history 1,0,3 # seed 9: a b")
    let result = CheckResult(
      id: "store.history", level: .required, status: .failed, message: "m", regression: kept)
    let data = try JSONEncoder().encode(result)
    #expect(try JSONDecoder().decode(CheckResult.self, from: data) == result)
    let plain = CheckResult(id: "store.keys", level: .required, status: .passed, message: "ok")
    #expect(
      !String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("regression"))
  }
}
