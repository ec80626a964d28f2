/// Reads the pages of a document, one at a time.
///
/// `pageCount` is the count *after* the summary cap; `originalPageCount` is the document's real
/// count. When they differ, the summary saw only part of the document, and the core must be able
/// to say so: a 100-page document capped at 30 reports 30 and 100.
///
/// `DocumentProviderConformance` in the `ContractConformance` module states this contract as a
/// runnable test.
public protocol ProfileDocumentProviding: Sendable {
  /// The number of pages to summarize: the original count, capped.
  ///
  /// - Throws: for an unknown attachment, rather than reporting zero pages.
  func pageCount(for attachmentID: String) async throws -> Int

  /// One page, by its 0-based position among the pages to summarize.
  ///
  /// - Parameters:
  ///   - index: a position in `0..<pageCount(for:)`.
  ///   - attachmentID: the document.
  /// - Returns: the page, whose ``PageContent/index`` equals `index` and whose
  ///   ``PageContent/pageNumber`` is its 1-based number in the original document.
  /// - Throws: for an index out of range, an unknown attachment or an unreadable page.
  func page(at index: Int, for attachmentID: String) async throws -> PageContent

  /// How many pages the original document really has, before any cap.
  ///
  /// - Throws: for an unknown attachment.
  func originalPageCount(for attachmentID: String) async throws -> Int
}
