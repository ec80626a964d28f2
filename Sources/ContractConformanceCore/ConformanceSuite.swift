/// What the four suites share: their rules, and a run of every rule or of one.
///
/// One rule per test case, under Swift Testing, so each rule shows in Xcode's test navigator by
/// its ID and reruns alone from there:
///
/// ```swift
/// @Test(arguments: TranslatorConformance.rules)
/// func translator(_ rule: ConformanceRule) async {
///   await TranslatorConformance(pairs: [LanguagePair(source: "ko", target: "en")]) {
///     MyTranslator()
///   }.run(rule).recordIssues()
/// }
/// ```
public protocol ConformanceSuite: Sendable {
  /// The suite's name in reports: `translator`, `document`, `store` or `executor`.
  static var name: String { get }
  /// The suite's rules, in the order it runs them.
  static var rules: [ConformanceRule] { get }
  /// Runs every selected check (see ``RuleSelection``) and returns the report.
  func run() async -> ConformanceReport
}

extension ConformanceSuite {
  /// Runs the check of `rule` alone and returns its report.
  ///
  /// A rule that `CONTRACT_KIT_RULES` leaves out is reported as skipped, saying so; a rule of
  /// another suite, or a selection naming a rule no suite has, fails the report.
  public func run(_ rule: ConformanceRule) async -> ConformanceReport {
    guard Self.rules.contains(where: { $0.id == rule.id }) else {
      return ConformanceReport(
        suite: Self.name,
        results: [
          CheckResult(
            id: rule.id, level: .required, status: .failed,
            message:
              "\(rule.id) is not a rule of the \(Self.name) suite; pass one of \(String(describing: Self.self)).rules",
            pending: false)
        ], seed: nil)
    }
    if let selected = RuleSelection.current(), !selected.contains(rule.id) {
      let result =
        RuleSelection.failure(selected)
        ?? CheckResult(
          id: rule.id, level: rule.level, status: .skipped,
          message:
            "not selected: the rule selection (\(RuleSelection.environmentVariable)) is \(selected.sorted().joined(separator: ","))",
          pending: false)
      return ConformanceReport(suite: Self.name, results: [result], seed: nil)
    }
    var settings = ConformanceSettings.scoped ?? ConformanceSettings()
    settings.selection = [rule.id]
    return await ConformanceSettings.$scoped.withValue(settings) { await run() }
  }
}

extension TranslatorConformance: ConformanceSuite {
  /// `translator`.
  public static let name = "translator"
}

extension DocumentProviderConformance: ConformanceSuite {
  /// `document`.
  public static let name = "document"
}

extension ExecutionStoreConformance: ConformanceSuite {
  /// `store`.
  public static let name = "store"
}

extension ModelExecutorConformance: ConformanceSuite {
  /// `executor`.
  public static let name = "executor"
}

extension ConformanceRule: CustomStringConvertible {
  /// The rule's ID: how a per-rule test case is named.
  public var description: String { id }
}
