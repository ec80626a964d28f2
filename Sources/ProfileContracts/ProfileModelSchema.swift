/// The shape of the slot the model fills.
///
/// Its JSON form is the raw value: `"summaryChunk"` or `"summaryTitle"`.
public enum ProfileModelSchema: String, Codable, Hashable, Sendable, CaseIterable {
  /// A chunk's headline and factual points: `{"title": String, "points": [String]}`.
  case summaryChunk
  /// One title over several chunks: `{"title": String}`. It has no points, which saves tokens.
  case summaryTitle
}
