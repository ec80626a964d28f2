import ContractConformanceCore
import Foundation
import KitSupport
import ProfileAdapters
import ProfileContracts
import ProfileCore

/// The four suites wired to the adapters the kit ships, as `contract-kit conformance run` and
/// `contract-kit check` run them.
public enum ReferenceSuites {
  /// The suite names, in the order they run.
  public static let names = ["translator", "document", "store", "executor"]

  /// One suite run: a label naming the adapter, a note for the reader, and the report.
  public struct Run: Sendable {
    /// Which adapter was checked, such as `store (FileExecutionStore)`.
    public let label: String
    /// Anything the reader must know about how it was checked, or `nil`.
    public let note: String?
    /// The results.
    public let report: ConformanceReport
  }

  /// The language pairs the sample-corpus translator is checked on.
  public static let translatorPairs = [
    LanguagePair(source: "ko", target: "en"), LanguagePair(source: "en", target: "ko"),
    LanguagePair(source: "ja", target: "en"), LanguagePair(source: "zh", target: "en"),
    LanguagePair(source: "es", target: "fr"), LanguagePair(source: "de", target: "en"),
  ]

  /// The document providers the kit ships, as `--provider` names them.
  public static let documentProviders = ["text", "pdf"]

  /// Runs the named suite (see ``names``) against the kit's own adapters.
  ///
  /// - Parameters:
  ///   - scratch: a directory for fixtures and stores; each run uses fresh folders in it and
  ///     removes them afterwards.
  ///   - documentProvider: with the document suite, one of ``documentProviders`` only; `nil`
  ///     checks both, the PDF provider skipped (or failed, under `CONTRACT_KIT_REQUIRE_BACKENDS=1`)
  ///     with the install command when poppler or the fixture producer is missing.
  ///   - timeout: each check's limit for the in-process adapters (the PDF provider, which builds
  ///     its fixtures with fpdf2, gets six times as much).
  public static func run(
    _ name: String, scratch: URL = FileManager.default.temporaryDirectory,
    documentProvider: String? = nil, timeout: Duration = .seconds(10)
  ) async -> [Run] {
    switch name {
    case "translator":
      let report = await TranslatorConformance(pairs: translatorPairs, timeout: timeout) {
        SampleCorpusTranslator()
      }.run()
      return [
        Run(
          label: "translator (SampleCorpusTranslator)",
          note:
            "there is no translation engine on Linux: checked against the sample-corpus translator, which translates the kit's numbered sample sentences only",
          report: report)
      ]
    case "document":
      var runs: [Run] = []
      if documentProvider != "pdf" {
        runs.append(await textDocumentRun(scratch, timeout))
        runs.append(await textDocumentRun(scratch, timeout, byLines: true))
      }
      if documentProvider != "text" { runs.append(await pdfDocumentRun(scratch, timeout * 6)) }
      return runs
    case "store":
      let durable = await ExecutionStoreConformance(
        durability: .durable, timeout: timeout, scratch: scratch
      ) { directory in
        try FileExecutionStore(directory: directory)
      }.run()
      let volatile = await ExecutionStoreConformance(
        durability: .volatile, timeout: timeout, scratch: scratch
      ) { _ in
        InMemoryExecutionStore()
      }.run()
      return [
        Run(label: "store (FileExecutionStore)", note: nil, report: durable),
        Run(
          label: "store (InMemoryExecutionStore)",
          note: "volatile: the durability checks are skipped", report: volatile),
      ]
    case "executor":
      let report = await ModelExecutorConformance(
        errorMapping: ExtractiveModelExecutor.map,
        knownErrors: ExtractiveModelExecutor.NativeError.allCases.map {
          KnownError($0, expected: .rejected)
        }
          + [KnownError(CancellationError(), expected: .permanent)], timeout: timeout
      ) { ExtractiveModelExecutor() }.run()
      return [Run(label: "executor (ExtractiveModelExecutor)", note: nil, report: report)]
    default:
      return []
    }
  }

  /// The text provider over files with form feeds between pages, or, `byLines`, over files of
  /// one line a page, its other way of paging. Fixture after fixture, the files take each layout
  /// the provider reads: a form feed after every page or only between them, with or without a
  /// final line break; a line break after every line or not after the last.
  private static func textDocumentRun(_ scratch: URL, _ timeout: Duration, byLines: Bool = false)
    async -> Run
  {
    let folder = fresh(scratch, "document")
    defer { try? FileManager.default.removeItem(at: folder) }
    let counter = Counter()
    let report = await DocumentProviderConformance(timeout: timeout) { fixture in
      let number = counter.next()
      let name = "fixture-\(number).txt"
      return byLines
        ? try textProviderByLines(
          for: fixture, in: folder, name: name, finalLineBreak: number % 2 == 0)
        : try textProvider(
          for: fixture, in: folder, name: name, layout: TextLayout.allCases[number % 3])
    }.run()
    guard byLines else {
      return Run(label: "document (TextDocumentProvider)", note: nil, report: report)
    }
    return Run(
      label: "document (TextDocumentProvider, paged by lines)",
      note:
        "each page written as one line, its line breaks as spaces (the suite compares runs of whitespace as one space), every other file without a final line break; a document ending in an empty page, which lines cannot hold, is written with form feeds",
      report: report)
  }

  /// Writes `fixture` as a text file of one line a page, without form feeds, the last line
  /// ended by a line break or not, and opens a provider that pages it every line. A fixture
  /// whose last page is empty (one line cannot end a file with it) is written with form feeds,
  /// as ``textProvider(for:in:name:layout:)`` writes it.
  static func textProviderByLines(
    for fixture: DocumentFixture, in folder: URL, name: String, finalLineBreak: Bool = true
  ) throws -> (provider: any ProfileDocumentProviding, attachmentID: String) {
    guard let last = fixture.pages.last, !last.isEmpty else {
      return try textProvider(for: fixture, in: folder, name: name)
    }
    let lines = fixture.pages.map {
      $0.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
    try Data((lines.joined(separator: "\n") + (finalLineBreak ? "\n" : "")).utf8).write(
      to: folder.appendingPathComponent(name))
    return (
      try TextDocumentProvider(directory: folder, pageCap: fixture.pageCap, linesPerPage: 1), name
    )
  }

  private static func pdfDocumentRun(_ scratch: URL, _ timeout: Duration) async -> Run {
    let label = "document (PDFDocumentProvider)"
    let builder: PDFFixtureBuilder
    do {
      _ = try PopplerTools.locate()
      builder = try await PDFFixtureBuilder.locate()
    } catch {
      let required = KitEnvironment.value("CONTRACT_KIT_REQUIRE_BACKENDS") == "1"
      let results = DocumentProviderConformance.rules.map {
        CheckResult(
          id: $0.id, level: $0.level, status: required ? .failed : .skipped,
          message: "\(error)")
      }
      return Run(
        label: label, note: required ? nil : "skipped: \(error)",
        report: ConformanceReport(suite: "document", results: results, seed: nil))
    }
    let folder = fresh(scratch, "document-pdf")
    defer { try? FileManager.default.removeItem(at: folder) }
    let counter = Counter()
    // Each check builds its fixture PDFs with fpdf2 (about 0.1 s each, after one python3 start),
    // so the checks get more time than the in-memory suites.
    let report = await DocumentProviderConformance(timeout: timeout) { fixture in
      try await builder.provider(for: fixture, in: folder, name: "fixture-\(counter.next()).pdf")
    }.run()
    return Run(
      label: label, note: "fixtures are PDFs written by fpdf2 and read back through poppler",
      report: report)
  }

  /// How a text file separates its pages with form feeds.
  public enum TextLayout: CaseIterable, Sendable {
    /// A form feed after every page, as `TextDocumentProvider.file(pages:)` writes it.
    case formFeedAfterEachPage
    /// A form feed between pages only.
    case formFeedBetweenPages
    /// A form feed between pages, and a line break at the end of the file.
    case formFeedBetweenPagesAndFinalLineBreak
  }

  /// Writes `fixture` as a text file with form feeds in `layout` and opens a provider over it.
  /// A layout that cannot hold the fixture's pages (one page, which without a form feed is paged
  /// by lines; an empty last page, which only a form feed after it ends; a last page ending in a
  /// line break, without one after it) falls back to a form feed after every page.
  public static func textProvider(
    for fixture: DocumentFixture, in folder: URL, name: String,
    layout: TextLayout = .formFeedAfterEachPage
  ) throws -> (provider: any ProfileDocumentProviding, attachmentID: String) {
    let pages = fixture.pages
    let between = pages.count >= 2 && pages.last?.isEmpty == false
    let text: String =
      switch layout {
      // A final line break is the file's, not the page's: this layout cannot end a page in one.
      case .formFeedBetweenPages where between && pages.last?.hasSuffix("\n") == false:
        pages.joined(separator: "\u{0C}")
      case .formFeedBetweenPagesAndFinalLineBreak where between:
        pages.joined(separator: "\u{0C}") + "\n"
      default: pages.map { $0 + "\u{0C}" }.joined()
      }
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    return (try TextDocumentProvider(directory: folder, pageCap: fixture.pageCap), name)
  }

  private static func fresh(_ scratch: URL, _ label: String) -> URL {
    let folder = scratch.appendingPathComponent(
      "contract-kit-\(label)-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
