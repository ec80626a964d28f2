/// One page of a document, as the provider reads it.
public struct PageContent: Codable, Hashable, Sendable {
  /// The 0-based position among the pages to summarize, after the cap.
  public let index: Int
  /// The 1-based number of the page in the original document: what a person is shown.
  public let pageNumber: Int
  /// The page's text.
  public let text: String

  /// Creates a page.
  public init(index: Int, pageNumber: Int, text: String) {
    self.index = index
    self.pageNumber = pageNumber
    self.text = text
  }
}
