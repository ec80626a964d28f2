import KitSupport

/// The results of one suite run against one adapter.
///
/// After a suite has run:
///
/// ```swift
/// let passing = report.isPassing  // no required check failed
/// let failures = report.failures  // the failed checks, required and recommended
/// ```
public struct ConformanceReport: Codable, Hashable, Sendable {
  /// The suite's name: `translator`, `document`, `store` or `executor`.
  public let suite: String
  /// One result per rule, in the rule book's order.
  public let results: [CheckResult]
  /// The seed of the suite's randomized inputs, replayed with `CONTRACT_KIT_SEED`; `nil` for a
  /// suite without any.
  public let seed: UInt64?
  /// The rule set the results were judged by: the version pinned (see ``RuleSet``), or the
  /// kit's latest. With the seed and the adapter, what a verification record needs to compare
  /// two runs. `nil` in a report written before it was recorded.
  public let ruleSet: String?
  /// The version of the kit that ran the suite, as `contract-kit --version` prints it. `nil` in a
  /// report written before it was recorded.
  public let kit: String?

  /// Creates a report, made by this version of the kit.
  public init(
    suite: String, results: [CheckResult], seed: UInt64?, ruleSet: String? = RuleSet.latestVersion
  ) {
    self.suite = suite
    self.results = results
    self.seed = seed
    self.ruleSet = ruleSet
    self.kit = KitVersion.current
  }

  /// Whether no required check failed. Skips, recommended failures and pending findings do not
  /// fail a report.
  public var isPassing: Bool { !results.contains(where: \.failsReport) }

  /// The results whose findings are pending under the suite's pinned ``RuleSet``.
  public var pending: [CheckResult] { results.filter(\.pending) }

  /// The failed checks, required and recommended.
  public var failures: [CheckResult] { results.filter { $0.status == .failed } }

  /// The result of the check with `id`, if the suite has it.
  public func result(_ id: String) -> CheckResult? { results.first { $0.id == id } }

  /// Counts by status: `(passed, failed, skipped)`.
  public var counts: (passed: Int, failed: Int, skipped: Int) {
    results.reduce(into: (0, 0, 0)) { counts, result in
      switch result.status {
      case .passed: counts.0 += 1
      case .failed: counts.1 += 1
      default: counts.2 += 1
      }
    }
  }
}
