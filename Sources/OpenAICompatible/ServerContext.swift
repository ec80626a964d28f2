import Foundation

/// What an OpenAI-compatible server's preflight found: the models it lists, and the context
/// window of the model asked for, when the server states it.
public struct OpenAICompatibleServerInfo: Hashable, Sendable {
  /// The model IDs, in the server's order.
  public let models: [String]
  /// The model's context window, or `nil` when the model list does not state one.
  public let context: ServerContext?

  /// Creates the findings of a preflight.
  public init(models: [String], context: ServerContext?) {
    self.models = models
    self.context = context
  }
}

/// A model's context window as its server states it in `GET /models`, with where it was read.
///
/// Servers that state it there, each in a field of its own:
/// - llama.cpp's `llama-server`: `data[].meta.n_ctx`, the context it was started with
///   (`--ctx-size`), which is what it refuses a longer request against;
/// - vLLM: `data[].max_model_len`;
/// - servers that follow OpenRouter's list: `data[].context_length`.
///
/// Ollama and LM Studio do not state it in their OpenAI-compatible list (they have APIs of their
/// own for it), and OpenAI does not state it at all: for those the caller keeps its estimate.
public struct ServerContext: Hashable, Sendable {
  /// The window, in the model's tokens.
  public let tokens: Int
  /// Where it was read, for a person: `llama-server's meta.n_ctx in /v1/models`.
  public let source: String

  /// Creates a context window read from `source`.
  public init(tokens: Int, source: String) {
    self.tokens = tokens
    self.source = source
  }

  /// The tokens a chat request spends outside its messages' text: the chat template's role
  /// markers. SmolLM2's template adds 14 around a system and a user message (measured on
  /// `tools/llm-server` with `/apply-template` and `/tokenize`); 64 leaves over four times that
  /// for templates with longer role headers or a default system line.
  public static let chatTemplateMargin = 64

  /// The window a core may plan its requests against: ``tokens`` less
  /// ``chatTemplateMargin``, which a core's own estimate of a request does not count.
  public var planningTokens: Int { max(tokens - Self.chatTemplateMargin, 0) }

  /// The fields that state a window, in the order they are tried.
  static let fields: [(path: [String], server: String)] = [
    (["meta", "n_ctx"], "llama-server's meta.n_ctx"),
    (["max_model_len"], "vLLM's max_model_len"),
    (["context_length"], "context_length"),
  ]

  /// The window a `/models` answer states for `model` (its entry by ID or alias; the first
  /// entry for `default`), or `nil`.
  static func read(_ data: Data, model: String) -> ServerContext? {
    guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
      let list = object["data"] as? [[String: Any]]
    else { return nil }
    let entry =
      model == "default"
      ? list.first
      : list.first {
        let names = [$0["id"] as? String].compactMap { $0 } + (($0["aliases"] as? [String]) ?? [])
        return names.contains(model) || names.contains(model + ":latest")
      }
    guard let entry else { return nil }
    for field in fields {
      var value: Any? = entry
      for key in field.path { value = (value as? [String: Any])?[key] }
      if let tokens = (value as? Int) ?? (value as? NSNumber)?.intValue, tokens > 0 {
        return ServerContext(tokens: tokens, source: "\(field.server) in /models")
      }
    }
    return nil
  }
}
