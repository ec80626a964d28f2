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
  /// How many times a chunk the model rejects may be halved, at most (6: a chunk in as many as
  /// 64 pieces); 0 turns splitting off. Every call counts against ``maxModelCalls``.
  ///
  /// Only what size can explain is split, in two along its pages or sentences:
  /// - a chunk the server says does not fit its context (llama-server's
  ///   `exceed_context_size_error`, OpenAI's `context_length_exceeded`, vLLM's "maximum context
  ///   length", and the other known phrasings), or whose prompt fills over half its room (the
  ///   window less the instructions and the answer);
  /// - a piece already halved, only when the server says so again and its prompt still fills
  ///   over a quarter of that room: a size problem does not survive halving twice.
  ///
  /// Any other rejection, such as a content filter, a refusal or a message the core does not
  /// know, costs a chunk at most 3 calls: the chunk, and its two halves when its size made
  /// overflow plausible. It ends as `modelFailed`, "the model rejected pages …", with the
  /// model's message, never as a spent budget.
  public var maxSplitDepth: Int
  /// Model calls per step for answers that do not decode: 2 asks again once after a malformed
  /// answer, then the step fails.
  public var malformedAttempts: Int
  /// How many times the backoff doubles at most, however many transient errors follow.
  public var backoffDoublings: Int
  /// The fewest letters a translated field needs for its language to be re-proved; a
  /// translation with no field that long is not taken on trust.
  public var languageProofLetters: Int
  /// How many characters of each page, up to as many in all, the source language is identified
  /// from.
  public var languageSampleCharacters: Int

  /// Creates a policy.
  public init(
    contextTokens: Int = 4096, chunkResponseTokens: Int = 384, titleResponseTokens: Int = 48,
    maxAttempts: Int = 3, maxModelCalls: Int = 64, backoffMilliseconds: Int = 250,
    maxSplitDepth: Int = 6, malformedAttempts: Int = 2, backoffDoublings: Int = 16,
    languageProofLetters: Int = 12, languageSampleCharacters: Int = 2000
  ) {
    self.contextTokens = contextTokens
    self.chunkResponseTokens = chunkResponseTokens
    self.titleResponseTokens = titleResponseTokens
    self.maxAttempts = maxAttempts
    self.maxModelCalls = maxModelCalls
    self.backoffMilliseconds = backoffMilliseconds
    self.maxSplitDepth = maxSplitDepth
    self.malformedAttempts = malformedAttempts
    self.backoffDoublings = backoffDoublings
    self.languageProofLetters = languageProofLetters
    self.languageSampleCharacters = languageSampleCharacters
  }

  /// The on-device defaults: a 4,096-token window, 384-token chunk answers, 48-token titles,
  /// three attempts per step, 64 calls per run, and a chunk rejected for its size halved up to 6
  /// times.
  public static let `default` = ProfilePolicy()

  /// Every number by name, as scenarios and configuration files spell them: the one table
  /// ``names`` and ``overriding(_:)`` are read from.
  static let fields: [(name: String, value: WritableKeyPath<ProfilePolicy, Int> & Sendable)] = [
    ("contextTokens", \.contextTokens), ("chunkResponseTokens", \.chunkResponseTokens),
    ("titleResponseTokens", \.titleResponseTokens), ("maxAttempts", \.maxAttempts),
    ("maxModelCalls", \.maxModelCalls), ("backoffMilliseconds", \.backoffMilliseconds),
    ("maxSplitDepth", \.maxSplitDepth), ("malformedAttempts", \.malformedAttempts),
    ("backoffDoublings", \.backoffDoublings), ("languageProofLetters", \.languageProofLetters),
    ("languageSampleCharacters", \.languageSampleCharacters),
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

extension ProfilePolicy {
  /// A number's name as a coding key.
  private struct Key: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  /// Reads a policy by its numbers' names; a number left out keeps its default, so a policy
  /// written before a number existed still reads.
  public init(from decoder: any Decoder) throws {
    self.init()
    let container = try decoder.container(keyedBy: Key.self)
    for field in Self.fields {
      if let value = try container.decodeIfPresent(Int.self, forKey: Key(stringValue: field.name)) {
        self[keyPath: field.value] = value
      }
    }
  }

  /// Writes every number under its name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for field in Self.fields {
      try container.encode(self[keyPath: field.value], forKey: Key(stringValue: field.name))
    }
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
