import Foundation
import ProfileContracts

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension OpenAICompatibleModelExecutor {
  /// Narrows an error of an OpenAI-compatible call to one of the four kinds. Pure: the same
  /// error always maps the same way.
  ///
  /// | Condition | Kind |
  /// |---|---|
  /// | Connection refused; host not found | `unavailable` |
  /// | Unknown or unloaded model: 404 `model_not_found` or `not_found_error`, Ollama's 404 "not found, try pulling it", llama.cpp's router 400 "model not found" / "model is not loaded" | `unavailable` |
  /// | Timeout; connection lost | `transient` |
  /// | 429, unless `insufficient_quota` (the `Retry-After` kept in the message) | `transient` |
  /// | 503 (llama.cpp's "Loading model", Ollama's "server busy"), 500, other 5xx | `transient` |
  /// | A 5xx that is a request validation error (llama-cpp-python's 500 for a `response_format` it does not take: pydantic's "validation error" at `('body', …)`) | `permanent` |
  /// | A 502/504 (or any 5xx) HTML page from a proxy | `transient` |
  /// | 429 `insufficient_quota` | `permanent` |
  /// | 401, 403; 404 with no model code (a wrong path) | `permanent` |
  /// | 400 `invalid_request_error`, "Failed to parse grammar", any other 4xx | `permanent` |
  /// | 501 | `permanent` |
  /// | A 200 (or 4xx) whose body is not JSON (a wrong base URL, a web UI); JSON without a chat completion | `permanent` |
  /// | Context too long: 400 `context_length_exceeded`, `exceed_context_size_error`, vLLM's "maximum context length" | `rejected` |
  /// | `finish_reason: "content_filter"`; a non-null `message.refusal`; a 400 `content_filter` (Azure OpenAI's filtered prompt) | `rejected` |
  /// | `finish_reason: "length"` with an answer that is not whole JSON (cut at its budget) | `rejected` |
  /// | `CancellationError` | `permanent` (never retried) |
  /// | Anything else | `permanent` |
  ///
  /// Statuses and codes decide wherever a server sends them; the message is read only where a
  /// server sends nothing else that tells the cases apart (Ollama's native 404, llama.cpp's
  /// router, vLLM's context error).
  public static func map(_ error: any Error) -> ProfileModelExecutionError {
    switch error {
    case let error as ProfileModelExecutionError: return error
    case is CancellationError: return .permanent("cancelled")
    case let error as OpenAINativeError: return map(native: error)
    case let error as URLError: return map(native: native(error, url: error.failingURL))
    default: return .permanent("\(error)")
    }
  }

  private static func map(native error: OpenAINativeError) -> ProfileModelExecutionError {
    let line = error.description
    switch error.storage {
    case .transport(.connectionRefused, _, _), .transport(.hostNotFound, _, _):
      return .unavailable
    case .transport(.timedOut, _, _), .transport(.connectionLost, _, _):
      return .transient(line)
    case .transport:
      return .permanent(line)
    case .http(let status, let type, let code, let message, _, _):
      let lowered = message.lowercased()
      if code == "context_length_exceeded" || type == "exceed_context_size_error"
        || (status == 400 && lowered.contains("maximum context length"))
        || (status == 400 && code == "content_filter")
      {
        return .rejected(line)
      }
      if code == "model_not_found" || (status == 404 && type == "not_found_error")
        || (status == 404 && lowered.contains("try pulling it"))
        || (status == 400
          && (lowered.contains("model not found") || lowered.contains("model is not loaded")))
      {
        return .unavailable
      }
      if status == 429 { return code == "insufficient_quota" ? .permanent(line) : .transient(line) }
      // llama-cpp-python answers a request body its schema refuses (the json_schema dialect) with
      // 500 internal_server_error and nothing but pydantic's text to tell it from a crash: the
      // same request can never pass, so it is not retried.
      if status >= 500, message.contains("validation error"), message.contains("('body',") {
        let hint =
          message.contains("response_format")
          ? "; this server does not take this response_format: use the json_object dialect"
          : ""
        return .permanent(line + hint)
      }
      if status == 501 { return .permanent(line) }
      if status >= 500 { return .transient(line) }
      return .permanent(line)
    case .notJSON(let status, _, _):
      return status >= 500 && status != 501 ? .transient(line) : .permanent(line)
    case .noContent:
      return .permanent(line)
    case .contentFilter, .refusal, .cutAtLength:
      return .rejected(line)
    }
  }

  /// A `URLError` as the native error it stands for.
  static func native(_ error: URLError, url: URL?) -> OpenAINativeError {
    let transport: OpenAINativeError.Transport
    switch error.code {
    case .cannotConnectToHost: transport = .connectionRefused
    case .cannotFindHost, .dnsLookupFailed: transport = .hostNotFound
    case .timedOut: transport = .timedOut
    // Linux's curl-based URLSession reports a connection closed without an answer as an empty
    // reply (badServerResponse); Darwin's as a lost connection.
    case .networkConnectionLost, .badServerResponse: transport = .connectionLost
    default: transport = .other
    }
    return .transport(
      transport, url: url?.absoluteString ?? "the server", detail: error.localizedDescription)
  }
}
