import Foundation
import KitSupport

/// Which rules count: every rule the kit has, or the rule set of an earlier kit version.
///
/// Each rule carries the version of the kit that introduced it and, when a later version made
/// its check find more, the version that sharpened it. Pinned to a version, a suite still runs
/// every rule, but a finding that only a newer rule (or a newer sharpening) makes is reported as
/// **pending**: shown, with what it found, and never failing the report, until you move the pin.
/// So upgrading the kit never turns your CI red by surprise.
///
/// ```swift
/// let suite = TranslatorConformance(pairs: pairs, timeout: .seconds(60), rules: .pinned("0.2")) {
///   MyTranslator()
/// }
/// await suite.run().recordIssues()
/// ```
///
/// Without a pin (the default), every rule counts: a conformance kit that hides what it finds
/// unless asked would pass adapters it knows to be broken. Pin when a red upgrade costs more
/// than a late finding, as for a release branch. `CONTRACT_KIT_PIN` and
/// `contract-kit conformance run --pin` set a pin from outside the code.
public struct RuleSet: Hashable, Sendable, CustomStringConvertible {
  /// The pinned version, or `nil` for every rule.
  public let pin: String?

  private init(pin: String?) { self.pin = pin }

  /// The environment variable that pins the rule set.
  package static let environmentVariable = "CONTRACT_KIT_PIN"

  /// The kit's current rule-set version: the newest any rule carries, or the suites' monitors
  /// came with.
  public static let latestVersion = "0.7"

  /// Every rule the kit has counts.
  public static let all = RuleSet(pin: nil)

  /// The rule set of kit version `version`: rules introduced or sharpened later are pending.
  public static func pinned(_ version: String) -> RuleSet { RuleSet(pin: version) }

  /// The scoped ``ConformanceSettings``' rule set, else the one `CONTRACT_KIT_PIN` names, else
  /// ``all``.
  @usableFromInline package static func current(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> RuleSet
  {
    if let scoped = ConformanceSettings.scoped?.rules { return scoped }
    guard let pin = KitEnvironment.value(environmentVariable, in: environment) else { return .all }
    return .pinned(pin)
  }

  /// Whether a finding made by what version `version` added is pending under this rule set.
  package func isPending(_ version: String) -> Bool {
    guard let pin else { return false }
    return Self.compare(version, pin) > 0
  }

  /// `all`, or `pinned 0.2`.
  public var description: String { pin.map { "pinned \($0)" } ?? "all" }

  /// Whether `version` is a version this kit knows: dotted numbers, such as `0.2`.
  package static func isWellFormed(_ version: String) -> Bool {
    let parts = version.split(separator: ".", omittingEmptySubsequences: false)
    return !parts.isEmpty
      && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }
  }

  /// Compares dotted versions number by number: `0.10` is after `0.9`.
  static func compare(_ a: String, _ b: String) -> Int {
    let left = a.split(separator: ".").map { Int($0) ?? 0 }
    let right = b.split(separator: ".").map { Int($0) ?? 0 }
    for index in 0..<max(left.count, right.count) {
      let x = index < left.count ? left[index] : 0
      let y = index < right.count ? right[index] : 0
      if x != y { return x < y ? -1 : 1 }
    }
    return 0
  }
}
