import ContractConformanceCore
import Foundation
import OpenAICompatible
import ProfileContracts

extension ReferenceSuites {
  /// The native errors of the OpenAI-compatible mapping table, one per row, with the kind each
  /// must map to: the executor suite's `knownErrors` for ``OpenAICompatibleModelExecutor``.
  public static let openAIKnownErrors: [KnownError] = {
    func http(_ status: Int, type: String? = nil, code: String? = nil, _ message: String = "")
      -> OpenAINativeError
    {
      .http(status: status, type: type, code: code, message: message, retryAfter: nil, url: "u")
    }
    let rows: [(OpenAINativeError, ExecutionErrorKind)] = [
      (.transport(.connectionRefused, url: "u", detail: ""), .unavailable),
      (.transport(.hostNotFound, url: "u", detail: ""), .unavailable),
      (http(404, type: "invalid_request_error", code: "model_not_found"), .unavailable),
      (
        http(404, type: "not_found_error", #"model "x" not found, try pulling it first"#),
        .unavailable
      ),
      (http(400, type: "invalid_request_error", code: "400", "model not found"), .unavailable),
      // Anthropic's compatible endpoint names the model alone; Ollama's type is its own.
      (http(404, type: "not_found_error", "model: claude-x"), .unavailable),
      (http(404, type: "api_error", #"model "x" not found, try pulling it first"#), .unavailable),
      // A wrong path is the app's configuration, not a missing model.
      (
        http(404, type: "invalid_request_error", "Invalid URL (POST /v1/chat/completion)"),
        .permanent
      ),
      (.transport(.timedOut, url: "u", detail: ""), .transient),
      (.transport(.connectionLost, url: "u", detail: ""), .transient),
      (http(429, code: "rate_limit_exceeded"), .transient),
      (http(503, type: "unavailable_error", "Loading model"), .transient),
      (http(503, "server busy, please try again."), .transient),
      (http(500, type: "server_error"), .transient),
      (
        http(
          500, type: "internal_server_error",
          "1 validation error: {'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\"}"
        ), .permanent
      ),
      (.notJSON(status: 500, contentType: "text/html", url: "u"), .transient),
      (.notJSON(status: 501, contentType: "text/html", url: "u"), .permanent),
      (.notJSON(status: 502, contentType: "text/html", url: "u"), .transient),
      (.notJSON(status: 504, contentType: "text/html", url: "u"), .transient),
      (http(429, type: "insufficient_quota", code: "insufficient_quota"), .permanent),
      (http(401, code: "invalid_api_key"), .permanent),
      (http(403), .permanent),
      (http(400, type: "invalid_request_error"), .permanent),
      (http(400, "Failed to parse grammar"), .permanent),
      (http(501, type: "not_supported_error"), .permanent),
      (.notJSON(status: 200, contentType: "text/html", url: "u"), .permanent),
      (http(400, code: "context_length_exceeded"), .rejected),
      (http(400, type: "exceed_context_size_error"), .rejected),
      // Azure OpenAI's content filter, before the model answers.
      (http(400, code: "content_filter"), .rejected),
      (http(400, "This model's maximum context length is 4096 tokens."), .rejected),
      (.contentFilter, .rejected), (.cutAtLength, .rejected),
      (.refusal("no"), .rejected),
      (.transport(.other, url: "u", detail: "unsupported URL"), .permanent),
    ]
    return rows.map { KnownError($0.0, expected: $0.1) }
      + [KnownError(CancellationError(), expected: .permanent)]
  }()

  /// The executor or translator suite against an OpenAI-compatible server.
  ///
  /// - Parameters:
  ///   - name: `executor` or `translator`.
  ///   - configuration: the server.
  ///   - pairs: the language pairs the translator is checked on (default ``translatorPairs``).
  public static func runOpenAI(
    _ name: String, configuration: OpenAICompatibleConfiguration,
    pairs: [LanguagePair] = translatorPairs
  ) async -> [Run] {
    let server = "\(configuration.baseURL.absoluteString), model \(configuration.model)"
    switch name {
    case "executor":
      // A real model is slower than the in-process adapters: a minute per check.
      let report = await ModelExecutorConformance(
        errorMapping: OpenAICompatibleModelExecutor.map, knownErrors: openAIKnownErrors,
        timeout: .seconds(60)
      ) { OpenAICompatibleModelExecutor(configuration) }.run()
      return [Run(label: "executor (OpenAICompatibleModelExecutor)", note: server, report: report)]
    case "translator":
      let report = await TranslatorConformance(pairs: pairs, timeout: .seconds(120)) {
        OpenAICompatibleTranslator(configuration)
      }.run()
      return [Run(label: "translator (OpenAICompatibleTranslator)", note: server, report: report)]
    default:
      return []
    }
  }
}
