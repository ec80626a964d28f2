/// One promise a suite checks, as the rule book states it.
public struct ConformanceRule: Codable, Hashable, Sendable {
  /// The stable dotted ID, such as `translator.order`.
  public let id: String
  /// Whether a failure fails the report.
  public let level: CheckLevel
  /// What the check asserts, in one sentence.
  public let asserts: String
  /// Why the contract demands it, from the design essay.
  public let why: String
  /// What to look at in the adapter when the check fails.
  public let whenItFails: String
  /// The rule-set version that introduced the rule (see ``RuleSet``).
  public let since: String
  /// The rule-set version that last made the check find more, if any: under an older pin, what
  /// only the sharpened check finds is pending.
  public let sharpened: String?

  /// Creates a rule.
  public init(
    id: String, level: CheckLevel, asserts: String, why: String, whenItFails: String,
    since: String = "0.2", sharpened: String? = nil
  ) {
    self.id = id
    self.level = level
    self.asserts = asserts
    self.why = why
    self.whenItFails = whenItFails
    self.since = since
    self.sharpened = sharpened
  }

  /// The version whose rule set first counts everything the check finds.
  public var version: String { sharpened ?? since }
}

/// Every suite's rules, for `contract-kit conformance list` and the generated `Conformance/` pages.
package enum RuleBook {
  /// The suites, in the order the rule book lists them, with their titles and rules.
  package static let suites: [(name: String, title: String, rules: [ConformanceRule])] = [
    ("translator", "Batch translator (`SummaryTranslating`)", TranslatorConformance.rules),
    (
      "document", "Document page provider (`ProfileDocumentProviding`)",
      DocumentProviderConformance.rules
    ),
    (
      "store", "Durable progress store (`ProfileExecutionStoring`)", ExecutionStoreConformance.rules
    ),
    ("executor", "Model executor (`ProfileModelExecuting`)", ModelExecutorConformance.rules),
  ]

  /// The rule with `id`, in any suite.
  package static func rule(_ id: String) -> ConformanceRule? {
    suites.lazy.flatMap(\.rules).first { $0.id == id }
  }
}
