/// The per-step record of a run.
///
/// Deterministic: it holds no clock readings, so it can be compared in golden files.
public struct ProfileExecutionReceipt: Codable, Hashable, Sendable {
  /// One record per step, in the order the steps first ran.
  public var steps: [ProfileStepRecord]

  /// Creates a receipt.
  public init(steps: [ProfileStepRecord] = []) { self.steps = steps }
}

/// What happened in one step of a run, such as `chunk-3`, `title` or `translate`.
public struct ProfileStepRecord: Codable, Hashable, Sendable {
  /// The step's identifier.
  public let stepID: String
  /// Model calls made for this step, retries included.
  public var attempts: Int
  /// How the step ended.
  public var status: ProfileStepStatus

  /// Creates a step record.
  public init(stepID: String, attempts: Int, status: ProfileStepStatus) {
    self.stepID = stepID
    self.attempts = attempts
    self.status = status
  }
}

/// How a step ended.
///
/// JSON form: an object whose `kind` is the case name, plus `failure` for ``failed(_:)`` and
/// `reason` for ``skipped(_:)`` and ``notPromoted(_:)``. For example
/// `{"kind": "notPromoted", "reason": "sent 5 texts, got 4 back"}`.
public enum ProfileStepStatus: Codable, Hashable, Sendable {
  /// The step finished and its result was used.
  case completed
  /// The step failed.
  case failed(ProfileFailure)
  /// The step did not run, for the reason given.
  case skipped(String)
  /// The step ran, but the core refused to promote its result, for the reason given: for
  /// example a translation whose count or language did not prove out.
  case notPromoted(String)

  /// The case's name, as written in the JSON form's `kind`.
  public var kind: String {
    switch self {
    case .completed: "completed"
    case .failed: "failed"
    case .skipped: "skipped"
    case .notPromoted: "notPromoted"
    }
  }

  private enum CodingKeys: String, CodingKey { case kind, failure, reason }

  /// Decodes the `{"kind": …}` form.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "completed": self = .completed
    case "failed": self = .failed(try container.decode(ProfileFailure.self, forKey: .failure))
    case "skipped": self = .skipped(try container.decode(String.self, forKey: .reason))
    case "notPromoted": self = .notPromoted(try container.decode(String.self, forKey: .reason))
    default:
      throw DecodingError.unknownKind(
        kind, expected: ["completed", "failed", "skipped", "notPromoted"], key: CodingKeys.kind,
        in: container)
    }
  }

  /// Encodes the `{"kind": …}` form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    switch self {
    case .completed: break
    case .failed(let failure): try container.encode(failure, forKey: .failure)
    case .skipped(let reason), .notPromoted(let reason):
      try container.encode(reason, forKey: .reason)
    }
  }
}
