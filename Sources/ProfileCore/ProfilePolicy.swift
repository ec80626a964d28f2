/// The numbers the core decides by. Every budget decision uses ``TokenEstimate``.
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

  /// Creates a policy.
  public init(
    contextTokens: Int = 4096, chunkResponseTokens: Int = 384, titleResponseTokens: Int = 48,
    maxAttempts: Int = 3, maxModelCalls: Int = 64, backoffMilliseconds: Int = 250
  ) {
    self.contextTokens = contextTokens
    self.chunkResponseTokens = chunkResponseTokens
    self.titleResponseTokens = titleResponseTokens
    self.maxAttempts = maxAttempts
    self.maxModelCalls = maxModelCalls
    self.backoffMilliseconds = backoffMilliseconds
  }

  /// The on-device defaults: a 4,096-token window, 384-token chunk answers, 48-token titles,
  /// three attempts per step and 64 calls per run.
  public static let `default` = ProfilePolicy()
}
