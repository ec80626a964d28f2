/// The canonical summary body: what the store keeps and what the core hands back.
public struct ProfileSummary: Codable, Hashable, Sendable {
  /// The command this summarizes.
  public let command: ProfileCommand
  /// The summary's title.
  public let title: String
  /// The BCP 47 code of the language its visible text is in.
  public let language: String
  /// The sections, in document order.
  public let sections: [Section]
  /// Which pages the summary saw, and which it could not.
  public let coverage: PageCoverage
  /// Points withheld because facts in them were not found in the source.
  public let withheldPoints: [WithheldPoint]
  /// The per-step record of the run.
  public let receipt: ProfileExecutionReceipt

  /// Creates a summary.
  public init(
    command: ProfileCommand, title: String, language: String, sections: [Section],
    coverage: PageCoverage, withheldPoints: [WithheldPoint], receipt: ProfileExecutionReceipt
  ) {
    self.command = command
    self.title = title
    self.language = language
    self.sections = sections
    self.coverage = coverage
    self.withheldPoints = withheldPoints
    self.receipt = receipt
  }

  /// One summarized part of the document.
  public struct Section: Codable, Hashable, Sendable {
    /// The original page numbers this section covers: never chunk numbers.
    public let pages: PageRange
    /// The section's headline.
    public let headline: String
    /// The section's factual points.
    public let points: [String]

    /// Creates a section.
    public init(pages: PageRange, headline: String, points: [String]) {
      self.pages = pages
      self.headline = headline
      self.points = points
    }
  }
}
