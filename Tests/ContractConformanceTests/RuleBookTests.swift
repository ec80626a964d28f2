import ContractConformance
import Foundation
import Testing

@Suite struct RuleBookTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func theCommittedRuleBookMatchesTheCode() throws {
    let folder = Self.packageRoot.appendingPathComponent("Conformance")
    for page in RuleBook.markdownPages() {
      let committed = try? String(
        contentsOf: folder.appendingPathComponent(page.fileName), encoding: .utf8)
      #expect(
        committed == page.content,
        "Conformance/\(page.fileName) is stale; run: swift run contract-kit conformance list --format markdown --write Conformance"
      )
    }
    let names = Set(
      (try FileManager.default.contentsOfDirectory(atPath: folder.path)).filter {
        $0.hasSuffix(".md")
      })
    #expect(
      names
        == Set(RuleBook.markdownPages().map(\.fileName)).union(RuleBook.handWrittenPages).union(
          RuleBook.measuredPages),
      "Conformance/ holds pages the code does not generate")
  }

  /// The guide's table of suites gives each suite's count of rules as the rule book does.
  @Test func theGuidesRuleCountsMatchTheRuleBook() throws {
    let guide = try String(
      contentsOf: Self.packageRoot.appendingPathComponent(
        "Sources/ContractConformance/ContractConformance.docc/WhatTheSuitesCheck.md"),
      encoding: .utf8)
    let rows = [
      "translator": "Translator", "document": "Document provider", "store": "Store",
      "executor": "Model executor",
    ]
    for suite in RuleBook.suites {
      let row = try #require(rows[suite.name], "no row name for \(suite.name)")
      #expect(
        guide.contains("| \(row) | \(suite.rules.count) |"),
        "WhatTheSuitesCheck.md: the \(row) row should count \(suite.rules.count) rules")
    }
  }

  /// The guide names the current rule set as the rule book does.
  @Test func theGuideNamesTheCurrentRuleSet() throws {
    let guide = try String(
      contentsOf: Self.packageRoot.appendingPathComponent(
        "Sources/ContractConformance/ContractConformance.docc/CheckingYourAdapter.md"),
      encoding: .utf8)
    #expect(
      guide.contains("the current set is \(RuleSet.latestVersion))"),
      "CheckingYourAdapter.md should name the current rule set, \(RuleSet.latestVersion)")
  }

  @Test func ruleIDsAreUniqueDottedAndPrefixedBySuite() {
    var seen: Set<String> = []
    for suite in RuleBook.suites {
      for rule in suite.rules {
        #expect(seen.insert(rule.id).inserted, "duplicate \(rule.id)")
        #expect(rule.id.hasPrefix(suite.name + "."), "\(rule.id) is not in \(suite.name)")
        #expect(!rule.asserts.isEmpty && !rule.why.isEmpty && !rule.whenItFails.isEmpty)
      }
    }
  }

  /// Every check in the rule book is failed by at least one mutant in these tests.
  @Test func everyRuleIsKilledByAMutant() {
    var expectations: [MutantExpectation] = [DocumentProviderConformanceTests.pathJoining]
    expectations += TranslatorConformanceTests.expectations.values.flatMap { $0 }
    expectations += DocumentProviderConformanceTests.expectations.values.flatMap { $0 }
    expectations += ExecutionStoreConformanceTests.expectations.values.flatMap { $0 }
    expectations += ModelExecutorConformanceTests.expectations.values.flatMap { $0 }
    let killed = Set(expectations.map(\.failing))
      // Checked only out of process: their broken stores are in AdapterProcessTests/PowerLossTests
      // and AdapterProcessTests/DiskFullTests.
      .union(["store.powerLoss", "store.diskFull"])
    for rule in RuleBook.suites.flatMap(\.rules) {
      #expect(killed.contains(rule.id), "no mutant fails \(rule.id)")
    }
  }
}
