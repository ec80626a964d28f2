import Foundation

/// Why a ``TextDocumentProvider`` or a ``PDFDocumentProvider`` could not read what was asked.
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
    /// The file is not a PDF: `%PDF-` is not in its first 1,024 bytes.
    public static let notPDF = Code("notPDF")
    /// The PDF is encrypted and no password, or a wrong one, was given.
    public static let encrypted = Code("encrypted")
    /// The PDF is truncated or corrupt beyond what poppler repairs: no page can be read.
    public static let damagedFile = Code("damagedFile")
    /// One page's content stream is damaged; the other pages read. The core reports the page in
    /// `coverage.missingPages`.
    public static let damagedPage = Code("damagedPage")
    /// One page has images but no text layer (a scan that needs OCR); the other pages read.
    public static let pageWithoutText = Code("pageWithoutText")
    /// A tool the provider runs (poppler's `pdfinfo`, `pdftotext`, `pdfimages`) is not installed.
    public static let toolMissing = Code("toolMissing")

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
