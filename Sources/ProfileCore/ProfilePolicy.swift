/// The numbers the core decides by. Every budget decision uses `TokenEstimate`.
public struct ProfilePolicy: Codable, Hashable, Sendable {
  /// The model's context window, in tokens: instructions + prompt + response must fit.
  public var contextTokens: Int
  /// The answer budget of a chunk call.
  public var chunkResponseTokens: Int
  /// The answer budget of the title call.
  public var titleResponseTokens: Int
  /// Model calls per step, retries included, for transient errors.
  public var maxAttempts: Int
  /// Model calls per run, retries and the title included.
  public var maxModelCalls: Int
  /// The first backoff after a transient error, in milliseconds; it doubles per retry.
  public var backoffMilliseconds: Int
  /// How many times a chunk the model rejects may be halved: a rejection is taken to mean the
  /// chunk is longer than the model counts it, so the core splits it in two along its pages or
  /// sentences and asks about each half, up to this depth (6: a chunk in as many as 64 pieces).
  /// Every call counts against ``maxModelCalls``; 0 turns splitting off.
  public var maxSplitDepth: Int

  /// Creates a policy.
  public init(
    contextTokens: Int = 4096, chunkResponseTokens: Int = 384, titleResponseTokens: Int = 48,
    maxAttempts: Int = 3, maxModelCalls: Int = 64, backoffMilliseconds: Int = 250,
    maxSplitDepth: Int = 6
  ) {
    self.contextTokens = contextTokens
    self.chunkResponseTokens = chunkResponseTokens
    self.titleResponseTokens = titleResponseTokens
    self.maxAttempts = maxAttempts
    self.maxModelCalls = maxModelCalls
    self.backoffMilliseconds = backoffMilliseconds
    self.maxSplitDepth = maxSplitDepth
  }

  /// The on-device defaults: a 4,096-token window, 384-token chunk answers, 48-token titles,
  /// three attempts per step, 64 calls per run, and a rejected chunk halved up to 6 times.
  public static let `default` = ProfilePolicy()

  /// Every number by name, as scenarios and configuration files spell them: the one table
  /// ``names`` and ``overriding(_:)`` are read from.
  static let fields: [(name: String, value: WritableKeyPath<ProfilePolicy, Int> & Sendable)] = [
    ("contextTokens", \.contextTokens), ("chunkResponseTokens", \.chunkResponseTokens),
    ("titleResponseTokens", \.titleResponseTokens), ("maxAttempts", \.maxAttempts),
    ("maxModelCalls", \.maxModelCalls), ("backoffMilliseconds", \.backoffMilliseconds),
    ("maxSplitDepth", \.maxSplitDepth),
  ]

  /// The names of the numbers, as scenarios and configuration files spell them.
  public static let names: [String] = fields.map(\.name)

  /// This policy with the numbers in `overrides` replaced, by name.
  ///
  /// - Throws: ``UnknownPolicyName`` for a name not in ``names``, so a misspelled override is
  ///   never silently ignored.
  public func overriding(_ overrides: [String: Int]) throws(UnknownPolicyName) -> ProfilePolicy {
    var policy = self
    for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
      guard let field = Self.fields.first(where: { $0.name == name }) else {
        throw UnknownPolicyName(name: name)
      }
      policy[keyPath: field.value] = value
    }
    return policy
  }
}

/// A policy override whose name is not one of ``ProfilePolicy/names``.
public struct UnknownPolicyName: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name as given.
  public let name: String
  /// Creates the error.
  public init(name: String) { self.name = name }
  /// The name and the names that exist.
  public var description: String {
    "unknown policy name \"\(name)\"; use one of \(ProfilePolicy.names.joined(separator: ", "))"
  }
}
