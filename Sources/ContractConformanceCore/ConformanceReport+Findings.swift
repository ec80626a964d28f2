import KitSupport

extension ConformanceReport {
  /// Reports as SARIF 2.1.0, for code-scanning dashboards: every rule of the suites run, with its
  /// explanation, and one result per failed check (an error when the rule is
  /// required, a warning when it is recommended, a note when the finding is pending), located at
  /// the adapter under check by its label.
  ///
  /// ```swift
  /// let sarif = ConformanceReport.renderSARIF([("translator (MyTranslator)", report)])
  /// ```
  package static func renderSARIF(_ reports: [(label: String, report: ConformanceReport)]) -> String
  {
    var seen: Set<String> = []
    let book = RuleBook.allRules()
    let rules = reports.flatMap { book[$0.report.suite] ?? [] }.filter {
      seen.insert($0.id).inserted
    }
    .map { rule in
      FindingRule(
        id: rule.id, name: rule.id, summary: rule.asserts,
        help: RuleBook.explanation(of: rule.id).map {
          "\($0)\nMore: \(RuleBook.explainCommand(rule.id))"
        })
    }
    return SARIFLog.render(
      tool: "contract-kit conformance", rules: rules,
      findings: reports.flatMap { $0.report.findings(label: $0.label) })
  }

  /// Reports as GitHub Actions annotations, one per failed check, titled with the rule's ID and
  /// the adapter's label, then one summary line per report.
  package static func renderGitHub(_ reports: [(label: String, report: ConformanceReport)])
    -> String
  {
    var lines: [String] = []
    for (label, report) in reports {
      lines += GitHubAnnotations.render(report.findings(label: label)) { "\($0.id) (\(label))" }
      let (passed, failed, skipped) = report.counts
      lines.append("\(label): \(passed) passed, \(failed) failed, \(skipped) skipped")
    }
    return lines.joined(separator: "\n")
  }

  /// The failed checks as findings, under `label`: what the check found, and the rule's advice.
  func findings(label: String) -> [Finding] {
    results.filter { $0.status == .failed }.map { result in
      let level: Finding.Level =
        result.pending ? .note : result.level == .required ? .error : .warning
      return Finding(
        id: result.id, level: level, location: Finding.Location(name: label),
        message: result.message, advice: RuleBook.rule(result.id)?.whenItFails)
    }
  }
}
