import Foundation
import KitSupport

/// What the four suites share: their rules, and a run of every rule or of one.
///
/// One rule per test case, under Swift Testing, so each rule shows in Xcode's test navigator by
/// its ID and reruns alone from there:
///
/// ```swift
/// @Test(.serialized, arguments: TranslatorConformance.rules)
/// func translatorRule(_ rule: ConformanceRule) async {
///   let pairs = [LanguagePair(source: "ko", target: "en")]
///   await TranslatorConformance(pairs: pairs, timeout: .seconds(120)) { MyTranslator() }
///     .run(rule).recordIssues()
/// }
/// ```
public protocol ConformanceSuite: Sendable {
  /// The suite's name in reports: `translator`, `document`, `store` or `executor`.
  static var name: String { get }
  /// The suite's rules, in the order it runs them.
  static var rules: [ConformanceRule] { get }
  /// Runs every selected check (the scoped ``ConformanceSettings``' selection, else the IDs in
  /// `CONTRACT_KIT_RULES`, else every rule) and returns the report.
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

/// A suite whose checks a ``CheckRunner`` runs, as all four are: their ``ConformanceSuite/run()``,
/// written once.
protocol CheckedSuite: ConformanceSuite {
  /// Each rule with the check that proves it, in the order the suite runs them.
  static var checks: [Check<Self>] { get }
  /// How long each check may take.
  var timeout: Duration { get }
  /// The seed of the checks' generated inputs.
  var seed: UInt64 { get }
  /// Which rules count.
  var rules: RuleSet { get }
  /// This suite with every adapter its factory makes wrapped in the protocol's monitor, so each
  /// call any check makes is judged against the protocol's per-call promises.
  func monitored() -> Self
  /// `message` without what differs between runs on one machine, such as a sandbox's random
  /// folder name, so that two runs' reports compare equal.
  func scrubbed(_ message: String) -> String
}

extension CheckedSuite {
  /// Messages as they are: only the store suite makes folders of its own.
  func scrubbed(_ message: String) -> String { message }
}

extension CheckedSuite {
  /// Runs every selected check (the scoped ``ConformanceSettings``' selection, else the IDs in
  /// `CONTRACT_KIT_RULES`, else every rule) and returns the report.
  ///
  /// With a regressions folder (``ConformanceSettings/regressions``, or
  /// `CONTRACT_KIT_REGRESSIONS`), each rule first replays the inputs the folder keeps for it,
  /// and a generated input that fails is added to the folder.
  public func run() async -> ConformanceReport {
    guard let folder = RegressionFolder.current() else { return await runChecks() }
    let stored: [String: [RegressionCase]]
    switch RegressionFolder.load(folder, suite: Self.name, rules: Set(Self.rules.map(\.id))) {
    case .success(let cases): stored = cases
    case .failure(let problem):
      return ConformanceReport(
        suite: Self.name,
        results: [
          CheckResult(
            id: "regressions", level: .required, status: .failed, message: problem.message)
        ], seed: nil)
    }
    let report = await StoredRegressions.$current.withValue(stored) { await runChecks() }
    let found = report.results.compactMap(\.regression)
    // The read-only plugin verb replays the folder, but may not write into the package.
    let problem =
      found.isEmpty
      ? nil
      : PluginAccess.canWrite
        ? RegressionFolder.keep(found, in: folder, suite: Self.name)
        : "not kept in \(folder.path): the contract-kit plugin verb may not write into the package; \(PluginAccess.writeCommand)"
    guard let problem else { return report }
    // The run's findings stand; only keeping them failed, and the message says so.
    return ConformanceReport(
      suite: report.suite,
      results: report.results.map { result in
        guard result.regression != nil else { return result }
        return CheckResult(
          id: result.id, level: result.level, status: result.status,
          message: result.message + "\n" + problem, pending: result.pending,
          regression: result.regression, storeFolder: result.storeFolder)
      }, seed: report.seed, ruleSet: report.ruleSet)
  }

  /// Every selected check, run under the monitors.
  private func runChecks() async -> ConformanceReport {
    await CheckRunner(suite: Self.name, timeout: timeout, rules: rules)
      .run(Self.checks, on: monitored(), seed: seed, scrub: scrubbed)
  }
}

extension TranslatorConformance: CheckedSuite {
  /// `translator`.
  public static let name = "translator"

  func monitored() -> Self {
    var suite = self
    let make = makeTranslator
    suite.makeTranslator = { TranslatorMonitor(base: try await make()) }
    return suite
  }
}

extension DocumentProviderConformance: CheckedSuite {
  /// `document`.
  public static let name = "document"

  func monitored() -> Self {
    var suite = self
    let make = makeProvider
    suite.makeProvider = { fixture in
      let (provider, attachmentID) = try await make(fixture)
      return (DocumentMonitor(provider), attachmentID)
    }
    return suite
  }
}

extension ExecutionStoreConformance: CheckedSuite {
  /// `store`.
  public static let name = "store"

  /// The store suite with every store its factory opens noting its calls while under way
  /// (``StoreMonitor``); its histories already check every answer against the store's model.
  func monitored() -> Self {
    var suite = self
    let make = makeStore
    suite.makeStore = { StoreMonitor(base: try await make($0)) }
    return suite
  }

  /// `message` with every check's sandbox folder, `<scratch>/contract-kit-store-<UUID>`, written
  /// `<sandbox>`, whichever step of whichever check wrote it.
  func scrubbed(_ message: String) -> String {
    Set([scratch.path, scratch.resolvingSymlinksInPath().path]).reduce(message) { text, base in
      let folder = base.hasSuffix("/") ? String(base.dropLast()) : base
      let pattern =
        NSRegularExpression.escapedPattern(for: folder) + "/contract-kit-store-[0-9A-Fa-f-]{36}"
      guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
      return expression.stringByReplacingMatches(
        in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "<sandbox>")
    }
  }
}

extension ModelExecutorConformance: CheckedSuite {
  /// `executor`.
  public static let name = "executor"

  func monitored() -> Self {
    var suite = self
    let make = makeExecutor
    suite.makeExecutor = { ExecutorMonitor(base: try await make()) }
    return suite
  }
}

extension ConformanceRule: CustomStringConvertible {
  /// The rule's ID: how a per-rule test case is named.
  public var description: String { id }
}
