import Foundation

/// What went wrong in one chat-completions call, as the server or the network said it, before
/// it is narrowed to a `ProfileModelExecutionError` by
/// ``OpenAICompatibleModelExecutor/map(_:)``.
public enum OpenAINativeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why a request got no HTTP answer.
  public enum Transport: String, Hashable, Sendable {
    /// Nothing listens at the address.
    case connectionRefused
    /// The host name does not resolve.
    case hostNotFound
    /// No answer within the timeout.
    case timedOut
    /// The connection broke during the call (a server killed mid-answer).
    case connectionLost
    /// Anything else: a bad URL, TLS, an unsupported scheme.
    case other
  }

  /// The request got no HTTP answer.
  case transport(Transport, url: String, detail: String)
  /// The server answered with an error status and a JSON error (`error` as an object, or as a
  /// plain string, whose text is then `message`).
  case http(
    status: Int, type: String?, code: String?, message: String, retryAfter: String?, url: String)
  /// The server answered with a body that is not JSON: a proxy's HTML page, a web UI at a
  /// wrong base URL.
  case notJSON(status: Int, contentType: String?, url: String)
  /// The server answered with JSON that is not a chat completion (no message content).
  case noContent(url: String, detail: String)
  /// The answer stopped with `finish_reason: "content_filter"`.
  case contentFilter
  /// The model refused, in `message.refusal`.
  case refusal(String)

  /// One line: what happened, where, and what to do.
  public var description: String {
    switch self {
    case .transport(.connectionRefused, let url, _):
      return "no server answers at \(url); start it (tools/llm-server start) or fix --base-url"
    case .transport(.hostNotFound, let url, _):
      return "the host of \(url) is not found; fix --base-url"
    case .transport(.timedOut, let url, _):
      return "\(url) did not answer in time; try again, or raise the timeout"
    case .transport(.connectionLost, let url, _):
      return
        "the connection to \(url) broke during the call; check that the server is still running"
    case .transport(.other, let url, let detail):
      return "cannot reach \(url): \(detail)"
    case .http(let status, let type, let code, let message, let retryAfter, let url):
      let kind = [type, code].compactMap { $0 }.joined(separator: ", ")
      let retry = retryAfter.map { "; retry after \($0)" } ?? ""
      return "\(url) answered HTTP \(status)\(kind.isEmpty ? "" : " (\(kind))"): \(message)\(retry)"
    case .notJSON(let status, let contentType, let url):
      return
        "\(url) answered HTTP \(status) with \(contentType ?? "no content type"), not JSON; check that --base-url names the API (such as http://127.0.0.1:8080/v1)"
    case .noContent(let url, let detail):
      return
        "\(url) answered without a chat completion (\(detail)); check that --base-url names an OpenAI-compatible API"
    case .contentFilter:
      return "the server's content filter stopped the answer"
    case .refusal(let text):
      return "the model refused: \(text)"
    }
  }
}
