/// Which pages a summary saw.
///
/// Carries both counts so the app can say "summarized the first 30 of 100 pages". JSON form:
/// `{"missingPages": [{"first": 7, "last": 7}], "originalPageCount": 100, "pageCount": 30}`;
/// the derived ``isCapped`` and ``isComplete`` are not stored.
public struct PageCoverage: Codable, Hashable, Sendable {
  /// The number of pages summarized, after the cap.
  public let pageCount: Int
  /// The document's real page count.
  public let originalPageCount: Int
  /// Unreadable pages and the pages of failed chunks, as original page numbers.
  public let missingPages: [PageRange]

  /// Creates a coverage record.
  public init(pageCount: Int, originalPageCount: Int, missingPages: [PageRange]) {
    self.pageCount = pageCount
    self.originalPageCount = originalPageCount
    self.missingPages = missingPages
  }

  /// Whether the cap cut the document: `pageCount < originalPageCount`.
  public var isCapped: Bool { pageCount < originalPageCount }

  /// Whether every page to summarize was summarized: `missingPages` is empty.
  public var isComplete: Bool { missingPages.isEmpty }
}
