/// The words model servers use to say a request does not fit their context: how the core tells
/// a rejection that halving the chunk can fix from a refusal, a content filter or a policy that
/// it cannot.
///
/// A message is about size when it contains one of ``phrasings``, ignoring case. Every other
/// message, one the table does not know included, is taken as not about size, so an unknown
/// server's refusal costs at most three calls instead of a run's whole budget
/// (``ProfilePolicy/maxSplitDepth`` says when a chunk is split).
enum ContextOverflowMessages {
  /// One phrasing, and the servers known to send it.
  struct Phrasing: Sendable {
    /// Lowercased words the message contains.
    let words: String
    /// Who sends it, for the reader of this table.
    let servers: String
  }

  /// The known phrasings, one row per server wording; each has a test with the server's whole
  /// message.
  static let phrasings: [Phrasing] = [
    Phrasing(words: "exceed_context_size_error", servers: "llama.cpp's llama-server (error type)"),
    Phrasing(words: "exceeds the available context size", servers: "llama.cpp's llama-server"),
    Phrasing(words: "context_length_exceeded", servers: "OpenAI, Azure OpenAI (error code)"),
    Phrasing(words: "maximum context length", servers: "OpenAI, vLLM, Mistral, OpenRouter"),
    Phrasing(words: "longer than the maximum model length", servers: "vLLM's V1 engine"),
    Phrasing(words: "longer than the model's context length", servers: "SGLang"),
    Phrasing(words: "exceeds the context length", servers: "Ollama"),
    Phrasing(words: "greater than the context length", servers: "LM Studio"),
    Phrasing(
      words: "`inputs` tokens + `max_new_tokens` must be <=",
      servers: "Hugging Face text-generation-inference"),
    Phrasing(
      words: "`inputs` must have less than", servers: "Hugging Face text-generation-inference"),
    Phrasing(words: "prompt is too long", servers: "Anthropic"),
    Phrasing(words: "input is too long for requested model", servers: "Amazon Bedrock"),
    Phrasing(words: "exceeds the maximum number of tokens allowed", servers: "Google Gemini"),
  ]

  /// Whether `message` says the request did not fit the model's context.
  static func isAboutSize(_ message: String) -> Bool {
    let lowered = message.lowercased()
    return phrasings.contains { lowered.contains($0.words) }
  }
}
