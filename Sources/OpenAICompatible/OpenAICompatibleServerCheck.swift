import Foundation

/// What a preflight found wrong with an OpenAI-compatible server, before any model call: each
/// kind carries the URL it asked, so that a report can name it and say what to change. New kinds
/// may be added: compare with `==` rather than taking it apart.
public struct OpenAICompatibleServerProblem: Error, Hashable, Sendable {
  /// The kinds, for the package's own switches (the command line's messages).
  package enum Storage: Hashable, Sendable {
    case unreachable(url: String, detail: String)
    case notTheAPI(url: String, status: Int, detail: String)
    case needsKey(url: String, status: Int, message: String)
    case unknownModel(String, served: [String], url: String)
    case failed(url: String, status: Int, message: String)
  }

  /// What was found, with what the server said.
  package let storage: Storage

  private init(_ storage: Storage) { self.storage = storage }

  /// Nothing answered: connection refused, host not found, or no answer in time.
  public static func unreachable(url: String, detail: String) -> Self {
    Self(.unreachable(url: url, detail: detail))
  }

  /// Something answered, but not the OpenAI API: a 404 (a wrong path), or a body that is not
  /// JSON (a web page, a proxy's error page), or JSON without a model list.
  public static func notTheAPI(url: String, status: Int, detail: String) -> Self {
    Self(.notTheAPI(url: url, status: status, detail: detail))
  }

  /// The server wants an API key (401), or refuses this one (403).
  public static func needsKey(url: String, status: Int, message: String) -> Self {
    Self(.needsKey(url: url, status: status, message: message))
  }

  /// The server answers, but does not serve the model asked for.
  public static func unknownModel(_ model: String, served: [String], url: String) -> Self {
    Self(.unknownModel(model, served: served, url: url))
  }

  /// Any other error status, with the server's own message.
  public static func failed(url: String, status: Int, message: String) -> Self {
    Self(.failed(url: url, status: status, message: message))
  }
}

/// The preflight of an OpenAI-compatible server: one `GET {baseURL}/models`, which every server
/// the kit was tried with answers (llama.cpp's `llama-server`, llama-cpp-python, Ollama's `/v1`,
/// LM Studio, vLLM, OpenAI), so that a wrong URL or model name is one clear line before a run
/// starts rather than a failed step after it.
///
/// ```swift
/// let served = try await OpenAICompatibleServerCheck(configuration).run()
/// ```
public struct OpenAICompatibleServerCheck: Sendable {
  /// The server and the model to look for.
  public let configuration: OpenAICompatibleConfiguration
  private let client: ChatCompletionsClient

  /// Creates a check. A configuration whose model is `default` (the server's own) accepts any
  /// list of models; any other name must be listed (as itself, or with Ollama's `:latest`).
  /// The check waits at most 10 s (or the configured timeout, if shorter): a model list is
  /// answered at once or not at all.
  public init(_ configuration: OpenAICompatibleConfiguration) {
    self.configuration = configuration
    client = ChatCompletionsClient.quick(configuration)
  }

  /// Asks the server for its models.
  ///
  /// - Returns: the IDs the server lists, in its order.
  /// - Throws: ``OpenAICompatibleServerProblem``, or `CancellationError`.
  public func run() async throws -> [String] { try await inspect().models }

  /// Asks the server for its models, and reads the model's context window from the same answer
  /// where the server states it (see ``ServerContext``).
  ///
  /// - Throws: ``OpenAICompatibleServerProblem``, or `CancellationError`.
  public func inspect() async throws -> OpenAICompatibleServerInfo {
    let url = configuration.baseURL.appendingPathComponent("models").absoluteString
    let answer: ChatCompletionsClient.Answer
    do {
      answer = try await client.get("models")
    } catch let error as OpenAINativeError {
      if case .transport(_, _, let detail) = error.storage {
        throw OpenAICompatibleServerProblem.unreachable(url: url, detail: detail)
      }
      throw error
    }
    let models = try Self.models(
      answer.body, status: answer.status, contentType: answer.header("Content-Type"), url: url,
      model: configuration.model)
    return OpenAICompatibleServerInfo(
      models: models, context: ServerContext.read(answer.body, model: configuration.model))
  }

  /// The model IDs in a `/models` answer, or the problem it shows; `model` must be among them
  /// unless it is `default`.
  static func models(_ data: Data, status: Int, contentType: String?, url: String, model: String)
    throws -> [String]
  {
    let json = try? JSONSerialization.jsonObject(with: data)
    let object = json as? [String: Any]
    guard (200..<300).contains(status) else {
      var message = "no message"
      if let error = object?["error"] as? [String: Any], let text = error["message"] as? String {
        message = text
      } else if let text = (object?["error"] ?? object?["message"] ?? object?["detail"]) as? String
      {
        message = text
      }
      switch status {
      case 401, 403:
        throw OpenAICompatibleServerProblem.needsKey(url: url, status: status, message: message)
      case 404, 405:
        throw OpenAICompatibleServerProblem.notTheAPI(
          url: url, status: status, detail: "HTTP \(status)")
      default:
        guard object != nil else {
          throw OpenAICompatibleServerProblem.notTheAPI(
            url: url, status: status, detail: "HTTP \(status), \(contentType ?? "no content type")")
        }
        throw OpenAICompatibleServerProblem.failed(url: url, status: status, message: message)
      }
    }
    guard let object else {
      throw OpenAICompatibleServerProblem.notTheAPI(
        url: url, status: status, detail: "\(contentType ?? "a body") that is not JSON")
    }
    guard let list = object["data"] as? [[String: Any]] else {
      throw OpenAICompatibleServerProblem.notTheAPI(
        url: url, status: status, detail: "JSON without a model list (no \"data\")")
    }
    let served = list.compactMap { $0["id"] as? String }
    // llama-server lists other names a model answers to as `aliases`; Ollama lists
    // `llama3:latest` and answers to `llama3`.
    let names = Set(served + list.flatMap { ($0["aliases"] as? [String]) ?? [] })
    guard model == "default" || names.contains(model) || names.contains(model + ":latest") else {
      throw OpenAICompatibleServerProblem.unknownModel(model, served: served, url: url)
    }
    return served
  }
}
