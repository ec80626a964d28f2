import ContractConformanceCore
import Foundation
import ReferenceSuites
import TestSupport
import Testing

/// `contract-kit summarize` and `conformance run --provider pdf` on PDFs, run as a user would.
@Suite(
  .integration,
  .serialized,
  .enabled(
    if: Backends.runPDF,
    Comment(rawValue: Backends.pdfMissing ?? "poppler and fpdf2 are installed")))
struct SummarizePDFTests {
  let folder: SummarizeCommandTests.Folder

  init() throws { folder = try SummarizeCommandTests.Folder() }

  /// Builds a PDF of `pages` pages, each a few sentences with numbers that name its page.
  func build(_ name: String, pages: Int, change: (inout PDFFixtureBuilder.Spec) -> Void = { _ in })
    async throws
  {
    var spec = PDFFixtureBuilder.Spec(
      pages: (1...pages).map { page in
        (0..<4).map {
          "On page \(page), the harbor authority counted \(page * 7 + $0) ferries in section \($0)."
        }.joined(separator: "\n")
      })
    change(&spec)
    try await PDFFixtureBuilder.locate().build(spec, to: URL(fileURLWithPath: folder.path(name)))
  }

  @Test func aCappedPDFSaysPagesOneToThirtyOfItsCountWithRealPageNumbers() async throws {
    // Front matter labelled i, ii: page numbers stay physical.
    try await build("report.pdf", pages: 100) {
      $0.labels = [.init(page: 0, style: "r"), .init(page: 2, style: "D")]
    }
    let result = try ContractKitBinary.run([
      "summarize", folder.path("report.pdf"), "--page-cap", "30", "--context-tokens", "600",
      "--store", folder.path("store"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("pages 1–30 of 100"), "\(result.stdout)")
    // Several sections, each naming the pages its points came from; the last ends at page 30,
    // and its points quote that page.
    let sections = result.stdout.split(separator: "\n").filter {
      $0.hasSuffix(")") && $0.contains("(pages ")
    }
    #expect(sections.count > 1, "\(result.stdout)")
    #expect(sections.first?.contains("(pages 1–") == true, "\(sections)")
    #expect(sections.last?.hasSuffix("–30)") == true, "\(sections)")
    #expect(result.stdout.contains("On page 30, the harbor authority counted"), "\(result.stdout)")
  }

  @Test func aPDFIsKnownByItsContentNotItsName() async throws {
    try await build("scan-0001.dat", pages: 3) { $0.scannedPages = [1] }
    let result = try ContractKitBinary.run([
      "summarize", folder.path("scan-0001.dat"), "--store", folder.path("store"),
    ])
    #expect(result.stdout.contains("pages 1–3 of 3; pages 2 unreadable"), "\(result.stdout)")
    #expect(result.stdout.contains("On page 3, the harbor"))
  }

  @Test func anEncryptedPDFOpensWithPassword() async throws {
    try await build("locked.pdf", pages: 2) { $0.password = "harbor" }
    let locked = try ContractKitBinary.run([
      "summarize", folder.path("locked.pdf"), "--store", folder.path("store"),
    ])
    #expect(locked.status == 2)
    #expect(
      locked.stderr
        == "contract-kit: error: attachment \"locked.pdf\" is encrypted; pass its password (contract-kit summarize --password P)\n"
    )
    let opened = try ContractKitBinary.run([
      "summarize", folder.path("locked.pdf"), "--password", "harbor", "--store",
      folder.path("store"),
    ])
    #expect(opened.status == 0, "\(opened.stderr)")
    #expect(opened.stdout.contains("pages 1–2 of 2"))
  }

  @Test func wholeFileFaultsAreOneLineAndExitTwo() async throws {
    try await build("whole.pdf", pages: 4)
    let whole = try Data(contentsOf: URL(fileURLWithPath: folder.path("whole.pdf")))
    try folder.write("truncated.pdf", whole.prefix(whole.count / 2))
    try folder.write("notes.pdf", Data("plain notes, no PDF here\n".utf8))
    try await PDFFixtureBuilder.locate().build(
      .init(pages: []), to: URL(fileURLWithPath: folder.path("empty.pdf")))
    let cases: [([String], String)] = [
      (["truncated.pdf"], "attachment \"truncated.pdf\" is truncated or corrupt (poppler: "),
      (["empty.pdf"], "empty.pdf is a PDF of 0 pages; there is nothing to summarize"),
      (["locked.pdf", "--password", "x"], "no attachment \"locked.pdf\""),
      (["notes.pdf", "--password", "x"], "--password opens a PDF, and"),
    ]
    for (arguments, message) in cases {
      let result = try ContractKitBinary.run(
        ["summarize", folder.path(arguments[0])] + arguments.dropFirst() + [
          "--store", folder.path("store"),
        ])
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("contract-kit: error: "))
      #expect(result.stderr.split(separator: "\n").count <= 3, "\(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    // A text file named .pdf is still summarized as the text it is.
    let text = try ContractKitBinary.run([
      "summarize", folder.path("notes.pdf"), "--store", folder.path("store"),
    ])
    #expect(text.status == 0, "\(text.stderr)")
  }

  @Test func conformanceRunsTheDocumentSuiteOnThePDFProvider() throws {
    let result = try ContractKitBinary.run([
      "conformance", "run", "--suite", "document", "--provider", "pdf",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "document (PDFDocumentProvider): \(DocumentProviderConformance.rules.count) passed, 0 failed, 0 skipped"
      ))
    #expect(!result.stdout.contains("TextDocumentProvider"))
  }

  @Test func withoutPopplerThePDFProviderIsSkippedByCheckAndRefusedByName() throws {
    // A search path with python3 but no poppler.
    let bin = URL(fileURLWithPath: folder.path("bin"))
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    if let python = Backends.python3 {
      try FileManager.default.createSymbolicLink(
        at: bin.appendingPathComponent("python3"), withDestinationURL: URL(fileURLWithPath: python))
    }
    let environment = ["PATH": bin.path, "CONTRACT_KIT_REQUIRE_BACKENDS": "0"]
    let run = try ContractKitBinary.run(
      ["conformance", "run", "--suite", "document", "--provider", "pdf"], environment: environment)
    #expect(run.status == 2)
    #expect(
      run.stderr.contains(
        "pdfinfo is not installed; PDFs are read with poppler: apt-get install -y poppler-utils"))
    let check = try ContractKitBinary.run(
      ["conformance", "run", "--suite", "document"], environment: environment)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("note: skipped: pdfinfo is not installed"), "\(check.stdout)")
    let required = try ContractKitBinary.run(
      ["conformance", "run", "--suite", "document"],
      environment: ["PATH": bin.path, "CONTRACT_KIT_REQUIRE_BACKENDS": "1"])
    #expect(required.status == 1, "a missing backend fails under CONTRACT_KIT_REQUIRE_BACKENDS=1")
  }
}
