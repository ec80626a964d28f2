import ContractConformance
import Foundation
import ProfileAdapters
import ProfileContracts
import ReferenceSuites
import Testing

/// One rule per test case: the pattern the suites guide gives Swift Testing users.
@Suite struct ConformanceSuiteTests {
  static let pairs = [LanguagePair(source: "ko", target: "en")]

  /// Each translator rule as its own test case, against the kit's translator: each report holds
  /// that rule alone, and the case is named by the rule's ID. (The long limit: the cases run at
  /// once beside every other test, and a CI run starved one past the default 10 s.)
  @Test(arguments: TranslatorConformance.rules)
  func eachRuleRunsAlone(_ rule: ConformanceRule) async {
    let report = await TranslatorConformance(pairs: Self.pairs, timeout: testTimeout) {
      SampleCorpusTranslator()
    }.run(rule)
    #expect(report.results.map(\.id) == [rule.id])
    #expect(report.isPassing, "\(report.renderText())")
    #expect("\(rule)" == rule.id)
  }

  /// A translator that drops an entry fails `translator.count` run alone, and the report names
  /// that rule and no other.
  @Test func aBrokenAdapterFailsTheOneRuleRunAlone() async throws {
    let count = try #require(TranslatorConformance.rules.first { $0.id == "translator.count" })
    let report = await TranslatorConformance(pairs: Self.pairs) {
      TranslatorMutant.dropsOne.make()
    }.run(count)
    #expect(!report.isPassing)
    #expect(report.results.map(\.id) == ["translator.count"])
  }

  @Test func aRuleOfAnotherSuiteFailsTheReport() async throws {
    let rule = try #require(DocumentProviderConformance.rules.first)
    let report = await TranslatorConformance(pairs: Self.pairs) { SampleCorpusTranslator() }
      .run(rule)
    #expect(!report.isPassing)
    #expect(report.results.first?.message.contains("is not a rule of the translator suite") == true)
  }

  @Test(
    arguments: [
      (
        ["CONTRACT_KIT_RULES": "translator.count, translator.order"],
        ["translator.count", "translator.order"]
      ),
      (["TEST_RUNNER_CONTRACT_KIT_RULES": "store.reopen"], ["store.reopen"]),
      ([:], nil),
    ] as [([String: String], [String]?)])
  func theSelectionIsReadFromTheEnvironment(environment: [String: String], selected: [String]?) {
    #expect(RuleSelection.current(environment).map { $0.sorted() } == selected)
  }

  /// A selection naming no rule, or none at all, fails every suite rather than checking nothing.
  @Test(arguments: [["translator.cuont"], []] as [Set<String>])
  func aSelectionThatChecksNothingFails(_ selection: Set<String>) async {
    let report = await ConformanceSettings.$scoped.withValue(
      ConformanceSettings(selection: selection)
    ) {
      await TranslatorConformance(pairs: Self.pairs) { SampleCorpusTranslator() }.run()
    }
    #expect(!report.isPassing)
    #expect(report.results.map(\.id) == ["selection"])
  }

  /// Under a selection, the rules it leaves out are skipped with the reason, not passed.
  @Test func aRuleTheSelectionLeavesOutIsSkipped() async throws {
    let order = try #require(TranslatorConformance.rules.first { $0.id == "translator.order" })
    let report = await ConformanceSettings.$scoped.withValue(
      ConformanceSettings(selection: ["translator.count"])
    ) {
      await TranslatorConformance(pairs: Self.pairs) { TranslatorMutant.swapsTwo.make() }.run(order)
    }
    #expect(report.results.map(\.status) == [.skipped])
    #expect(report.results.first?.message.hasPrefix("not selected") == true)
  }
}
