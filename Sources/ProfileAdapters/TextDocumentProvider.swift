import Foundation
import KitSupport
import ProfileContracts

/// A `ProfileDocumentProviding` over UTF-8 text files in one directory.
///
/// An attachment ID is a file name (or a relative path) inside `directory`; one that would escape
/// the directory, by `..`, an absolute path or a symbolic link, is refused. Pages split at form
/// feeds (`U+000C`), or every `linesPerPage` lines when the file has none. `pageCount` is the
/// original count capped at `pageCap`, and page numbers are the original 1-based numbers.
///
/// Each file is indexed once (page boundaries only) and each page is read from disk on demand,
/// so a long document is never held in memory whole.
///
/// ```swift
/// let documents = try TextDocumentProvider(directory: docsURL, pageCap: 30)
/// let pages = try await documents.pageCount(for: "report.txt")  // 30
/// let original = try await documents.originalPageCount(for: "report.txt")  // 100
/// ```
// @unchecked: `indexes` is read and written only under `lock`; the rest are Sendable `let`s.
public final class TextDocumentProvider: ProfileDocumentProviding, @unchecked Sendable {
  /// The directory attachments are read from.
  public let directory: URL
  /// The most pages to summarize, or `nil` for no cap.
  public let pageCap: Int?
  /// Lines per page for files without form feeds.
  public let linesPerPage: Int

  private let folder: DocumentDirectory
  private let lock = Lock()
  private var indexes: [String: PageIndex] = [:]

  /// Where a file's pages start and end, and the file's identity when indexed.
  private struct PageIndex {
    var ranges: [Range<Int>]
    var identity: DocumentDirectory.FileIdentity
  }

  /// Creates a provider.
  ///
  /// - Parameters:
  ///   - directory: the directory holding the attachments.
  ///   - pageCap: the most pages to summarize, or `nil` for no cap. Must not be negative.
  ///   - linesPerPage: lines per page for files without form feeds. Must be positive.
  /// - Throws: ``DocumentProviderError`` when `directory` is not a readable directory, or the
  ///   numbers are out of range.
  public init(directory: URL, pageCap: Int? = nil, linesPerPage: Int = 40) throws {
    folder = try DocumentDirectory(directory, kind: "a text file")
    self.directory = folder.url
    self.pageCap = pageCap
    self.linesPerPage = linesPerPage
    if let pageCap, pageCap < 0 {
      throw DocumentProviderError(
        code: .invalidArgument, message: "page cap \(pageCap) is negative; pass 0 or more")
    }
    guard linesPerPage > 0 else {
      throw DocumentProviderError(
        code: .invalidArgument, message: "lines per page \(linesPerPage) must be 1 or more")
    }
  }

  /// The number of pages to summarize: the original count, capped.
  public func pageCount(for attachmentID: String) async throws -> Int {
    let count = try index(attachmentID).ranges.count
    return pageCap.map { min($0, count) } ?? count
  }

  /// The document's real page count.
  public func originalPageCount(for attachmentID: String) async throws -> Int {
    try index(attachmentID).ranges.count
  }

  /// The page at 0-based `index` among the capped pages.
  public func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    let pages = try self.index(attachmentID).ranges
    let count = pageCap.map { min($0, pages.count) } ?? pages.count
    guard index >= 0, index < count else {
      throw DocumentProviderError(
        code: .pageOutOfRange,
        message:
          "page index \(index) is out of range for \(attachmentID); it has \(count) pages to summarize (0..<\(count))"
      )
    }
    let bytes = try folder.read(
      pages[index], of: folder.fileURL(attachmentID), attachmentID: attachmentID)
    return PageContent(
      index: index, pageNumber: index + 1, text: String(decoding: bytes, as: UTF8.self))
  }

  // MARK: - Files

  private func index(_ attachmentID: String) throws -> PageIndex {
    let (url, identity) = try folder.regularFile(attachmentID)
    if let cached = lock.withCriticalSection({ indexes[attachmentID] }),
      cached.identity == identity
    {
      return cached
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DocumentProviderError(
        code: .unreadableAttachment,
        message:
          "cannot read attachment \(DocumentDirectory.quoted(attachmentID)): \(error.localizedDescription); check its permissions"
      )
    }
    let bytes = [UInt8](data)
    guard validatedUTF8(bytes) != nil else {
      throw DocumentProviderError(
        code: .notUTF8,
        message:
          "attachment \(DocumentDirectory.quoted(attachmentID)) is not UTF-8 text; convert it (for example with iconv -t UTF-8)"
      )
    }
    let index = PageIndex(
      ranges: Self.pageRanges(bytes, linesPerPage: linesPerPage), identity: identity)
    lock.withCriticalSection { indexes[attachmentID] = index }
    return index
  }

  /// A file this provider reads back as exactly `pages`: each page ended by a form feed, so
  /// that a document of one blank page is not an empty file, and a long page is not paged by
  /// lines. A page must not hold a form feed itself.
  public static func file(pages: [String]) -> Data {
    Data(pages.map { $0 + "\u{0C}" }.joined().utf8)
  }

  /// The byte ranges of the pages in `bytes`: split at form feeds when there are any, else every
  /// `linesPerPage` lines. The file's final newline, and one trailing form feed, do not start an
  /// empty page.
  static func pageRanges(_ bytes: [UInt8], linesPerPage: Int) -> [Range<Int>] {
    let end = bytes.last == 0x0A ? bytes.count - 1 : bytes.count
    guard end > 0 else { return [] }
    var ranges: [Range<Int>] = []
    var start = 0
    if bytes[..<end].contains(0x0C) {
      for offset in 0..<end where bytes[offset] == 0x0C {
        ranges.append(start..<offset)
        start = offset + 1
      }
      if start < end { ranges.append(start..<end) }
      return ranges
    }
    var lines = 0
    for offset in 0..<end where bytes[offset] == 0x0A {
      lines += 1
      if lines == linesPerPage {
        ranges.append(start..<offset)
        start = offset + 1
        lines = 0
      }
    }
    if start < end { ranges.append(start..<end) }
    return ranges
  }
}
