/// The answer to a ``ProfileModelSchema/summaryChunk`` call: `{"title": …, "points": […]}`.
public struct SummaryChunkAnswer: Codable, Hashable, Sendable {
  /// The chunk's headline.
  public let title: String
  /// The chunk's factual points.
  public let points: [String]

  /// Creates an answer.
  public init(title: String, points: [String]) {
    self.title = title
    self.points = points
  }
}

/// The answer to a ``ProfileModelSchema/summaryTitle`` call: `{"title": …}`, with no points.
public struct SummaryTitleAnswer: Codable, Hashable, Sendable {
  /// The title over all chunks.
  public let title: String

  /// Creates an answer.
  public init(title: String) { self.title = title }
}
