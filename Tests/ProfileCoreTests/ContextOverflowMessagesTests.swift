import Testing

@testable import ProfileCore

/// The table the core tells size from refusal by: each row matches its server's whole message,
/// and the messages that are not about size match none.
@Suite struct ContextOverflowMessagesTests {
  /// One whole message per row of ``ContextOverflowMessages/phrasings``, as its server sends it
  /// (the OpenAI-compatible executor's line where it adds one).
  static let sizeMessages = [
    "http://127.0.0.1:8080/v1/chat/completions answered HTTP 400 (exceed_context_size_error, 400): request (5625 tokens) exceeds the available context size (4096 tokens), try increasing it",
    "the request exceeds the available context size, try increasing it",
    "https://api.openai.com/v1/chat/completions answered HTTP 400 (invalid_request_error, context_length_exceeded): Your input exceeds the context window of this model.",
    "This model's maximum context length is 4096 tokens. However, you requested 9000 tokens (8616 in the messages, 384 in the completion). Please reduce the length of the messages or completion.",
    "The decoder prompt (length 9000) is longer than the maximum model length of 4096. Make sure that `max_model_len` is no smaller than the number of text tokens.",
    "The input (85050 tokens) is longer than the model's context length (32768 tokens).",
    "the input length exceeds the context length",
    "The number of tokens to keep from the initial prompt is greater than the context length.",
    "Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 4000 `inputs` tokens and 384 `max_new_tokens`",
    "Input validation error: `inputs` must have less than 2048 tokens. Given: 2222",
    "prompt is too long: 210000 tokens > 200000 maximum",
    "Input is too long for requested model.",
    "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
  ]

  /// Rejections that halving cannot fix, and words the table must not mistake for size.
  static let otherMessages = [
    "the server's content filter stopped the answer",
    "the model refused: I can't help with that.",
    "http://127.0.0.1:8080/v1/chat/completions answered HTTP 400 (content_filter): The response was filtered due to the prompt triggering Azure OpenAI's content management policy.",
    "too long", "refused", "", "the model refused: your context is inappropriate",
    "request blocked by safety settings: HARM_CATEGORY_DANGEROUS_CONTENT",
  ]

  @Test(arguments: sizeMessages)
  func aServersOverflowMessageIsAboutSize(message: String) {
    #expect(ContextOverflowMessages.isAboutSize(message))
    #expect(ContextOverflowMessages.isAboutSize(message.uppercased()))
  }

  @Test(arguments: otherMessages)
  func aRefusalOrAnUnknownMessageIsNot(message: String) {
    #expect(!ContextOverflowMessages.isAboutSize(message))
  }

  /// Every row is exercised by a server's message: a row that no message needs is untested.
  @Test func everyRowHasAMessage() {
    for phrasing in ContextOverflowMessages.phrasings {
      let matched = Self.sizeMessages.filter { $0.lowercased().contains(phrasing.words) }
      #expect(!matched.isEmpty, "no message for \(phrasing.servers): \(phrasing.words)")
    }
  }
}
