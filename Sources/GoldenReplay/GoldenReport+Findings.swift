import KitSupport

extension GoldenReport {
  /// The report as SARIF 2.1.0, for code-scanning dashboards: one result per scenario that did
  /// not pass, on its file in `folder` (the path the log gives, such as `Golden`), with the first
  /// divergence as what was expected and what came.
  public func renderSARIF(folder: String) -> String {
    SARIFLog.render(
      tool: "contract-kit golden", rules: Self.findingRules, findings: findings(folder: folder))
  }

  /// The report as GitHub Actions annotations, one per scenario that did not pass, on its file
  /// in `folder`, then the summary line.
  public func renderGitHub(folder: String) -> String {
    let lines = GitHubAnnotations.render(findings(folder: folder)) { "\($0.id) (golden replay)" }
    return (lines + [summaryLine]).joined(separator: "\n")
  }

  /// What a golden result that did not pass can be.
  static let findingRules = [
    FindingRule(
      id: "golden.failed", name: "failed",
      summary: "The core made a call or returned an outcome other than its recording"),
    FindingRule(
      id: "golden.error", name: "error",
      summary: "The scenario could not run: a file, a key or a mode is wrong"),
    FindingRule(
      id: "golden.recorded", name: "recorded",
      summary: "The scenario was recorded, not replayed: review it with git diff and run again"),
  ]

  /// The results that did not pass, as findings on their scenario files in `folder`.
  func findings(folder: String) -> [Finding] {
    let prefix = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
    return failures.map { result in
      let divergence = result.divergence
      return Finding(
        id: "golden.\(result.status)", level: result.status == .recorded ? .warning : .error,
        location: Finding.Location(path: prefix + result.name + ".json", name: result.name),
        message: "\(result.name): \(result.status): " + result.lines.joined(separator: " "),
        expected: divergence.map { $0.expected?.description ?? "no further call" },
        actual: divergence.map { $0.actual?.description ?? "no further call" })
    }
  }
}
