import Foundation
import ProfileAdapters
import ProfileContracts
import ReferenceSuites
import TestSupport
import Testing

/// The PDF provider on PDFs built by a real producer (fpdf2) and read through poppler, with each
/// fault the provider names injected into a real file.
@Suite(
  .integration,
  .serialized,
  .enabled(
    if: Backends.runPDF,
    Comment(rawValue: Backends.pdfMissing ?? "poppler and fpdf2 are installed")))
struct PDFDocumentProviderTests {
  let directory = TemporaryDirectory("pdf")

  /// Builds `spec` as `name` in the test's directory.
  func build(_ spec: PDFFixtureBuilder.Spec, _ name: String = "doc.pdf") async throws {
    try await PDFFixtureBuilder.locate().build(spec, to: directory.url.appendingPathComponent(name))
  }

  func provider(cap: Int? = nil, password: String? = nil) throws -> PDFDocumentProvider {
    try PDFDocumentProvider(directory: directory.url, pageCap: cap, password: password)
  }

  /// The error `body` throws, as a `DocumentProviderError`.
  func error(_ body: () async throws -> Void) async -> DocumentProviderError? {
    do {
      try await body()
      return nil
    } catch {
      return error as? DocumentProviderError
    }
  }

  @Test func countsArePopplersAndTheCapIsExact() async throws {
    defer { directory.remove() }
    try await build(.init(pages: (1...40).map { "Page \($0) says \($0 * 3) units." }))
    let capped = try provider(cap: 30)
    #expect(try await capped.pageCount(for: "doc.pdf") == 30)
    #expect(try await capped.originalPageCount(for: "doc.pdf") == 40)
    #expect(try await capped.page(at: 29, for: "doc.pdf").text == "Page 30 says 90 units.")
    #expect(
      await error { _ = try await capped.page(at: 30, for: "doc.pdf") }?.code == .pageOutOfRange)
    let whole = try provider()
    #expect(try await whole.pageCount(for: "doc.pdf") == 40)
    #expect(try await whole.page(at: 39, for: "doc.pdf").pageNumber == 40)
  }

  /// The example of `PDFDocumentProvider`'s doc comment.
  @Test func docCommentExample() async throws {
    defer { directory.remove() }
    let inbox = directory.url
    try await build(.init(pages: (1...100).map { "Page \($0)." }), "report.pdf")
    let documents = try PDFDocumentProvider(directory: inbox, pageCap: 30)
    let pages = try await documents.pageCount(for: "report.pdf")  // 30
    let original = try await documents.originalPageCount(for: "report.pdf")  // 100
    #expect(pages == 30)
    #expect(original == 100)
  }

  @Test func pageNumbersArePhysicalWhateverTheLabelsPrint() async throws {
    defer { directory.remove() }
    // Front matter labelled i, ii, iii, then the body labelled 1, 2, 3 again.
    var spec = PDFFixtureBuilder.Spec(pages: (1...6).map { "Sheet \($0) of six." })
    spec.labels = [.init(page: 0, style: "r"), .init(page: 3, style: "D")]
    try await build(spec)
    let data = try Data(contentsOf: directory.url.appendingPathComponent("doc.pdf"))
    #expect(data.range(of: Data("/PageLabels".utf8)) != nil, "the fixture carries page labels")
    let documents = try provider()
    for index in 0..<6 {
      let page = try await documents.page(at: index, for: "doc.pdf")
      #expect(page.pageNumber == index + 1)
      #expect(page.text == "Sheet \(index + 1) of six.")
    }
  }

  @Test func unicodeComesBackWithLigaturesSpelledOut() async throws {
    defer { directory.remove() }
    let pages = [
      "회의록: 예산안은 삼월에 확정되었습니다.", "日本語のテキスト、ひらがなとカタカナ。",
      "Accents: café, naïve, Ångström, e\u{301}.", "The \u{FB01}nal o\u{FB00}er \u{FB02}ows.",
      "שלום עולם", "Emoji 👩🏽‍💻 and 🇰🇷.",
    ]
    try await build(.init(pages: pages))
    let documents = try provider()
    let read = try await (0..<pages.count).asyncMap {
      try await documents.page(at: $0, for: "doc.pdf").text
    }
    #expect(read[0] == pages[0])
    #expect(read[1] == pages[1])
    #expect(read[2].unicodeScalars.elementsEqual(pages[2].unicodeScalars))
    #expect(read[3] == "The final offer flows.")
    #expect(read[4] == "שלום עולם", "poppler's embedding marks are removed")
    #expect(read[5] == pages[5])
  }

  @Test func aDamagedPageThrowsForThatPageOnly() async throws {
    defer { directory.remove() }
    var spec = PDFFixtureBuilder.Spec(pages: (1...9).map { "Page \($0) reads fine." })
    spec.damagedPages = [2, 6]
    try await build(spec)
    let documents = try provider()
    #expect(try await documents.pageCount(for: "doc.pdf") == 9)
    for index in 0..<9 {
      if [2, 6].contains(index) {
        let failure = await error { _ = try await documents.page(at: index, for: "doc.pdf") }
        #expect(failure?.code == .damagedPage)
        #expect(
          failure?.message.hasPrefix("page \(index + 1) of \"doc.pdf\" has a damaged") == true)
      } else {
        #expect(
          try await documents.page(at: index, for: "doc.pdf").text
            == "Page \(index + 1) reads fine.")
      }
    }
  }

  @Test func aScannedPageIsReportedAndABlankPageIsEmpty() async throws {
    defer { directory.remove() }
    var spec = PDFFixtureBuilder.Spec(pages: [
      "Typed page.", "Scanned words on paper.", "", "Last.",
    ])
    spec.scannedPages = [1]
    try await build(spec)
    let documents = try provider()
    let failure = await error { _ = try await documents.page(at: 1, for: "doc.pdf") }
    #expect(failure?.code == .pageWithoutText)
    #expect(failure?.message.contains("run OCR") == true)
    #expect(try await documents.page(at: 2, for: "doc.pdf").text == "")
    #expect(try await documents.page(at: 3, for: "doc.pdf").text == "Last.")
  }

  @Test func anEncryptedPDFNeedsItsPassword() async throws {
    defer { directory.remove() }
    var spec = PDFFixtureBuilder.Spec(pages: ["Locked page."])
    spec.password = "s3cret"
    try await build(spec)
    let locked = await error { _ = try await provider().pageCount(for: "doc.pdf") }
    #expect(locked?.code == .encrypted)
    #expect(locked?.message.contains("--password") == true)
    let wrong = await error { _ = try await provider(password: "nope").pageCount(for: "doc.pdf") }
    #expect(wrong?.code == .encrypted)
    for password in ["s3cret", "owner-s3cret"] {
      let documents = try provider(password: password)
      #expect(try await documents.page(at: 0, for: "doc.pdf").text == "Locked page.")
    }
  }

  @Test func wholeFileFaultsAreTypedAndNameTheFile() async throws {
    defer { directory.remove() }
    try await build(.init(pages: (1...5).map { "Page \($0) of a file that gets cut." }))
    let whole = try Data(contentsOf: directory.url.appendingPathComponent("doc.pdf"))
    try whole.prefix(whole.count / 2).write(to: directory.url.appendingPathComponent("cut.pdf"))
    try whole.prefix(200).write(to: directory.url.appendingPathComponent("stub.pdf"))
    try directory.write("notes.pdf", "These are notes, not a PDF.\n")
    try Data().write(to: directory.url.appendingPathComponent("empty.pdf"))
    let documents = try provider()
    for (name, code) in [
      ("cut.pdf", DocumentProviderError.Code.damagedFile), ("stub.pdf", .damagedFile),
      ("notes.pdf", .notPDF), ("empty.pdf", .notPDF), ("missing.pdf", .unknownAttachment),
      ("../doc.pdf", .attachmentOutsideDirectory),
    ] {
      let failure = await error { _ = try await documents.pageCount(for: name) }
      #expect(failure?.code == code, "\(name)")
      #expect(failure?.message.contains("\n") == false)
      #expect(failure?.message.contains(name) == true, "\(failure?.message ?? "")")
    }
  }

  @Test func aPDFOfNoPagesReportsZeroAndZero() async throws {
    defer { directory.remove() }
    try await build(.init(pages: []))
    let documents = try provider(cap: 30)
    #expect(try await documents.pageCount(for: "doc.pdf") == 0)
    #expect(try await documents.originalPageCount(for: "doc.pdf") == 0)
  }

  @Test func aRewrittenFileIsReadAgain() async throws {
    defer { directory.remove() }
    try await build(.init(pages: ["First version."]))
    let documents = try provider()
    #expect(try await documents.page(at: 0, for: "doc.pdf").text == "First version.")
    try await build(.init(pages: ["Second version, longer.", "And a page more."]))
    #expect(try await documents.pageCount(for: "doc.pdf") == 2)
    #expect(try await documents.page(at: 0, for: "doc.pdf").text == "Second version, longer.")
  }

  /// A builder keeps a copy of what it built and hands out copies of it for the same spec: the
  /// file it first wrote may since hold another document, or be gone.
  @Test func aSpecBuiltAgainIsItsOwnDocumentWhateverBecameOfTheFirstFile() async throws {
    defer { directory.remove() }
    let builder = try await PDFFixtureBuilder.locate()
    let first = PDFFixtureBuilder.Spec(pages: ["The first document.", "Its second page."])
    let url = { (name: String) in directory.url.appendingPathComponent(name) }
    try await builder.build(first, to: url("a.pdf"))
    try await builder.build(.init(pages: ["Another document."]), to: url("a.pdf"))
    try await builder.build(first, to: url("b.pdf"))
    try FileManager.default.removeItem(at: url("a.pdf"))
    try await builder.build(first, to: url("c.pdf"))
    let documents = try provider()
    for name in ["b.pdf", "c.pdf"] {
      #expect(try await documents.pageCount(for: name) == 2)
      #expect(try await documents.page(at: 1, for: name).text == "Its second page.")
    }
  }

  @Test func theDocumentSuitePassesOnThePDFProvider() async throws {
    defer { directory.remove() }
    let runs = await ReferenceSuites.run("document", documentProvider: "pdf", timeout: .seconds(30))
    try #require(runs.count == 1)
    #expect(runs[0].report.failures.map(\.id) == [])
    #expect(runs[0].report.counts.passed == runs[0].report.results.count)
  }
}

extension Range where Bound == Int {
  /// The results of `transform` over the range, one at a time.
  func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for index in self { results.append(try await transform(index)) }
    return results
  }
}
