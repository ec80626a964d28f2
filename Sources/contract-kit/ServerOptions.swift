import Foundation
import OpenAICompatible

/// `--base-url URL [--model-name NAME] [--dialect json_schema|json_object]`: the
/// OpenAI-compatible server that `--executor openai` and `--translator openai` talk to.
enum ServerOptions {
  static let usage =
    "--base-url URL [--model-name NAME] [--dialect json_schema|json_object] [--bound-answers]"

  static let help = """
      --base-url URL     the server's API base, such as http://127.0.0.1:8080/v1 (tools/llm-server
                         start prints one); requests go to URL/chat/completions
      --model-name NAME  the model the server should use (default: the server's own)
      --dialect D        json_schema (OpenAI, vLLM, LM Studio, llama-server, Ollama; the default)
                         or json_object (llama-cpp-python)
      --bound-answers    bound each answer's length in its schema so that a grammar-constrained
                         server (llama.cpp) cannot cut the JSON off at max_tokens; not for OpenAI
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
    guard let base else {
      if let needed {
        throw UsageError("\(needed) needs --base-url, such as http://127.0.0.1:8080/v1")
      }
      guard model == nil, dialect == nil, !bounded else {
        throw UsageError("--model-name, --dialect and --bound-answers go with --base-url")
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
    return OpenAICompatibleConfiguration(
      baseURL: url, model: model ?? "default",
      dialect: dialect.flatMap(OpenAICompatibleConfiguration.Dialect.init(rawValue:))
        ?? .jsonSchema,
      boundAnswers: bounded)
  }
}
