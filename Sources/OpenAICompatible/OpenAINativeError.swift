import Foundation

/// What went wrong in one chat-completions call, as the server or the network said it, before
/// it is narrowed to a `ProfileModelExecutionError` by
/// ``OpenAICompatibleModelExecutor/map(_:)``. New kinds may be added: compare with `==`, or
/// read ``description``, rather than taking it apart.
public struct OpenAINativeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why a request got no HTTP answer. New reasons may be added; don't switch over them
  /// exhaustively.
  public struct Transport: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// Nothing listens at the address.
    public static let connectionRefused = Transport("connectionRefused")
    /// The host name does not resolve.
    public static let hostNotFound = Transport("hostNotFound")
    /// No answer within the timeout.
    public static let timedOut = Transport("timedOut")
    /// The connection broke during the call (a server killed mid-answer).
    public static let connectionLost = Transport("connectionLost")
    /// Anything else: a bad URL, TLS, an unsupported scheme.
    public static let other = Transport("other")

    /// The reason's name, such as `connectionRefused`.
    public var description: String { name }
  }

  /// The kinds, for the package's own switches: a user's code builds and compares values with
  /// the static members below.
  package enum Storage: Hashable, Sendable {
    case transport(Transport, url: String, detail: String)
    case http(
      status: Int, type: String?, code: String?, message: String, retryAfter: String?, url: String)
    case notJSON(status: Int, contentType: String?, url: String)
    case noContent(url: String, detail: String)
    case contentFilter
    case refusal(String)
    case cutAtLength
  }

  /// What went wrong, with what the server or the network said.
  package let storage: Storage

  private init(_ storage: Storage) { self.storage = storage }

  /// The request got no HTTP answer.
  public static func transport(_ reason: Transport, url: String, detail: String) -> Self {
    Self(.transport(reason, url: url, detail: detail))
  }

  /// The server answered with an error status and a JSON error (`error` as an object, or as a
  /// plain string, whose text is then `message`).
  public static func http(
    status: Int, type: String?, code: String?, message: String, retryAfter: String?, url: String
  ) -> Self {
    Self(
      .http(
        status: status, type: type, code: code, message: message, retryAfter: retryAfter, url: url)
    )
  }

  /// The server answered with a body that is not JSON: a proxy's HTML page, a web UI at a
  /// wrong base URL.
  public static func notJSON(status: Int, contentType: String?, url: String) -> Self {
    Self(.notJSON(status: status, contentType: contentType, url: url))
  }

  /// The server answered with JSON that is not a chat completion (no message content).
  public static func noContent(url: String, detail: String) -> Self {
    Self(.noContent(url: url, detail: detail))
  }

  /// The answer stopped with `finish_reason: "content_filter"`.
  public static let contentFilter = Self(.contentFilter)

  /// The answer stopped at its token budget (`finish_reason: "length"`) before it was whole
  /// JSON: a small model that repeats itself until the budget runs out.
  public static let cutAtLength = Self(.cutAtLength)

  /// The model refused, in `message.refusal`.
  public static func refusal(_ text: String) -> Self { Self(.refusal(text)) }

  /// One line: what happened, where, and what to do.
  public var description: String {
    switch storage {
    case .transport(.connectionRefused, let url, _):
      return "no server answers at \(url); start it (tools/llm-server start) or fix --base-url"
    case .transport(.hostNotFound, let url, _):
      return "the host of \(url) is not found; fix --base-url"
    case .transport(.timedOut, let url, _):
      return "\(url) did not answer in time; try again, or raise the timeout"
    case .transport(.connectionLost, let url, _):
      return
        "the connection to \(url) broke during the call; check that the server is still running"
    case .transport(_, let url, let detail):
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
    case .cutAtLength:
      return
        "the answer reached its token budget before it was whole JSON (finish_reason length); give it more responseTokens, or a shorter prompt"
    }
  }
}
