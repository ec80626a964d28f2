import Foundation
import KitSupport
import OpenAICompatible

/// `--base-url URL [--model-name NAME] [--dialect json_schema|json_object]`: the
/// OpenAI-compatible server that `--executor openai` and `--translator openai` talk to.
enum ServerOptions {
  static let usage =
    "--base-url URL [--model-name NAME] [--dialect json_schema|json_object] [--bound-answers] [--timeout S]"

  static let help = """
      --base-url URL     the server's API base, such as http://127.0.0.1:8080/v1 (tools/llm-server
                         start prints one); requests go to URL/chat/completions
      --model-name NAME  the model the server should use (default: the server's own)
      --dialect D        json_schema (OpenAI, vLLM, LM Studio, llama-server, Ollama; the default)
                         or json_object (llama-cpp-python)
      --bound-answers    bound each answer's length in its schema so that a grammar-constrained
                         server (llama.cpp) cannot cut the JSON off at max_tokens; not for OpenAI
      --timeout S        the limit for one call, in seconds (default 120); a call past it is a
                         transient error, which the core retries
      The API key, if the server needs one, is read from $OPENAI_API_KEY.
    """

  /// The server's configuration, or `nil` when `--base-url` is absent (and so are the others).
  ///
  /// - Parameters:
  ///   - needed: who asked for a server, for the message when `--base-url` is missing.
  ///   - askers: the options that ask for a server, for the message when nothing did.
  static func parse(
    _ arguments: inout Arguments, needed: String?,
    askers: String = "--executor openai or --translator openai"
  ) throws -> OpenAICompatibleConfiguration? {
    let base = try arguments.option("--base-url")
    let model = try arguments.option("--model-name")
    let dialect = try arguments.option(
      "--dialect", allowed: OpenAICompatibleConfiguration.Dialect.allCases.map(\.rawValue))
    let bounded = arguments.flag("--bound-answers")
    let timeout = try arguments.option("--timeout")
    guard let base else {
      if let needed {
        throw UsageError("\(needed) needs --base-url, such as http://127.0.0.1:8080/v1")
      }
      guard model == nil, dialect == nil, !bounded, timeout == nil else {
        throw UsageError(
          "--model-name, --dialect, --bound-answers and --timeout go with --base-url")
      }
      return nil
    }
    guard needed != nil else {
      throw UsageError("--base-url goes with \(askers)")
    }
    guard let url = URL(string: base), ["http", "https"].contains(url.scheme ?? ""),
      url.host != nil
    else {
      throw UsageError(
        "--base-url needs an http:// or https:// URL such as http://127.0.0.1:8080/v1, not '\(base)'"
      )
    }
    var seconds = 120
    if let timeout {
      guard let value = Int(timeout), (1...3600).contains(value) else {
        throw UsageError(
          "--timeout needs a whole number of seconds from 1 to 3600, not '\(timeout)'")
      }
      seconds = value
    }
    return OpenAICompatibleConfiguration(
      baseURL: url, model: model ?? "default", timeout: .seconds(seconds),
      dialect: dialect.flatMap(OpenAICompatibleConfiguration.Dialect.init(rawValue:))
        ?? .jsonSchema,
      boundAnswers: bounded)
  }
}
