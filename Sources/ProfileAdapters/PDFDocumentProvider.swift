import Foundation
import KitSupport
import ProfileContracts

// The kit's launcher (ChildProcess) runs poppler's tools; iOS, tvOS and watchOS start no processes.
#if os(macOS) || os(Linux)

  /// A `ProfileDocumentProviding` over the PDFs in one directory, read through poppler's
  /// command-line tools (``PopplerTools``).
  ///
  /// An attachment ID is a file name (or a relative path) inside `directory`, refused when it would
  /// leave it, as with ``TextDocumentProvider``. A file is a PDF by its content (`%PDF-` in its
  /// first 1,024 bytes), whatever its name.
  ///
  /// - **Counts.** `originalPageCount` is the PDF's own page count (`pdfinfo`); `pageCount` is that
  ///   count capped at `pageCap`.
  /// - **Page numbers** are physical: the *n*-th page of the file is page *n*, whatever label it
  ///   prints ("iii", "A-1"). Every viewer's "go to page" takes that number, "pages 1–30 of 100"
  ///   counts it, and it is the only numbering that always rises by one and ends at
  ///   `originalPageCount`, as the contract asks; printed labels restart, repeat and need not be
  ///   numbers.
  /// - **Text** is `pdftotext`'s reading order, as UTF-8. Poppler's directional embedding marks
  ///   (U+202A–U+202E) are removed, the Latin ligatures U+FB00–U+FB06 ("ﬁ") are spelled out ("fi"),
  ///   and trailing blank lines are dropped. A line that mixes right-to-left and left-to-right runs
  ///   comes back in the order poppler reads the page, which may differ from the order it was
  ///   typed in: a PDF records where glyphs are, not their logical order.
  /// - **Unreadable pages** throw for that page only, so the core reports them in
  ///   `coverage.missingPages`: a page whose content stream poppler reports as damaged
  ///   (`DocumentProviderError.Code.damagedPage`), and a page with images but no text
  ///   (`pageWithoutText`, a scan that needs OCR). A page with neither text nor images is blank,
  ///   and reads as a valid, empty page.
  /// - **Whole-file faults** throw from every call: not a PDF (`notPDF`), encrypted without the
  ///   right password (`encrypted`), truncated or corrupt (`damagedFile`). A PDF of 0 pages
  ///   reports 0 and 0, as an empty document should; the core then answers "empty document".
  ///
  /// Each PDF is read once, on first use: one `pdfinfo`, one `pdftotext` of the pages to
  /// summarize into a temporary file, and `pdfimages -list` over the pages without text, if any.
  /// Pages are then read from that file on demand, so memory stays flat in the number of pages
  /// however often the core reads them (one process per page per read would cost about nine
  /// times one whole-file run on a 675-page manual: `Benchmarks/bench-pdf`). When poppler reports errors, the damaged pages are found by halving the
  /// page range (a few more `pdftotext` runs). The temporary files go when the provider does.
  ///
  /// ```swift
  /// let documents = try PDFDocumentProvider(directory: inbox, pageCap: 30)
  /// let pages = try await documents.pageCount(for: "report.pdf")  // 30
  /// let original = try await documents.originalPageCount(for: "report.pdf")  // 100
  /// ```
  // @unchecked: `loads` is read and written only under `lock`; the rest are Sendable `let`s.
  public final class PDFDocumentProvider: ProfileDocumentProviding, @unchecked Sendable {
    /// The directory attachments are read from.
    public let directory: URL
    /// The most pages to summarize, or `nil` for no cap.
    public let pageCap: Int?
    /// The poppler tools it runs.
    public let tools: PopplerTools

    private let password: String?
    private let folder: DocumentDirectory
    private let scratch: URL
    private let lock = Lock()
    private var loads:
      [String: (identity: DocumentDirectory.FileIdentity, task: Task<PDF, Error>)] =
        [:]

    /// A read PDF: its page count, and each page to summarize.
    private struct PDF: Sendable {
      let originalPageCount: Int
      let textFile: URL?
      let pages: [Page]
    }

    /// One page to summarize: its text's byte range in the text file, or why it cannot be read.
    private enum Page: Sendable {
      case text(Range<Int>)
      case damaged(String)
      case withoutText
    }

    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - directory: the directory holding the PDFs.
    ///   - pageCap: the most pages to summarize, or `nil` for no cap. Must not be negative.
    ///   - password: the password of encrypted PDFs (user or owner), or `nil`. Poppler takes it as
    ///     a command-line argument, so other users of the machine can see it in the process list.
    ///   - tools: the poppler tools to run (default: found on `$PATH`).
    /// - Throws: ``DocumentProviderError`` when `directory` is not a directory, `pageCap` is
    ///   negative, or poppler is not installed (`toolMissing`, naming the install command).
    public init(
      directory: URL, pageCap: Int? = nil, password: String? = nil, tools: PopplerTools? = nil
    ) throws {
      if let pageCap, pageCap < 0 {
        throw DocumentProviderError(
          code: .invalidArgument, message: "page cap \(pageCap) is negative; pass 0 or more")
      }
      folder = try DocumentDirectory(directory, kind: "a PDF")
      self.directory = folder.url
      self.pageCap = pageCap
      self.password = password
      self.tools = try tools ?? PopplerTools.locate()
      scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "contract-kit-pdf-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit {
      try? FileManager.default.removeItem(at: scratch)
    }

    /// The number of pages to summarize: the PDF's page count, capped.
    public func pageCount(for attachmentID: String) async throws -> Int {
      try await pdf(attachmentID).pages.count
    }

    /// The PDF's own page count.
    public func originalPageCount(for attachmentID: String) async throws -> Int {
      try await pdf(attachmentID).originalPageCount
    }

    /// The page at 0-based `index` among the capped pages; its page number is `index + 1`.
    public func page(at index: Int, for attachmentID: String) async throws -> PageContent {
      let pdf = try await pdf(attachmentID)
      let name = DocumentDirectory.quoted(attachmentID)
      guard pdf.pages.indices.contains(index), let textFile = pdf.textFile else {
        throw DocumentProviderError(
          code: .pageOutOfRange,
          message:
            "page index \(index) is out of range for \(name); it has \(pdf.pages.count) pages to summarize (0..<\(pdf.pages.count))"
        )
      }
      switch pdf.pages[index] {
      case .text(let range):
        let bytes = try folder.read(range, of: textFile, attachmentID: attachmentID)
        return PageContent(index: index, pageNumber: index + 1, text: Self.cleaned(bytes))
      case .damaged(let reason):
        throw DocumentProviderError(
          code: .damagedPage,
          message:
            "page \(index + 1) of \(name) has a damaged content stream (poppler: \(reason)); repair or re-export the PDF to read it"
        )
      case .withoutText:
        throw DocumentProviderError(
          code: .pageWithoutText,
          message:
            "page \(index + 1) of \(name) is an image without a text layer (a scan); run OCR on the PDF (for example ocrmypdf) to read it"
        )
      }
    }

    // MARK: - Reading a PDF

    /// The attachment, read once per version of its file; concurrent first reads share one load.
    private func pdf(_ attachmentID: String) async throws -> PDF {
      let (url, identity) = try folder.regularFile(attachmentID)
      let task = lock.withCriticalSection {
        if let load = loads[attachmentID], load.identity == identity { return load.task }
        let task = Task { try await self.read(url, attachmentID: attachmentID) }
        loads[attachmentID] = (identity, task)
        return task
      }
      do {
        return try await task.value
      } catch {
        // A failure is not kept: the next call tries again (after a password or file fix).
        lock.withCriticalSection {
          if loads[attachmentID]?.identity == identity { loads[attachmentID] = nil }
        }
        throw error
      }
    }

    private var passwordArguments: [String] {
      password.map { ["-opw", $0, "-upw", $0] } ?? []
    }

    private func read(_ url: URL, attachmentID: String) async throws -> PDF {
      let name = DocumentDirectory.quoted(attachmentID)
      try checkHeader(url, attachmentID: attachmentID)
      let info = try await ToolProcess.run(
        tools.pdfinfo, passwordArguments + [url.path])
      let original = try pageCount(info, name: name)
      let capped = pageCap.map { min($0, original) } ?? original
      guard capped > 0 else { return PDF(originalPageCount: original, textFile: nil, pages: []) }

      let textFile = scratch.appendingPathComponent("\(UUID().uuidString).txt")
      do {
        let text = try await ToolProcess.run(
          tools.pdftotext,
          ["-enc", "UTF-8", "-f", "1", "-l", "\(capped)"] + passwordArguments + [
            url.path, textFile.path,
          ])
        guard text.status == 0 else {
          throw damagedFile(name, text.errorLines.first ?? "pdftotext exited with \(text.status)")
        }
        let scanned = try Self.pageRanges(of: textFile)
        guard scanned.count == capped else {
          throw damagedFile(name, "pdftotext read \(scanned.count) of \(capped) pages")
        }
        var pages = scanned.map { Page.text($0.range) }
        if let error = text.errorLines.first {
          for (number, reason) in try await damagedPages(url, 1...capped, firstError: error) {
            pages[number - 1] = .damaged(reason)
          }
        }
        let blank = scanned.indices.filter { !scanned[$0].hasText }
        if let first = blank.first, let last = blank.last {
          let drawn = try await pagesWithImages(url, (first + 1)...(last + 1))
          for index in blank where drawn.contains(index + 1) {
            if case .text = pages[index] { pages[index] = .withoutText }
          }
        }
        return PDF(originalPageCount: original, textFile: textFile, pages: pages)
      } catch {
        try? FileManager.default.removeItem(at: textFile)
        throw error
      }
    }

    private func checkHeader(_ url: URL, attachmentID: String) throws {
      let head = try folder.read(0..<1024, of: url, attachmentID: attachmentID)
      guard Self.hasHeader(head) else {
        throw DocumentProviderError(
          code: .notPDF,
          message:
            "attachment \(DocumentDirectory.quoted(attachmentID)) is not a PDF (no %PDF- header in its first 1,024 bytes); pass a PDF file"
        )
      }
    }

    /// Whether the file at `url` is a PDF by its content: `%PDF-` in its first 1,024 bytes, as
    /// the provider decides. An unreadable file is not.
    public static func isPDF(at url: URL) -> Bool {
      guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
      defer { try? handle.close() }
      return hasHeader([UInt8]((try? handle.read(upToCount: 1024)) ?? Data()))
    }

    /// Whether a file's first bytes hold `%PDF-`.
    private static func hasHeader(_ head: [UInt8]) -> Bool {
      let magic = Array("%PDF-".utf8)
      return head.count >= magic.count
        && (0...(head.count - magic.count)).contains {
          head[$0..<$0 + magic.count].elementsEqual(magic)
        }
    }

    private func pageCount(_ info: ToolProcess.Run, name: String) throws -> Int {
      let errors = info.errorLines
      if info.status == 0 {
        let output = String(decoding: info.output, as: UTF8.self)
        for line in output.split(whereSeparator: \.isNewline) where line.hasPrefix("Pages:") {
          if let count = Int(line.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)),
            count >= 0
          {
            return count
          }
        }
        throw damagedFile(name, "pdfinfo printed no page count")
      }
      if errors.contains(where: { $0.contains("Invalid page count 0") }) { return 0 }
      if errors.contains(where: { $0.contains("Incorrect password") }) {
        throw DocumentProviderError(
          code: .encrypted,
          message: password == nil
            ? "attachment \(name) is encrypted; pass its password (contract-kit summarize --password P)"
            : "the password given for \(name) does not open it; pass its user or owner password")
      }
      throw damagedFile(name, errors.first ?? "pdfinfo exited with \(info.status)")
    }

    private func damagedFile(_ name: String, _ reason: String) -> DocumentProviderError {
      DocumentProviderError(
        code: .damagedFile,
        message:
          "attachment \(name) is truncated or corrupt (poppler: \(reason)); re-download or re-export the PDF"
      )
    }

    /// The pages in `range` whose extraction alone makes poppler report an error, with the first
    /// error, found by halving the range: a few runs for a few damaged pages, not one per page.
    ///
    /// - Parameter firstError: the error extracting the whole range reported, when known, so that
    ///   the range is not extracted again before it is halved.
    private func damagedPages(_ url: URL, _ range: ClosedRange<Int>, firstError: String? = nil)
      async throws -> [Int: String]
    {
      var error = firstError
      if error == nil {
        let run = try await ToolProcess.run(
          tools.pdftotext,
          ["-enc", "UTF-8", "-f", "\(range.lowerBound)", "-l", "\(range.upperBound)"]
            + passwordArguments + [url.path, "-"])
        error = run.errorLines.first
      }
      guard let error else { return [:] }
      if range.count == 1 { return [range.lowerBound: error] }
      let middle = range.lowerBound + range.count / 2
      let lower = try await damagedPages(url, range.lowerBound...(middle - 1))
      let upper = try await damagedPages(url, middle...range.upperBound)
      return lower.merging(upper) { first, _ in first }
    }

    /// The page numbers in `range` that draw at least one image (`pdfimages -list`, which lists
    /// images without decoding them).
    private func pagesWithImages(_ url: URL, _ range: ClosedRange<Int>) async throws -> Set<Int> {
      let run = try await ToolProcess.run(
        tools.pdfimages,
        ["-list", "-f", "\(range.lowerBound)", "-l", "\(range.upperBound)"] + passwordArguments
          + [url.path])
      var pages = Set<Int>()
      // Two header lines, then one row per image whose first column is its page number.
      for line in String(decoding: run.output, as: UTF8.self).split(whereSeparator: \.isNewline)
        .dropFirst(2)
      {
        if let page = line.split(separator: " ").first.flatMap({ Int($0) }) { pages.insert(page) }
      }
      return pages
    }

    /// Each page's byte range in `pdftotext`'s output (every page ends with a form feed) and
    /// whether it holds anything but white space, read in blocks so memory stays flat.
    static func pageRanges(of file: URL) throws -> [(range: Range<Int>, hasText: Bool)] {
      let handle = try FileHandle(forReadingFrom: file)
      defer { try? handle.close() }
      var pages: [(range: Range<Int>, hasText: Bool)] = []
      var start = 0
      var offset = 0
      var hasText = false
      while let block = try handle.read(upToCount: 1 << 16), !block.isEmpty {
        for byte in block {
          switch byte {
          case 0x0C:
            pages.append((start..<offset, hasText))
            start = offset + 1
            hasText = false
          case 0x20, 0x0A, 0x0D, 0x09: break
          default: hasText = true
          }
          offset += 1
        }
      }
      return pages
    }

    /// A page's text as the provider returns it: poppler's directional embedding marks removed,
    /// Latin ligatures spelled out, trailing white space dropped.
    static func cleaned(_ bytes: [UInt8]) -> String {
      var scalars = String.UnicodeScalarView()
      for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        switch scalar.value {
        case 0x202A...0x202E: continue
        case 0xFB00...0xFB06:
          scalars.append(contentsOf: ligatures[Int(scalar.value - 0xFB00)].unicodeScalars)
        default: scalars.append(scalar)
        }
      }
      var text = String(scalars)
      while let last = text.unicodeScalars.last, last.properties.isWhitespace {
        text.unicodeScalars.removeLast()
      }
      return text
    }

    /// U+FB00 to U+FB06, spelled out (their compatibility decompositions).
    private static let ligatures = ["ff", "fi", "fl", "ffi", "ffl", "st", "st"]
  }

#endif
