import ContractConformance
import Foundation
import ProfileAdapters
import ProfileContracts
import ReferenceSuites
import Testing

@testable import ContractConformanceCore

@Suite(.serialized) struct DocumentProviderConformanceTests {
  static let expectations: [DocumentMutant: [MutantExpectation]] = [
    .cappedAsOriginal: [
      MutantExpectation(
        mutant: "cappedAsOriginal", failing: "document.capReported",
        message: "reported pageCount 30 and originalPageCount 30")
    ],
    .countExceedsOriginal: [
      MutantExpectation(
        mutant: "countExceedsOriginal", failing: "document.countsOrdered",
        message: "10 pages, cap 4: pageCount 10, originalPageCount 4")
    ],
    .chunkNumbering: [
      MutantExpectation(
        mutant: "chunkNumbering", failing: "document.pageNumbers",
        message: "page(at: 1) has page number 1 after 1")
    ],
    .shiftedIndex: [
      MutantExpectation(
        mutant: "shiftedIndex", failing: "document.indexes", message: "page(at: 0) reported index 1"
      )
    ],
    .mergedPages: [
      MutantExpectation(
        mutant: "mergedPages", failing: "document.text", message: "page 1 should read")
    ],
    .noThrowOutOfRange: [
      MutantExpectation(
        mutant: "noThrowOutOfRange", failing: "document.outOfRange",
        message: "page(at: -1) with pageCount 5 returned \"\" instead of throwing")
    ],
    .readsPastTheCap: [
      MutantExpectation(
        mutant: "readsPastTheCap", failing: "document.outOfRange",
        message: "a 10-page document, capped at 4: page(at: 4) with pageCount 4 returned")
    ],
    .unknownIsZero: [
      MutantExpectation(
        mutant: "unknownIsZero", failing: "document.unknownAttachment",
        message: "returned 0 instead of throwing")
    ],
    .emptyAsOnePage: [
      MutantExpectation(
        mutant: "emptyAsOnePage", failing: "document.empty",
        message: "reported pageCount 1 and originalPageCount 1")
    ],
    .unstableReads: [
      MutantExpectation(
        mutant: "unstableReads", failing: "document.repeatable", message: "read twice differed")
    ],
    .mangledUnicode: [
      MutantExpectation(
        mutant: "mangledUnicode", failing: "document.unicode", message: "page 9 should read")
    ],
    .visualRightToLeftLetters: [
      MutantExpectation(
        mutant: "visualRightToLeftLetters", failing: "document.unicode",
        message: "page 12 should read")
    ],
    .visualRightToLeftWords: [
      MutantExpectation(
        mutant: "visualRightToLeftWords", failing: "document.unicode",
        message: "its right-to-left words שלום עולם مرحبا بالعالم in this order")
    ],
    .truncatesLongPages: [
      MutantExpectation(
        mutant: "truncatesLongPages", failing: "document.text",
        message: "page 2 of the mixed document (4601 characters) came back with 1000 characters")
    ],
    .dropsBlankPages: [
      MutantExpectation(
        mutant: "dropsBlankPages", failing: "document.text",
        message: "reported originalPageCount 4: a blank page is a page; count it")
    ],
    .sharedCursor: [
      MutantExpectation(
        mutant: "sharedCursor", failing: "document.concurrency",
        message: "a concurrent read of index")
    ],
    .forwardOnly: [
      MutantExpectation(
        mutant: "forwardOnly", failing: "document.readOrders",
        message: "page numbers must run on with the indexes, without a gap"),
      MutantExpectation(
        mutant: "forwardOnly", failing: "document.readOrders", message: "minimal input"),
    ],
    .zeroCapIgnored: [
      MutantExpectation(
        mutant: "zeroCapIgnored", failing: "document.capReported",
        message: "capped at 0, offered from page 1, reported pageCount")
    ],
    .capAboveCountReported: [
      MutantExpectation(
        mutant: "capAboveCountReported", failing: "document.capReported", message: "; expected ")
    ],
    .poolNeverReturned: [
      MutantExpectation(
        mutant: "poolNeverReturned", failing: "document.instances",
        message: "provider 49 of 64: reading the counts of a 6-page fixture threw PoolExhausted")
    ],
    .countDriftsWithAge: [
      MutantExpectation(
        mutant: "countDriftsWithAge", failing: "document.history",
        message: "document.repeatable broken by pageCount(")
    ],
  ]

  @Test(arguments: DocumentMutant.allCases)
  func mutantIsCaught(mutant: DocumentMutant) async {
    let report = await DocumentProviderConformance(timeout: testTimeout) { fixture in
      (MemoryProvider(fixture, mutant: mutant), "doc")
    }.run()
    expect(report, failsAll: Self.expectations[mutant] ?? [])
    #expect(Self.expectations[mutant]?.isEmpty == false, "\(mutant) has no expectation")
    // A pool a few providers never exhaust: only the many providers of document.instances do.
    if mutant == .poolNeverReturned {
      #expect(report.failures.map(\.id) == ["document.instances"], "\(report.renderText())")
    }
  }

  /// A provider that builds a path from the attachment ID reads a file outside its folder; only
  /// document.hostileIDs reaches it, and says which ID led out.
  static let pathJoining = MutantExpectation(
    mutant: "PathJoiningProvider", failing: "document.hostileIDs",
    message: "pageCount for an ID of ../ to the root, then the bait file's absolute path returned 1"
  )

  @Test func aProviderThatBuildsAPathFromTheIDFailsOnlyHostileIDs() async {
    let report = await DocumentProviderConformance(timeout: testTimeout) { fixture in
      try PathJoiningProvider.make(fixture)
    }.run()
    #expect(report.failures.map(\.id) == ["document.hostileIDs"], "\(report.failures)")
    expect(report, failsAll: [Self.pathJoining])
    let message = report.result("document.hostileIDs")?.message ?? ""
    #expect(message.contains("the bait file's text"), "\(message)")
  }

  @Test(arguments: [DocumentMutant.truncatesLongPages, .dropsBlankPages])
  func aProviderBrokenOnlyOnLongOrBlankPagesFailsTheTextCheck(mutant: DocumentMutant) async {
    let report = await DocumentProviderConformance(timeout: testTimeout) { fixture in
      (MemoryProvider(fixture, mutant: mutant), "doc")
    }.run()
    #expect(report.result("document.text")?.status == .failed)
    // Generated documents have long and blank pages too; no check of short pages fails.
    for id in ["document.indexes", "document.pageNumbers", "document.outOfRange"] {
      #expect(report.result(id)?.status == .passed, "\(id)")
    }
  }

  @Test func aProviderThatHandsOutNFDPassesAndTheUnicodeCheckSaysWhatDiffers() async {
    let report = await DocumentProviderConformance(timeout: testTimeout) { fixture in
      (DecomposingProvider(base: MemoryProvider(fixture)), "doc")
    }.run()
    expectClean(report, "DecomposingProvider")
    let message = report.result("document.unicode")?.message ?? ""
    #expect(
      message.contains("the same text in another normalization form, NFD where the fixture is NFC"),
      "\(message)")
  }

  @Test func textsThatPrintAlikeAreToldApart() {
    #expect(
      PageText.difference(expected: "Full-width １２３", read: "Full-width 123").contains(
        "compatibility normalization (NFKC)"))
    #expect(
      PageText.difference(expected: "a\u{200D}b", read: "ab").contains(
        "U+200D ZERO WIDTH JOINER"))
    #expect(
      PageText.difference(expected: "café", read: "cafe")
        == "first difference at character 4: the fixture has \"é\" (U+00E9 LATIN SMALL LETTER E WITH ACUTE), the page has \"e\" (U+0065 LATIN SMALL LETTER E)"
    )
    #expect(PageText.matches("회의록".decomposedStringWithCanonicalMapping, "회의록"))
    #expect(PageText.matches("line one\n\nline  two\r\n", "line one line two"))
    #expect(!PageText.matches("line one", "line on"))
  }

  @Test func theCorrectMemoryProviderPasses() async {
    let report = await DocumentProviderConformance(timeout: testTimeout) { fixture in
      (MemoryProvider(fixture), "doc")
    }.run()
    expectClean(report, "MemoryProvider")
  }

  @Test func aProviderWhosePagesStartAtPageFivePasses() async {
    let report = await DocumentProviderConformance(timeout: testTimeout) { fixture in
      (MemoryProvider(fixture, skipped: 4), "doc")
    }.run()
    expectClean(report, "a provider skipping four pages of front matter")
  }

  @Test func theTextDocumentProviderPassesEveryCheck() async {
    let runs = await ReferenceSuites.run(
      "document", documentProvider: "text", timeout: .seconds(30))
    // Both ways it pages: at form feeds, and by lines.
    #expect(
      runs.map(\.label) == [
        "document (TextDocumentProvider)", "document (TextDocumentProvider, paged by lines)",
      ])
    for run in runs {
      expectClean(run.report, run.label)
      #expect(run.report.counts.passed == DocumentProviderConformance.rules.count)
    }
  }

  @Test func aMixedLineIsComparedRunByRunWhateverOrderTheRunsComeIn() {
    let typed = "שלום עולם — مرحبا بالعالم: right-to-left text."
    // What poppler reads from a PDF of that line: the runs swapped, neutrals moved, embedding
    // marks around them.
    let read = "\u{202B}שלום עולם — مرحبا بالعالم\u{202A}.right-to-left text :\u{202C}\u{202C}"
    let words = DocumentProviderConformance.directionalWords(typed)
    #expect(words.rightToLeft == ["שלום", "עולם", "مرحبا", "بالعالم"])
    #expect(words.leftToRight == ["right", "to", "left", "text"])
    #expect(DocumentProviderConformance.directionalWords(read) == words)
    // A combining mark stays with its letter.
    #expect(
      DocumentProviderConformance.directionalWords("cafe\u{301} ok").leftToRight == [
        "cafe\u{301}", "ok",
      ])
  }

  @Test func aFactoryThatThrowsFailsEveryCheckWithItsError() async {
    struct Broken: Error {}
    let report = await DocumentProviderConformance { _ in throw Broken() }.run()
    for result in report.results {
      #expect(result.status == .failed)
      #expect(result.message.contains("the factory threw Broken"))
    }
  }
}
