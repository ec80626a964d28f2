/// What the app's executor narrows every native error to.
///
/// The split between `transient` and `permanent` is the basis of the core's retry policy: it
/// calls again for `transient` and stops for `permanent`.
///
/// JSON form: `{"kind": "unavailable"}` or `{"kind": "transient", "message": "busy"}`; the
/// `kind` is the case name.
public enum ProfileModelExecutionError: Error, Codable, Hashable, Sendable {
  /// The model is not usable on this device now.
  case unavailable
  /// The call may work if tried again.
  case transient(String)
  /// This input was refused.
  case rejected(String)
  /// The call will not work if tried again.
  case permanent(String)

  /// The case's name, as written in the JSON form's `kind`.
  public var kind: String {
    switch self {
    case .unavailable: "unavailable"
    case .transient: "transient"
    case .rejected: "rejected"
    case .permanent: "permanent"
    }
  }

  /// The message carried by the case, or `nil` for ``unavailable``.
  public var message: String? {
    switch self {
    case .unavailable: nil
    case .transient(let message), .rejected(let message), .permanent(let message): message
    }
  }

  private enum CodingKeys: String, CodingKey { case kind, message }

  /// Decodes the `{"kind": …, "message": …}` form.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "unavailable": self = .unavailable
    case "transient": self = .transient(try container.decode(String.self, forKey: .message))
    case "rejected": self = .rejected(try container.decode(String.self, forKey: .message))
    case "permanent": self = .permanent(try container.decode(String.self, forKey: .message))
    default:
      throw DecodingError.unknownKind(
        kind, expected: ["unavailable", "transient", "rejected", "permanent"], key: CodingKeys.kind,
        in: container)
    }
  }

  /// Encodes the `{"kind": …, "message": …}` form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encodeIfPresent(message, forKey: .message)
  }
}
