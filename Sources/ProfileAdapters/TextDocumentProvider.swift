import Foundation
import Locking
import ProfileContracts

/// A ``ProfileDocumentProviding`` over UTF-8 text files in one directory.
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
/// try await documents.pageCount(for: "report.txt")          // 30
/// try await documents.originalPageCount(for: "report.txt")  // 100
/// ```
public final class TextDocumentProvider: ProfileDocumentProviding, @unchecked Sendable {
  /// The directory attachments are read from.
  public let directory: URL
  /// The most pages to summarize, or `nil` for no cap.
  public let pageCap: Int?
  /// Lines per page for files without form feeds.
  public let linesPerPage: Int

  private let root: String
  private let lock = NSLock()
  private var indexes: [String: PageIndex] = [:]

  /// Where a file's pages start and end, and the file's identity when indexed.
  private struct PageIndex {
    var ranges: [Range<Int>]
    var size: Int
    var modified: Date?
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
    self.directory = directory.standardizedFileURL
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
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: self.directory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw DocumentProviderError(
        code: .unreadableDirectory,
        message:
          "document directory \(self.directory.path) does not exist; pass an existing directory")
    }
    self.root = self.directory.resolvingSymlinksInPath().path
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
    let bytes = try readRange(pages[index], of: attachmentID)
    return PageContent(
      index: index, pageNumber: index + 1, text: String(decoding: bytes, as: UTF8.self))
  }

  // MARK: - Files

  private func fileURL(_ attachmentID: String) throws -> URL {
    let refuse = DocumentProviderError(
      code: .attachmentOutsideDirectory,
      message:
        "attachment ID \(quoted(attachmentID)) would leave the document directory; pass a file name inside \(directory.path)"
    )
    guard !attachmentID.isEmpty, !attachmentID.hasPrefix("/"), !attachmentID.contains("\0") else {
      guard !attachmentID.isEmpty else {
        throw DocumentProviderError(
          code: .unknownAttachment,
          message: "attachment ID is empty; pass a file name inside \(directory.path)")
      }
      throw refuse
    }
    let components = attachmentID.split(separator: "/", omittingEmptySubsequences: true)
    guard !components.contains("..") else { throw refuse }
    let url = directory.appendingPathComponent(attachmentID)
    let resolved = url.resolvingSymlinksInPath().path
    guard resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
      throw refuse
    }
    return url
  }

  private func quoted(_ id: String) -> String {
    "\"" + (id.count > 80 ? String(id.prefix(80)) + "…" : id) + "\""
  }

  private func index(_ attachmentID: String) throws -> PageIndex {
    let url = try fileURL(attachmentID)
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    } catch {
      throw DocumentProviderError(
        code: .unknownAttachment,
        message:
          "no attachment \(quoted(attachmentID)) in \(directory.path); pass the name of a text file there"
      )
    }
    guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
      throw DocumentProviderError(
        code: .unknownAttachment,
        message:
          "attachment \(quoted(attachmentID)) is not a regular file; pass the name of a text file")
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
    let modified = attributes[.modificationDate] as? Date
    if let cached = lock.withCriticalSection({ indexes[attachmentID] }), cached.size == size,
      cached.modified == modified
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
          "cannot read attachment \(quoted(attachmentID)): \(error.localizedDescription); check its permissions"
      )
    }
    let bytes = [UInt8](data)
    guard validatedUTF8(bytes) != nil else {
      throw DocumentProviderError(
        code: .notUTF8,
        message:
          "attachment \(quoted(attachmentID)) is not UTF-8 text; convert it (for example with iconv -t UTF-8)"
      )
    }
    let index = PageIndex(
      ranges: Self.pageRanges(bytes, linesPerPage: linesPerPage), size: bytes.count,
      modified: modified)
    lock.withCriticalSection { indexes[attachmentID] = index }
    return index
  }

  private func readRange(_ range: Range<Int>, of attachmentID: String) throws -> [UInt8] {
    let url = try fileURL(attachmentID)
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      try handle.seek(toOffset: UInt64(range.lowerBound))
      return [UInt8](try handle.read(upToCount: range.count) ?? Data())
    } catch {
      throw DocumentProviderError(
        code: .unreadableAttachment,
        message:
          "cannot read attachment \(quoted(attachmentID)): \(error.localizedDescription); check its permissions"
      )
    }
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

/// Why a ``TextDocumentProvider`` could not read what was asked.
public struct DocumentProviderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure this is. New codes may be added; don't switch over them exhaustively.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// The document directory is missing or not a directory.
    public static let unreadableDirectory = Code("unreadableDirectory")
    /// No file has this attachment ID.
    public static let unknownAttachment = Code("unknownAttachment")
    /// The ID would leave the document directory.
    public static let attachmentOutsideDirectory = Code("attachmentOutsideDirectory")
    /// The file exists but could not be read.
    public static let unreadableAttachment = Code("unreadableAttachment")
    /// The file is not UTF-8 text.
    public static let notUTF8 = Code("notUTF8")
    /// The page index is outside `0..<pageCount`.
    public static let pageOutOfRange = Code("pageOutOfRange")
    /// An argument is out of range.
    public static let invalidArgument = Code("invalidArgument")

    /// The code's name.
    public var description: String { name }
  }

  /// What kind of failure this is.
  public let code: Code
  /// One line: what happened and what to do.
  public let message: String

  /// Creates an error.
  public init(code: Code, message: String) {
    self.code = code
    self.message = message
  }

  /// The one-line message.
  public var description: String { message }
}
