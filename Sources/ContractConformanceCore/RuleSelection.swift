import Foundation
import KitSupport

/// Which rules a run checks: the scoped ``ConformanceSettings``' selection (what
/// `contract-kit conformance run --rule` sets), else `CONTRACT_KIT_RULES` (IDs, comma-separated),
/// else every rule.
///
/// `swift test --filter` matches test names, not a parameterized test's arguments, so this is how
/// one rule of a suite runs alone from the command line:
///
/// ```sh
/// CONTRACT_KIT_RULES=translator.order swift test --filter translatorKeepsTheContract
/// ```
///
/// An ID that no suite has fails every suite's report, naming it: a misspelled selection never
/// passes by checking nothing.
package enum RuleSelection {
  /// The environment variable that selects rules.
  package static let environmentVariable = "CONTRACT_KIT_RULES"

  /// The selected rule IDs, or `nil` for every rule.
  package static func current(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Set<String>? {
    if let scoped = ConformanceSettings.scoped?.selection { return scoped }
    guard let list = KitEnvironment.value(environmentVariable, in: environment) else { return nil }
    return Set(
      list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty
      })
  }

  /// The IDs of `selection` that no suite has, sorted.
  package static func unknown(_ selection: Set<String>) -> [String] {
    selection.filter { RuleBook.rule($0) == nil }.sorted()
  }

  /// The failure a report carries when the selection names rules no suite has, or none at all.
  static func failure(_ selection: Set<String>) -> CheckResult? {
    let unknown = unknown(selection)
    guard !unknown.isEmpty || selection.isEmpty else { return nil }
    let message =
      selection.isEmpty
      ? "the rule selection (--rule, or \(environmentVariable)) is empty, so nothing would be checked; name rule IDs, or unset it"
      : "the rule selection (--rule, or \(environmentVariable)) names \(unknown.joined(separator: ", ")), which no suite has; contract-kit conformance list shows every rule ID"
    return CheckResult(
      id: "selection", level: .required, status: .failed, message: message, pending: false)
  }
}
