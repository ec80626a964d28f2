/// One model call: which step, which answer shape, and what to send.
///
/// JSON form: `{"instructions": …, "prompt": …, "responseTokens": 384, "schema": "summaryChunk",
/// "stepID": "chunk-1"}`.
public struct ProfileModelRequest: Codable, Hashable, Sendable {
  /// Which step's call, for example `chunk-3` or `title`.
  public let stepID: String
  /// Which shape to answer in.
  public let schema: ProfileModelSchema
  /// Instructions to the model.
  public let instructions: String
  /// The source text for this call.
  public let prompt: String
  /// The upper bound on the answer's length, in tokens.
  public let responseTokens: Int

  /// Creates a request.
  public init(
    stepID: String, schema: ProfileModelSchema, instructions: String, prompt: String,
    responseTokens: Int
  ) {
    self.stepID = stepID
    self.schema = schema
    self.instructions = instructions
    self.prompt = prompt
    self.responseTokens = responseTokens
  }
}
