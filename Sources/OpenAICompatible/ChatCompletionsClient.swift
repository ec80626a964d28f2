import Foundation
import KitSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One `POST {baseURL}/chat/completions` with `stream: false`, answered by the message's content
/// or by an ``OpenAINativeError``; shared by the executor and the translator.
struct ChatCompletionsClient: Sendable {
  let configuration: OpenAICompatibleConfiguration
  private let owner: SessionOwner

  init(_ configuration: OpenAICompatibleConfiguration) {
    self.configuration = configuration
    owner = SessionOwner(timeout: configuration.timeout.seconds)
  }

  /// A client for requests answered at once or not at all (a model list, a token count): it
  /// waits at most 10 s, or the configured timeout if shorter.
  static func quick(_ configuration: OpenAICompatibleConfiguration) -> ChatCompletionsClient {
    var quick = configuration
    quick.timeout = min(configuration.timeout, .seconds(10))
    return ChatCompletionsClient(quick)
  }

  /// The answer's content for a request `body` (``requestBody(_:system:user:schema:name:maxTokens:)``).
  ///
  /// - Throws: ``OpenAINativeError``, or `CancellationError` when the calling task is cancelled
  ///   (which cancels the HTTP request).
  func complete(body: Data) async throws -> String {
    let answer = try await exchange("POST", configuration.endpoint, body: body)
    return try Self.content(
      answer.body, status: answer.status, header: answer.header,
      url: configuration.endpoint.absoluteString)
  }

  /// The body of a `POST {baseURL}/chat/completions` for a system and a user message, the answer
  /// in the JSON shape `schema` (named `name`) with at most `maxTokens` tokens: JSON with sorted
  /// keys.
  ///
  /// - Throws: what `JSONSerialization` throws for a number JSON cannot hold (a temperature that
  ///   is not finite).
  static func requestBody(
    _ configuration: OpenAICompatibleConfiguration, system: String, user: String,
    schema: [String: Any], name: String, maxTokens: Int
  ) throws -> Data {
    var body: [String: Any] = [
      "model": configuration.model,
      "messages": [
        ["role": "system", "content": system], ["role": "user", "content": user],
      ],
      "stream": false,
      "max_tokens": maxTokens,
      "temperature": configuration.temperature,
    ]
    if let seed = configuration.seed { body["seed"] = seed }
    if configuration.dialect == .jsonObject {
      body["response_format"] = ["type": "json_object", "schema": schema]
    } else {
      body["response_format"] = [
        "type": "json_schema",
        "json_schema": ["name": name, "strict": true, "schema": schema] as [String: Any],
      ]
    }
    return try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
  }

  /// A status, a header lookup (any case) and a body.
  struct Answer {
    let status: Int
    let header: (String) -> String?
    let body: Data
  }

  /// `GET {baseURL}/{path}`, as it came: the preflight's `/models`.
  ///
  /// - Throws: ``OpenAINativeError`` (transport), or `CancellationError`.
  func get(_ path: String) async throws -> Answer {
    try await exchange("GET", configuration.baseURL.appendingPathComponent(path), body: nil)
  }

  /// `POST` of a JSON object to `url`, as it came: the tokenizer's `/tokenize`.
  ///
  /// - Throws: ``OpenAINativeError`` (transport), or `CancellationError`.
  func post(_ url: URL, json: [String: Any]) async throws -> Answer {
    try await exchange(
      "POST", url, body: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
  }

  /// One request with the configured key and timeout: over a plain socket for `http://` (local
  /// servers; see PlainHTTPClient for why not URLSession), through URLSession otherwise.
  private func exchange(_ method: String, _ url: URL, body: Data?) async throws -> Answer {
    var headers = ["Accept": "application/json"]
    if body != nil { headers["Content-Type"] = "application/json" }
    if let key = configuration.apiKey { headers["Authorization"] = "Bearer \(key)" }
    if url.scheme == "http" {
      let answer = try await PlainHTTPClient.perform(
        method, url, headers: headers, body: body, timeout: configuration.timeout.seconds)
      return Answer(
        status: answer.status, header: { answer.headers[$0.lowercased()] }, body: answer.body)
    }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.timeoutInterval = configuration.timeout.seconds
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    let (data, response) = try await send(request)
    return Answer(
      status: response.statusCode, header: { response.value(forHTTPHeaderField: $0) }, body: data)
  }

  /// Sends `request`. Cancelling the calling task cancels it and ends the call at once with
  /// `CancellationError`, without waiting for the URL session to report the cancellation.
  private func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    let call = PendingCall()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let url = request.url?.absoluteString ?? ""
        let task = owner.session.dataTask(with: request) { data, response, error in
          if let error {
            if (error as? URLError)?.code == .cancelled {
              call.finish(.failure(CancellationError()))
            } else if let error = error as? URLError {
              call.finish(.failure(OpenAICompatibleModelExecutor.native(error, url: request.url)))
            } else {
              call.finish(
                .failure(OpenAINativeError.transport(.other, url: url, detail: "\(error)")))
            }
          } else if let response = response as? HTTPURLResponse {
            call.finish(.success((data ?? Data(), response)))
          } else {
            call.finish(
              .failure(OpenAINativeError.transport(.other, url: url, detail: "no HTTP response")))
          }
        }
        call.start(task, continuation)
      }
    } onCancel: {
      call.cancel()
    }
  }

  /// The message content of a chat completion, or the native error the answer stands for.
  static func content(
    _ data: Data, status: Int, header: (String) -> String?, url: String
  ) throws -> String {
    let contentType = header("Content-Type")
    let json = try? JSONSerialization.jsonObject(with: data)
    guard (200..<300).contains(status) else {
      let retryAfter = header("Retry-After") ?? header("retry-after-ms").map { "\($0) ms" }
      guard let object = json as? [String: Any] else {
        throw OpenAINativeError.notJSON(status: status, contentType: contentType, url: url)
      }
      // `error` is an object ({"message","type","code"}) or a plain string.
      var message = "no message"
      var type: String?
      var code: String?
      if let error = object["error"] as? [String: Any] {
        message = (error["message"] as? String) ?? message
        type = error["type"] as? String
        code = (error["code"]).flatMap { $0 is NSNull ? nil : "\($0)" }
      } else if let text = object["error"] as? String {
        message = text
      } else if let text = object["message"] as? String {
        message = text
      }
      // One line: some servers send a traceback (llama-cpp-python's validation errors).
      message = message.split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        .joined(separator: " ")
      throw OpenAINativeError.http(
        status: status, type: type, code: code, message: message, retryAfter: retryAfter, url: url)
    }
    guard let object = json as? [String: Any] else {
      throw OpenAINativeError.notJSON(status: status, contentType: contentType, url: url)
    }
    guard let choices = object["choices"] as? [[String: Any]], let first = choices.first,
      let message = first["message"] as? [String: Any]
    else {
      throw OpenAINativeError.noContent(url: url, detail: "no choices[0].message")
    }
    if let refusal = message["refusal"] as? String { throw OpenAINativeError.refusal(refusal) }
    if first["finish_reason"] as? String == "content_filter" {
      throw OpenAINativeError.contentFilter
    }
    guard let content = message["content"] as? String else {
      throw OpenAINativeError.noContent(url: url, detail: "no message content")
    }
    // An answer cut at its budget is no answer: the caller asked for JSON, and half an object
    // would reach it as if it were one.
    if first["finish_reason"] as? String == "length",
      (try? JSONSerialization.jsonObject(with: Data(content.utf8))) == nil
    {
      throw OpenAINativeError.cutAtLength
    }
    return content
  }
}

/// A client's URL session, invalidated when the last copy of the client goes (a session is
/// never freed before).
private final class SessionOwner: Sendable {
  let session: URLSession

  init(timeout: TimeInterval) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    session = URLSession(configuration: configuration)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }
}

/// A call in flight: its URL task and the continuation that ends it, resumed exactly once, by
/// the answer or by cancellation, whichever comes first.
// @unchecked: `task`, `continuation` and `cancelled` are read and written only under `lock`.
private final class PendingCall: @unchecked Sendable {
  typealias Answer = Result<(Data, HTTPURLResponse), any Error>

  private let lock = Lock()
  private var task: URLSessionDataTask?
  private var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
  private var cancelled = false

  func start(
    _ task: URLSessionDataTask,
    _ continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
  ) {
    let cancelled = lock.withCriticalSection {
      self.task = task
      self.continuation = continuation
      return self.cancelled
    }
    if cancelled {
      cancel()
    } else {
      task.resume()
    }
  }

  func finish(_ answer: Answer) {
    let continuation = lock.withCriticalSection {
      defer { self.continuation = nil }
      return self.continuation
    }
    continuation?.resume(with: answer)
  }

  func cancel() {
    let task = lock.withCriticalSection {
      cancelled = true
      return self.task
    }
    task?.cancel()
    finish(.failure(CancellationError()))
  }
}

extension Duration {
  /// The duration in seconds, as `TimeInterval`.
  var seconds: TimeInterval {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
