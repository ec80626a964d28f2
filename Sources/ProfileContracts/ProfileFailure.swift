/// Where a run ended, when it could not finish.
///
/// The first six kinds concern the model and its input; the last three concern the adapters the
/// app supplies.
///
/// JSON form: an object whose `kind` is the case name, plus the case's value under `message`,
/// `estimatedTokens`, `limit` or `profile`. For example
/// `{"kind": "contextWouldOverflow", "estimatedTokens": 5120}` or `{"kind": "modelUnavailable"}`.
public enum ProfileFailure: Error, Codable, Hashable, Sendable {
  /// The input was empty or out of bounds.
  case invalidInput(String)
  /// The call would overflow the model's context window, by this estimate.
  case contextWouldOverflow(estimatedTokens: Int)
  /// The model answered outside its schema.
  case malformedModelOutput(String)
  /// The model cannot be used on this device or in this state.
  case modelUnavailable
  /// The model call itself failed.
  case modelFailed(String)
  /// The run would have made more model calls than its budget allows.
  case modelCallBudgetExceeded(limit: Int)
  /// The profile is not registered.
  case unsupportedProfile(ProfileIdentifier)
  /// There is no progress to continue from.
  case missingCheckpoint
  /// The app's store could not be opened, read or written.
  case executionStoreUnavailable

  /// Every kind, in declaration order, as written in the JSON form's `kind`.
  public static let allKinds = [
    "invalidInput", "contextWouldOverflow", "malformedModelOutput", "modelUnavailable",
    "modelFailed", "modelCallBudgetExceeded", "unsupportedProfile", "missingCheckpoint",
    "executionStoreUnavailable",
  ]

  /// The case's name, as written in the JSON form's `kind`.
  public var kind: String {
    switch self {
    case .invalidInput: "invalidInput"
    case .contextWouldOverflow: "contextWouldOverflow"
    case .malformedModelOutput: "malformedModelOutput"
    case .modelUnavailable: "modelUnavailable"
    case .modelFailed: "modelFailed"
    case .modelCallBudgetExceeded: "modelCallBudgetExceeded"
    case .unsupportedProfile: "unsupportedProfile"
    case .missingCheckpoint: "missingCheckpoint"
    case .executionStoreUnavailable: "executionStoreUnavailable"
    }
  }

  private enum CodingKeys: String, CodingKey { case kind, message, estimatedTokens, limit, profile }

  /// Decodes the `{"kind": …}` form.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(String.self, forKey: .kind)
    func message() throws -> String { try container.decode(String.self, forKey: .message) }
    switch kind {
    case "invalidInput": self = .invalidInput(try message())
    case "contextWouldOverflow":
      self = .contextWouldOverflow(
        estimatedTokens: try container.decode(Int.self, forKey: .estimatedTokens))
    case "malformedModelOutput": self = .malformedModelOutput(try message())
    case "modelUnavailable": self = .modelUnavailable
    case "modelFailed": self = .modelFailed(try message())
    case "modelCallBudgetExceeded":
      self = .modelCallBudgetExceeded(limit: try container.decode(Int.self, forKey: .limit))
    case "unsupportedProfile":
      self = .unsupportedProfile(try container.decode(ProfileIdentifier.self, forKey: .profile))
    case "missingCheckpoint": self = .missingCheckpoint
    case "executionStoreUnavailable": self = .executionStoreUnavailable
    default:
      throw DecodingError.unknownKind(
        kind, expected: Self.allKinds, key: CodingKeys.kind, in: container)
    }
  }

  /// Encodes the `{"kind": …}` form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    switch self {
    case .invalidInput(let message), .malformedModelOutput(let message),
      .modelFailed(let message):
      try container.encode(message, forKey: .message)
    case .contextWouldOverflow(let estimatedTokens):
      try container.encode(estimatedTokens, forKey: .estimatedTokens)
    case .modelCallBudgetExceeded(let limit):
      try container.encode(limit, forKey: .limit)
    case .unsupportedProfile(let profile):
      try container.encode(profile, forKey: .profile)
    case .modelUnavailable, .missingCheckpoint, .executionStoreUnavailable:
      break
    }
  }
}
