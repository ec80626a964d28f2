import Foundation
import ProfileContracts

/// A document for the document-provider suite to read back: its pages, and the cap to apply.
///
/// The suite hands fixtures to your factory, which must store them however your provider reads
/// documents (files, a database, an in-memory map) and return the provider and the fixture's ID.
public struct DocumentFixture: Hashable, Sendable {
  /// The pages of the original document, in order. Page *k* (1-based) is `pages[k - 1]`. A page
  /// may be empty or whitespace, hold line breaks, and be in NFC or NFD; it holds no form feed.
  public let pages: [String]
  /// The most pages the provider should offer for summarizing, or `nil` for no cap.
  public let pageCap: Int?

  /// Creates a fixture.
  public init(pages: [String], pageCap: Int?) {
    self.pages = pages
    self.pageCap = pageCap
  }

  /// `count` pages whose text names their page number.
  static func numbered(_ count: Int, cap: Int? = nil) -> DocumentFixture {
    DocumentFixture(
      pages: (1...max(count, 1)).prefix(count).map {
        "Page \($0) of the fixture. It reports the quarterly figures for region \($0)."
      },
      pageCap: cap)
  }
}

/// The conformance suite for `ProfileDocumentProviding`: both page counts, the cap, indexes,
/// original page numbers, page text, errors for bad input, Unicode and concurrency.
///
/// Besides its fixed fixtures, it generates documents of 0 to 30 pages (short, long, blank,
/// paragraphs split by blank lines, text in several scripts in NFC or NFD) with caps of none, 0,
/// 1, the page count, above it and in between, read forward, backward, at random and twice, and
/// reads of different pages at once. Texts are compared by canonical equivalence, with runs of
/// whitespace counted as one space: a provider may normalize or reflow, not change what is seen.
/// A fixture holds no form feed inside a page: in plain text and in `pdftotext`'s output it is
/// the page break, so no document can hold one there.
///
/// ```swift
/// await DocumentProviderConformance(timeout: .seconds(60)) { fixture in
///   // Store fixture.pages however your provider reads documents, capped at fixture.pageCap.
///   let id = try await MyDocuments.shared.importTestDocument(pages: fixture.pages)
///   return (try MyDocumentProvider(pageCap: fixture.pageCap), id)
/// }.run().recordIssues()
/// ```
public struct DocumentProviderConformance: Sendable {
  /// How long one check may take.
  public let timeout: Duration
  /// The seed of the generated documents and read orders.
  public let seed: UInt64
  /// How many documents each generated check makes; `nil` for each check's default.
  public let examples: Int?
  /// Which rules count (see ``RuleSet``).
  public let rules: RuleSet
  var makeProvider:
    @Sendable (DocumentFixture) async throws -> (
      provider: any ProfileDocumentProviding, attachmentID: String
    )

  /// Creates the suite.
  ///
  /// - Parameters:
  ///   - timeout: the limit for each check (default 10 s).
  ///   - seed: the seed for generated inputs (default: the scoped ``ConformanceSettings``' seed, else `CONTRACT_KIT_SEED`, else 20261129).
  ///   - examples: how many documents each generated check makes (default:
  ///     the scoped ``ConformanceSettings``' number, else `CONTRACT_KIT_EXAMPLES`, else each check's own).
  ///   - rules: which rules count (default: the scoped ``ConformanceSettings``' rule set, else
  ///     `CONTRACT_KIT_PIN`, else every rule).
  ///   - makeProvider: stores a fixture and returns a fresh provider with the fixture's ID.
  public init(
    timeout: Duration = .seconds(10), seed: UInt64 = ConformanceSeed.current(),
    examples: Int? = ConformanceExamples.current(), rules: RuleSet = .current(),
    _ makeProvider:
      @escaping @Sendable (DocumentFixture) async throws -> (
        provider: any ProfileDocumentProviding, attachmentID: String
      )
  ) {
    self.timeout = timeout
    self.seed = seed
    self.examples = examples
    self.rules = rules
    self.makeProvider = makeProvider
  }
}
