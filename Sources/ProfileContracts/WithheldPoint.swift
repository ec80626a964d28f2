/// A point the core withheld because facts in it were not found in the source text.
public struct WithheldPoint: Codable, Hashable, Sendable {
  /// The point as the model wrote it.
  public let text: String
  /// The numbers, dates, amounts or names in it that the source does not contain.
  public let unverified: [String]

  /// Creates a withheld point.
  public init(text: String, unverified: [String]) {
    self.text = text
    self.unverified = unverified
  }
}
