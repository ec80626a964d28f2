import Foundation

// The kit's launcher (ChildProcess) runs poppler's tools; iOS, tvOS and watchOS start no processes.
#if os(macOS) || os(Linux)

  /// Poppler's command-line tools (`pdfinfo`, `pdftotext`, `pdfimages`), which
  /// ``PDFDocumentProvider`` runs as processes. They come from Debian's `poppler-utils` package
  /// (Homebrew's `poppler` on macOS); the kit never links a PDF library of its own.
  public struct PopplerTools: Sendable {
    /// `pdfinfo`: page count, encryption.
    public let pdfinfo: URL
    /// `pdftotext`: each page's text in reading order.
    public let pdftotext: URL
    /// `pdfimages`: which pages draw images (a page with images and no text is a scan).
    public let pdfimages: URL

    /// The command that installs the tools, for messages.
    public static let installCommand =
      "apt-get install -y poppler-utils (macOS: brew install poppler)"

    /// Creates the tools from explicit paths.
    public init(pdfinfo: URL, pdftotext: URL, pdfimages: URL) {
      self.pdfinfo = pdfinfo
      self.pdftotext = pdftotext
      self.pdfimages = pdfimages
    }

    /// Finds the three tools on a search path.
    ///
    /// - Parameter searchPath: a colon-separated list of directories (default: `$PATH`).
    /// - Throws: ``DocumentProviderError`` with code `toolMissing`, naming the tool and the
    ///   install command, when one is not there.
    public static func locate(
      searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    ) throws(DocumentProviderError) -> PopplerTools {
      func find(_ name: String) throws(DocumentProviderError) -> URL {
        if let found = ToolProcess.find(name, in: searchPath) { return found }
        throw DocumentProviderError(
          code: .toolMissing,
          message: "\(name) is not installed; PDFs are read with poppler: \(installCommand)")
      }
      return PopplerTools(
        pdfinfo: try find("pdfinfo"), pdftotext: try find("pdftotext"),
        pdfimages: try find("pdfimages"))
    }
  }

#endif
