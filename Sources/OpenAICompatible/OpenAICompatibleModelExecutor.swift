import Foundation
import ProfileContracts

/// A `ProfileModelExecuting` over an OpenAI-compatible chat-completions server: llama.cpp's
/// `llama-server`, llama-cpp-python, Ollama's `/v1`, LM Studio, vLLM or a hosted API.
///
/// Each call is one `POST {baseURL}/chat/completions` with `stream: false`: the request's
/// instructions as the system message, its prompt as the user message, `responseTokens` as
/// `max_tokens`, and the JSON schema of its `ProfileModelSchema` (every field required, no
/// other properties) in the configured ``OpenAICompatibleConfiguration/Dialect``. It returns the
/// answer's content as it came, for the core to validate; it narrows every failure with
/// ``map(_:)`` (its doc comment holds the table); cancelling the calling task cancels the HTTP
/// request and ends with `CancellationError`.
///
/// ```swift
/// let model = OpenAICompatibleModelExecutor(
///   OpenAICompatibleConfiguration(baseURL: URL(string: "http://127.0.0.1:8080/v1")!))
/// ```
public struct OpenAICompatibleModelExecutor: ProfileModelExecuting {
  /// The server and how to talk to it.
  public let configuration: OpenAICompatibleConfiguration
  private let client: ChatCompletionsClient

  /// Creates an executor.
  public init(_ configuration: OpenAICompatibleConfiguration) {
    self.configuration = configuration
    client = ChatCompletionsClient(configuration)
  }

  /// The JSON schema the answer to `schema` must follow; with `tokens`, bounded so that the
  /// whole answer fits that many tokens even at one character a token: a title of at most a
  /// quarter of them, and at most five points of an eighth each.
  public static func jsonSchema(_ schema: ProfileModelSchema, boundedTo tokens: Int? = nil)
    -> [String: Any]
  {
    var title: [String: Any] = ["type": "string"]
    var point: [String: Any] = ["type": "string"]
    var points: [String: Any] = ["type": "array"]
    if let tokens {
      title["maxLength"] = max(8, tokens / 4)
      point["maxLength"] = max(8, tokens / 8)
      points["maxItems"] = 5
    }
    points["items"] = point
    var properties: [String: Any] = ["title": title]
    var required = ["title"]
    if schema == .summaryChunk {
      properties["points"] = points
      required.append("points")
    }
    return [
      "type": "object", "properties": properties, "required": required,
      "additionalProperties": false,
    ]
  }

  /// The body of the one HTTP request ``generate(_:)`` sends for `request`, byte for byte: what
  /// `Benchmarks/llm/compare-models.py` sends to compare model servers on the kit's own requests.
  ///
  /// - Throws: when the configuration holds a number JSON cannot (a temperature not finite).
  @_spi(Benchmarks) public func requestBody(for request: ProfileModelRequest) throws -> Data {
    try ChatCompletionsClient.requestBody(
      configuration, system: request.instructions, user: request.prompt,
      schema: Self.jsonSchema(
        request.schema, boundedTo: configuration.boundAnswers ? request.responseTokens : nil),
      name: request.schema.rawValue, maxTokens: request.responseTokens)
  }

  /// Runs one model call.
  ///
  /// - Throws: a `ProfileModelExecutionError` (see ``map(_:)``), or `CancellationError`.
  public func generate(_ request: ProfileModelRequest) async throws -> Data {
    guard request.responseTokens > 0 else {
      throw ProfileModelExecutionError.rejected(
        "responseTokens is \(request.responseTokens); an answer needs at least 1 token")
    }
    do {
      let content = try await client.complete(body: requestBody(for: request))
      return Data(content.utf8)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw Self.map(error)
    }
  }
}
