import ContractConformance
import ContractConformanceCore
import Foundation
import KitSupport
import Testing

/// Pinning a rule set: newer findings run and report as pending, and never fail the report.
@Suite(.serialized) struct RuleSetTests {
  static let pairs = TranslatorConformanceTests.pairs

  @Test func aFindingOnlyANewerRuleSetMakesIsPendingUnderAnOlderPin() async throws {
    // Splitting at line breaks shows only in generated batches, which came in rule set 0.3.
    let pinned = await TranslatorConformance(
      pairs: Self.pairs, timeout: testTimeout, rules: .pinned("0.2")
    ) {
      TranslatorMutant.splitsAtLineBreaks.make()
    }.run()
    #expect(pinned.isPassing)
    let count = try #require(pinned.result("translator.count"))
    #expect(count.status == .failed)
    #expect(count.pending)
    #expect(count.message.hasPrefix("pending (rule set 0.3, pinned to 0.2): "), "\(count.message)")
    #expect(pinned.result("translator.targets")?.pending == true)

    let unpinned = await TranslatorConformance(pairs: Self.pairs, timeout: testTimeout, rules: .all)
    {
      TranslatorMutant.splitsAtLineBreaks.make()
    }.run()
    #expect(!unpinned.isPassing)
    #expect(unpinned.pending.isEmpty)
  }

  @Test func aFindingOfTheHandPickedExamplesCountsUnderAnyPin() async {
    // Dropping the last text breaks the fixed batch of two, which rule set 0.2 already sent.
    let report = await TranslatorConformance(
      pairs: Self.pairs, timeout: testTimeout, rules: .pinned("0.2")
    ) {
      TranslatorMutant.dropsOne.make()
    }.run()
    #expect(!report.isPassing)
    #expect(report.result("translator.count")?.pending == false)
  }

  @Test func pendingFindingsShowFirstInTextAndAsSkipsInJUnitAndInJSON() async throws {
    let report = await TranslatorConformance(
      pairs: Self.pairs, timeout: testTimeout, rules: .pinned("0.2")
    ) {
      TranslatorMutant.splitsAtLineBreaks.make()
    }.run()
    let text = report.renderText()
    let lines = text.split(separator: "\n")
    #expect(lines[0].contains("0 failed"), "\(lines[0])")
    #expect(lines[0].contains("pending"), "\(lines[0])")
    #expect(lines[1].hasPrefix("  PEND  "), "\(lines[1])")
    let junit = JUnitReport.render([("translator", report)])
    #expect(junit.contains("failures=\"0\""), "\(junit.prefix(300))")
    #expect(junit.contains("<skipped message=\"pending (rule set 0.3, pinned to 0.2): "))
    let json = try report.renderJSON()
    #expect(json.contains("\"pending\": true"))
    let decoded = try JSONDecoder().decode(ConformanceReport.self, from: Data(json.utf8))
    #expect(decoded == report)
  }

  @Test func thePinComesFromTheEnvironmentAndVersionsCompareByNumber() {
    #expect(RuleSet.current(["CONTRACT_KIT_PIN": "0.2"]) == .pinned("0.2"))
    #expect(RuleSet.current([:]) == .all)
    #expect(RuleSet.pinned("0.9").isPending("0.10"))
    #expect(!RuleSet.pinned("0.3").isPending("0.3"))
    #expect(!RuleSet.all.isPending("99"))
    #expect(
      RuleSet.isWellFormed("0.2") && !RuleSet.isWellFormed("v0.2") && !RuleSet.isWellFormed("0..2"))
  }

  @Test func everyRuleCarriesAVersionNoNewerThanTheKits() {
    for rule in RuleBook.suites.flatMap(\.rules) {
      #expect(RuleSet.isWellFormed(rule.version), "\(rule.id)")
      #expect(!RuleSet.pinned(RuleSet.latestVersion).isPending(rule.version), "\(rule.id)")
    }
  }

  /// A report records the kit that made it, whose version moves with the rule set: a new rule
  /// set is a new minor version of the kit.
  @Test func aReportRecordsTheKitsVersionWhichMovesWithTheRuleSet() throws {
    #expect(KitVersion.current.hasPrefix(RuleSet.latestVersion + "."))
    #expect(KitVersion.current.split(separator: ".").count == 3)
    let report = ConformanceReport(suite: "store", results: [], seed: 7)
    #expect(report.kit == KitVersion.current)
    #expect(try report.renderJSON().contains("\"kit\": \"\(KitVersion.current)\""))
    // A report written before the field was recorded still reads.
    let older = try JSONDecoder().decode(
      ConformanceReport.self, from: Data(#"{"results": [], "seed": 7, "suite": "store"}"#.utf8))
    #expect(older.kit == nil)
  }
}

/// `CONTRACT_KIT_SEED` and `CONTRACT_KIT_EXAMPLES` as a person types them: `random` draws one
/// seed for the process, and a value that is neither is named, never silently replaced.
@Suite struct SeedSettingTests {
  @Test func randomDrawsOneSeedForTheProcess() {
    let random = ["CONTRACT_KIT_SEED": "random"]
    #expect(ConformanceSeed.current(random) == ConformanceSeed.drawn)
    #expect(ConformanceSeed.current(random) == ConformanceSeed.current(random))
    #expect(ConformanceSeed.problem(random) == nil)
    #expect(ConformanceSeed.current(["CONTRACT_KIT_SEED": "7"]) == 7)
    #expect(ConformanceSeed.current([:]) == ConformanceSeed.defaultSeed)
  }

  @Test(arguments: ["abc", "-1", "7.5", "Random"])
  func aSeedThatIsNoneIsNamed(text: String) {
    let problem = ConformanceSeed.problem(["CONTRACT_KIT_SEED": text])
    #expect(
      problem
        == "CONTRACT_KIT_SEED=\(text) is not a seed; set the number a report printed, or random for a new one"
    )
  }

  @Test(arguments: ["0", "-3", "many", "2.5"])
  func aNumberOfInputsThatIsNoneIsNamed(text: String) {
    #expect(
      ConformanceExamples.problem(["CONTRACT_KIT_EXAMPLES": text])
        == "CONTRACT_KIT_EXAMPLES=\(text) is not a positive number; set how many inputs each check generates"
    )
    #expect(ConformanceExamples.problem(["CONTRACT_KIT_EXAMPLES": "12"]) == nil)
  }
}
