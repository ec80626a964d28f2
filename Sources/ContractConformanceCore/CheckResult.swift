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
  /// Whether what the check found comes from a rule, or a sharpening of one, newer than the
  /// suite's pinned ``RuleSet``: reported, but never failing the report.
  public let pending: Bool
  /// The generated input that failed, shrunk, with the choices that make it again: what a
  /// regressions folder keeps (``ConformanceSettings/regressions``). `nil` for a pass, a
  /// hand-picked example's failure, or an input replayed from the folder.
  public let regression: RegressionCase?
  /// For a failed store check, the store's folder as the check left it, before its sandbox was
  /// removed: each file by its path in the sandbox, its size and its bytes (as text when short,
  /// else the first ones in hex), at most 16 KiB. `nil` otherwise.
  public let storeFolder: String?

  /// Creates a result.
  public init(
    id: String, level: CheckLevel, status: CheckStatus, message: String, pending: Bool = false,
    regression: RegressionCase? = nil, storeFolder: String? = nil
  ) {
    self.id = id
    self.level = level
    self.status = status
    self.message = message
    self.pending = pending
    self.regression = regression
    self.storeFolder = storeFolder
  }

  /// Whether the result fails its report: a required check that failed, and is not pending.
  public var failsReport: Bool { level == .required && status == .failed && !pending }

  private enum CodingKeys: String, CodingKey {
    case id, level, status, message, pending, regression, storeFolder
  }

  /// Decodes a result; `pending` is absent when false, `regression` and `storeFolder` when there
  /// is none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    level = try container.decode(CheckLevel.self, forKey: .level)
    status = try container.decode(CheckStatus.self, forKey: .status)
    message = try container.decode(String.self, forKey: .message)
    pending = try container.decodeIfPresent(Bool.self, forKey: .pending) ?? false
    regression = try container.decodeIfPresent(RegressionCase.self, forKey: .regression)
    storeFolder = try container.decodeIfPresent(String.self, forKey: .storeFolder)
  }

  /// Encodes a result, with `pending` only when it is true and `regression` and `storeFolder`
  /// only when there is one, so reports without them read as they always have.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(level, forKey: .level)
    try container.encode(status, forKey: .status)
    try container.encode(message, forKey: .message)
    if pending { try container.encode(pending, forKey: .pending) }
    try container.encodeIfPresent(regression, forKey: .regression)
    try container.encodeIfPresent(storeFolder, forKey: .storeFolder)
  }
}
