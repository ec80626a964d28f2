import Foundation
import ProfileContracts

/// A document for the document-provider suite to read back: its pages, and the cap to apply.
///
/// The suite hands fixtures to your factory, which must store them however your provider reads
/// documents (files, a database, an in-memory map) and return the provider and the fixture's ID.
public struct DocumentFixture: Hashable, Sendable {
  /// The pages of the original document, in order. Page *k* (1-based) is `pages[k - 1]`.
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

/// The conformance suite for ``ProfileDocumentProviding``: both page counts, the cap, indexes,
/// original page numbers, page text, errors for bad input, Unicode and concurrency.
///
/// ```swift
/// let report = await DocumentProviderConformance { fixture in
///   try await makeProvider(fixture)   // -> (provider: any ProfileDocumentProviding, attachmentID: String)
/// }.run()
/// ```
public struct DocumentProviderConformance: Sendable {
  /// How long one check may take.
  public let timeout: Duration
  let makeProvider:
    @Sendable (DocumentFixture) async throws -> (
      provider: any ProfileDocumentProviding, attachmentID: String
    )

  /// Creates the suite.
  ///
  /// - Parameters:
  ///   - timeout: the limit for each check (default 10 s).
  ///   - makeProvider: stores a fixture and returns a fresh provider with the fixture's ID.
  public init(
    timeout: Duration = .seconds(10),
    _ makeProvider:
      @escaping @Sendable (DocumentFixture) async throws -> (
        provider: any ProfileDocumentProviding, attachmentID: String
      )
  ) {
    self.timeout = timeout
    self.makeProvider = makeProvider
  }

  /// Runs every check and returns the report.
  public func run() async -> ConformanceReport {
    await CheckRunner(suite: "document", timeout: timeout).run(Self.checks, on: self, seed: nil)
  }
}
