import ContractConformance
import Foundation
import ProfileAdapters
import TestSupport
import Testing

/// Conformance reports as SARIF and GitHub annotations, read back by a real SARIF reader.
@Suite struct ConformanceSARIFTests {
  /// An executor suite run on a broken mapping: every known error mapped to `transient`, which
  /// the rule `executor.knownErrors` refuses.
  static func brokenRun() async -> ConformanceReport {
    await ModelExecutorConformance(
      errorMapping: { _ in .transient("busy") },
      knownErrors: ExtractiveModelExecutor.NativeError.allCases.map {
        KnownError($0, expected: .rejected)
      }
    ) { ExtractiveModelExecutor() }.run()
  }

  @Test(.integration, .enabled(if: SARIFTools.run, Comment(rawValue: SARIFTools.missing)))
  func sarifToolsReadsEveryFailedCheck() async throws {
    let report = await Self.brokenRun()
    let failures = report.failures
    try #require(!failures.isEmpty, "the broken mapping failed no check")
    let label = "executor (broken mapping)"
    let rows = try SARIFTools.rows(of: ConformanceReport.renderSARIF([(label, report)]))
    // sarif-tools lists results by severity, then code: compare them by rule.
    #expect(rows.map(\.code).sorted() == failures.map(\.id).sorted())
    #expect(rows.allSatisfy { $0.tool == "contract-kit conformance" })
    for failure in failures {
      let row = try #require(rows.first { $0.code == failure.id })
      #expect(row.severity == (failure.level == .required ? "error" : "warning"), "\(row)")
      #expect(row.description.hasPrefix(failure.message), "\(row)")
      // On the adapter under check, by its label: a logical location, not a file.
      #expect(row.location == label, "\(row)")
    }
  }

  @Test(.integration, .enabled(if: SARIFTools.run, Comment(rawValue: SARIFTools.missing)))
  func aPassingRunHasRulesAndNoResults() async throws {
    // The test's own limit: it is about the log, and the integration run shares two cores with
    // crash rounds and model servers, which once held this run's checks back for 10 s.
    let report = await ModelExecutorConformance(
      errorMapping: ExtractiveModelExecutor.map,
      knownErrors: ExtractiveModelExecutor.NativeError.allCases.map {
        KnownError($0, expected: .rejected)
      }, timeout: testTimeout
    ) { ExtractiveModelExecutor() }.run()
    try #require(report.isPassing, "\(report.renderText())")
    let log = ConformanceReport.renderSARIF([("executor", report)])
    #expect(try SARIFTools.rows(of: log).isEmpty)
    // Every rule of the suite is described, with its explanation and the command that prints it
    // from any package (no path into the kit's checkout).
    let value = try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any]
    let runs = try #require(value?["runs"] as? [[String: Any]])
    let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.compactMap { $0["id"] as? String } == ModelExecutorConformance.rules.map(\.id))
    for rule in rules {
      let id = try #require(rule["id"] as? String)
      let help = (rule["help"] as? [String: Any])?["text"] as? String
      #expect(help?.hasPrefix("\(id) [") == true, "\(id): \(help ?? "no help")")
      #expect(help?.contains("When it fails: ") == true)
      #expect(help?.hasSuffix("More: swift package contract-kit conformance explain \(id)") == true)
      #expect(rule["helpUri"] == nil)
    }
  }

  @Test func githubAnnotationsNameEachFailedRuleAndTheAdapter() async throws {
    let report = await Self.brokenRun()
    let lines = ConformanceReport.renderGitHub([("executor (broken)", report)])
      .split(separator: "\n").map(String.init)
    let failures = report.failures
    try #require(!failures.isEmpty)
    #expect(lines.count == failures.count + 1)
    for (line, failure) in zip(lines, failures) {
      let command = failure.level == .required ? "::error" : "::warning"
      #expect(line.hasPrefix("\(command) title=\(failure.id) (executor (broken))::"), "\(line)")
    }
    #expect(lines.last?.hasPrefix("executor (broken): ") == true)
  }
}
