/// How much a check matters: a failed `required` check fails the report; a failed `recommended`
/// one is reported but does not.
public struct CheckLevel: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
  /// `required` or `recommended`.
  public let rawValue: String
  /// Creates a level from its name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The contract demands it: a failure fails the report.
  public static let required = CheckLevel(rawValue: "required")
  /// Good practice: a failure is reported but does not fail the report.
  public static let recommended = CheckLevel(rawValue: "recommended")

  /// The level's name.
  public var description: String { rawValue }

}

/// How a check ended. A skip always carries its reason and never counts as a pass.
public struct CheckStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
  /// `passed`, `failed` or `skipped`.
  public let rawValue: String
  /// Creates a status from its name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The adapter kept the promise.
  public static let passed = CheckStatus(rawValue: "passed")
  /// The adapter broke the promise, or the check timed out.
  public static let failed = CheckStatus(rawValue: "failed")
  /// The check did not apply; its message says why.
  public static let skipped = CheckStatus(rawValue: "skipped")

  /// The status's name.
  public var description: String { rawValue }

}

/// What one check found: a structured result that reporters render as text, JSON, JUnit or test
/// failures.
public struct CheckResult: Codable, Hashable, Sendable {
  /// The rule's stable dotted ID, such as `translator.order`.
  public let id: String
  /// Whether a failure fails the report.
  public let level: CheckLevel
  /// How the check ended.
  public let status: CheckStatus
  /// What was expected, what came back, and what to look at; for a pass, what was shown.
  public let message: String

  /// Creates a result.
  public init(id: String, level: CheckLevel, status: CheckStatus, message: String) {
    self.id = id
    self.level = level
    self.status = status
    self.message = message
  }
}
