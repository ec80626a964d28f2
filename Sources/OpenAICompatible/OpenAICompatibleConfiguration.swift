import Foundation
import KitSupport

/// Where an OpenAI-compatible server is and how to talk to it: for
/// ``OpenAICompatibleModelExecutor`` and ``OpenAICompatibleTranslator``.
public struct OpenAICompatibleConfiguration: Sendable {
  /// How a server takes a JSON schema for the answer. New dialects may be added; don't switch
  /// over them exhaustively.
  public struct Dialect: RawRepresentable, Hashable, Sendable, CaseIterable {
    /// The dialect's name: the `response_format` type it sends.
    public let rawValue: String
    /// Creates a dialect from its name; `nil` for an unknown one.
    public init?(rawValue: String) {
      guard let known = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
      self = known
    }
    private init(_ name: String) { rawValue = name }

    /// `"response_format": {"type": "json_schema", "json_schema": {"name", "strict": true,
    /// "schema"}}`: OpenAI, vLLM, LM Studio, llama.cpp's `llama-server` and Ollama's `/v1`.
    public static let jsonSchema = Dialect("json_schema")
    /// `"response_format": {"type": "json_object", "schema": …}`: llama-cpp-python's server,
    /// which answers the `json_schema` form with HTTP 500 (llama-server accepts it too).
    public static let jsonObject = Dialect("json_object")
    /// Every dialect, the default first.
    public static let allCases = [jsonSchema, jsonObject]
  }

  /// The API's base, such as `http://127.0.0.1:8080/v1`; requests go to
  /// `{baseURL}/chat/completions`.
  public var baseURL: URL
  /// The model name the server knows.
  public var model: String
  /// The environment variable the API key is read from, if any; the key is sent as a bearer
  /// token and never logged or put into an error message.
  public var apiKeyVariable: String?
  /// The limit for one call.
  public var timeout: Duration
  /// How the answer's JSON schema is requested.
  public var dialect: Dialect
  /// The sampling temperature; 0 (the default) makes a local model's answers repeatable.
  public var temperature: Double
  /// The sampling seed, sent to servers that take one.
  public var seed: Int?
  /// Whether the schema bounds the answer's length, so that a grammar-constrained server
  /// (llama.cpp) cannot be cut off mid-JSON by `max_tokens`: the executor's `maxLength` and
  /// `maxItems` fit `responseTokens`; the translator's strings may be at most twice their
  /// text's length and 16 characters (`prefixItems`). OpenAI's strict mode rejects these
  /// keywords: leave it off there.
  public var boundAnswers: Bool

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - baseURL: the API's base, such as `http://127.0.0.1:8080/v1`.
  ///   - model: the model name the server knows (default `default`, which local servers
  ///     ignore).
  ///   - apiKeyVariable: the environment variable holding the API key (default
  ///     `OPENAI_API_KEY`; an unset variable sends no key).
  ///   - timeout: the limit for one call (default 120 s).
  ///   - dialect: how the JSON schema is requested (default ``Dialect/jsonSchema``).
  ///   - temperature: the sampling temperature (default 0).
  ///   - seed: the sampling seed (default 42).
  ///   - boundAnswers: bound the answer's length in its schema (default off; see
  ///     ``boundAnswers``).
  public init(
    baseURL: URL, model: String = "default", apiKeyVariable: String? = "OPENAI_API_KEY",
    timeout: Duration = .seconds(120), dialect: Dialect = .jsonSchema, temperature: Double = 0,
    seed: Int? = 42, boundAnswers: Bool = false
  ) {
    self.baseURL = baseURL
    self.model = model
    self.apiKeyVariable = apiKeyVariable
    self.timeout = timeout
    self.dialect = dialect
    self.temperature = temperature
    self.seed = seed
    self.boundAnswers = boundAnswers
  }

  /// `{baseURL}/chat/completions`.
  var endpoint: URL { baseURL.appendingPathComponent("chat/completions") }

  /// The API key from the environment, if the variable is set and not empty.
  var apiKey: String? {
    guard let apiKeyVariable,
      let key = KitEnvironment.value(apiKeyVariable), !key.isEmpty
    else { return nil }
    return key
  }
}
