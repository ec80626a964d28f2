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
  private let makeProvider:
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
    await CheckRunner(suite: "document", rules: Self.rules, timeout: timeout).run(
      [
        "document.countsOrdered": countsOrdered,
        "document.capReported": capReported,
        "document.indexes": indexes,
        "document.pageNumbers": pageNumbers,
        "document.text": text,
        "document.outOfRange": outOfRange,
        "document.unknownAttachment": unknownAttachment,
        "document.empty": empty,
        "document.repeatable": repeatable,
        "document.unicode": unicode,
        "document.concurrency": concurrency,
      ], seed: nil)
  }

  /// The suite's rules, in the order it runs them.
  public static let rules: [ConformanceRule] = [
    ConformanceRule(
      id: "document.countsOrdered", level: .required,
      asserts: "0 ≤ pageCount ≤ originalPageCount, for documents with and without a cap.",
      why:
        "pageCount is the count after the summary cap; originalPageCount is the document's real count. A capped count larger than the real one means the two were mixed up.",
      whenItFails:
        "Check that pageCount applies the cap to the original count, and that originalPageCount is not itself capped."
    ),
    ConformanceRule(
      id: "document.capReported", level: .required,
      asserts: "A 100-page document capped at 30 reports pageCount 30 and originalPageCount 100.",
      why:
        "Without both numbers the person believes the summary covers the whole document; the core must be able to say \"I read only the first 30 pages\".",
      whenItFails:
        "Look for originalPageCount returning the capped count, or the cap being ignored."),
    ConformanceRule(
      id: "document.indexes", level: .required,
      asserts: "Every index in 0..<pageCount is readable, and page(at: i).index == i.",
      why:
        "The core reads pages one at a time by index; a page that reports another index breaks its bookkeeping.",
      whenItFails: "Look for 1-based indexing, or an index taken from the original page number."),
    ConformanceRule(
      id: "document.pageNumbers", level: .required,
      asserts: "Page numbers are 1-based, strictly increasing, and at most originalPageCount.",
      why:
        "A section's pages are original page numbers, never chunk numbers: a chunk number shown as a page number shipped once, in the essay's pre-release review.",
      whenItFails:
        "Look for 0-based numbers, chunk or batch numbers, or the capped index used as the page number."
    ),
    ConformanceRule(
      id: "document.text", level: .required,
      asserts:
        "Each page's text is the fixture's page with that page number: no pages merged, split or shifted.",
      why:
        "The core checks every fact in a summary against the page it came from; a shifted page makes true facts look invented.",
      whenItFails:
        "Look for page boundaries: form feeds, PDF page breaks, or a splitter that works by length."
    ),
    ConformanceRule(
      id: "document.outOfRange", level: .required,
      asserts: "page(at:) throws for -1 and for pageCount.",
      why: "An out-of-range read that returns an empty page looks like an empty page, not a bug.",
      whenItFails: "Validate the index against 0..<pageCount before reading."),
    ConformanceRule(
      id: "document.unknownAttachment", level: .required,
      asserts:
        "An unknown attachment throws from pageCount, originalPageCount and page(at:), rather than reporting 0 pages.",
      why:
        "Zero pages reads as \"empty document\" (invalidInput), hiding a wrong ID or a missing file.",
      whenItFails: "Throw when the attachment does not exist instead of returning 0."),
    ConformanceRule(
      id: "document.empty", level: .required,
      asserts: "A document with no pages reports 0 and 0.",
      why:
        "The core answers an empty document with invalidInput(\"empty document\"); it must be able to tell empty from unknown.",
      whenItFails: "Look for a minimum of one page, or a blank page invented for empty input."),
    ConformanceRule(
      id: "document.repeatable", level: .required,
      asserts: "Reading the same pages twice gives identical pages and counts.",
      why:
        "A resumed run re-reads pages; golden replays pin what was read. Both need reads to be stable.",
      whenItFails: "Look for state advanced by reads, such as a shared cursor or iterator."),
    ConformanceRule(
      id: "document.unicode", level: .required,
      asserts:
        "Korean, emoji (with joiners and skin tones) and right-to-left text come back unchanged.",
      why:
        "Notes, documents and transcripts share one engine across languages; a mangled character becomes a mangled summary.",
      whenItFails:
        "Look for a non-UTF-8 decoding, byte-based truncation, or normalization that changes text."),
    ConformanceRule(
      id: "document.concurrency", level: .required,
      asserts: "Sixteen pages read at once each come back as the page asked for.",
      why: "The app may read pages while it summarizes another document; reads must not cross.",
      whenItFails:
        "Look for shared mutable state such as one file handle or buffer used by every read."),
  ]

  // MARK: - Checks

  private func make(_ fixture: DocumentFixture) async throws(CheckFailure) -> (
    any ProfileDocumentProviding, String
  ) {
    do {
      let made = try await makeProvider(fixture)
      return (made.provider, made.attachmentID)
    } catch {
      throw CheckFailure(
        "the factory threw \(describe(error)) for a \(fixture.pages.count)-page fixture")
    }
  }

  private func counts(_ fixture: DocumentFixture) async throws(CheckFailure) -> (
    any ProfileDocumentProviding, String, Int, Int
  ) {
    let (provider, id) = try await make(fixture)
    do {
      return (
        provider, id, try await provider.pageCount(for: id),
        try await provider.originalPageCount(for: id)
      )
    } catch {
      throw CheckFailure(
        "reading the counts of a \(fixture.pages.count)-page fixture threw \(describe(error))")
    }
  }

  private func normalized(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private var countsOrdered: @Sendable () async -> CheckOutcome {
    { [self] in
      var failures = Failures()
      for fixture in [DocumentFixture.numbered(10), .numbered(10, cap: 4), .numbered(3, cap: 8)] {
        do {
          let (_, _, count, original) = try await counts(fixture)
          if !(0 <= count && count <= original) {
            failures.add(
              "\(fixture.pages.count) pages, cap \(fixture.pageCap.map(String.init) ?? "none"): pageCount \(count), originalPageCount \(original)"
            )
          }
        } catch {
          failures.add(failureMessage(error))
        }
      }
      return failures.outcome(
        passed: "0 ≤ pageCount ≤ originalPageCount held with and without a cap")
    }
  }

  private var capReported: @Sendable () async -> CheckOutcome {
    { [self] in
      do {
        let (_, _, count, original) = try await counts(.numbered(100, cap: 30))
        if count == 30 && original == 100 { return .passed("reported 30 and 100") }
        return .failed(
          "a 100-page document capped at 30 should report 30 and 100, reported pageCount \(count) and originalPageCount \(original)"
        )
      } catch {
        return .failed(failureMessage(error))
      }
    }
  }

  private var indexes: @Sendable () async -> CheckOutcome {
    { [self] in
      do {
        let (provider, id, count, _) = try await counts(.numbered(12, cap: 10))
        var failures = Failures()
        for index in 0..<count {
          do {
            let page = try await provider.page(at: index, for: id)
            if page.index != index {
              failures.add("page(at: \(index)) reported index \(page.index)")
            }
          } catch {
            failures.add("page(at: \(index)) threw \(describe(error))")
          }
        }
        return failures.outcome(passed: "all \(count) pages were readable with matching indexes")
      } catch {
        return .failed(failureMessage(error))
      }
    }
  }

  private var pageNumbers: @Sendable () async -> CheckOutcome {
    { [self] in
      var failures = Failures()
      for fixture in [DocumentFixture.numbered(12), .numbered(12, cap: 7)] {
        do {
          let (provider, id, count, original) = try await counts(fixture)
          var previous = 0
          for index in 0..<count {
            guard let page = try? await provider.page(at: index, for: id) else { continue }
            if page.pageNumber < 1 || page.pageNumber > original || page.pageNumber <= previous {
              failures.add(
                "page(at: \(index)) has page number \(page.pageNumber) after \(previous), with \(original) original pages"
              )
            }
            previous = page.pageNumber
          }
        } catch {
          failures.add(failureMessage(error))
        }
      }
      return failures.outcome(
        passed: "page numbers were 1-based, increasing and within the original count")
    }
  }

  private var text: @Sendable () async -> CheckOutcome {
    { [self] in
      var failures = Failures()
      for fixture in [DocumentFixture.numbered(9), .numbered(9, cap: 5)] {
        do {
          let (provider, id, count, _) = try await counts(fixture)
          for index in 0..<count {
            guard let page = try? await provider.page(at: index, for: id) else { continue }
            guard (1...fixture.pages.count).contains(page.pageNumber) else {
              failures.add(
                "page(at: \(index)) has page number \(page.pageNumber), outside the fixture")
              continue
            }
            let expected = fixture.pages[page.pageNumber - 1]
            if normalized(page.text) != normalized(expected) {
              failures.add(
                "page \(page.pageNumber) should read \(quote(expected)), read \(quote(page.text))")
            }
          }
        } catch {
          failures.add(failureMessage(error))
        }
      }
      return failures.outcome(passed: "every page's text matched the fixture page with its number")
    }
  }

  private var outOfRange: @Sendable () async -> CheckOutcome {
    { [self] in
      do {
        let (provider, id, count, _) = try await counts(.numbered(5))
        var failures = Failures()
        for index in [-1, count] {
          if let page = try? await provider.page(at: index, for: id) {
            failures.add(
              "page(at: \(index)) with pageCount \(count) returned \(quote(page.text)) instead of throwing"
            )
          }
        }
        return failures.outcome(passed: "indexes -1 and \(count) threw")
      } catch {
        return .failed(failureMessage(error))
      }
    }
  }

  private var unknownAttachment: @Sendable () async -> CheckOutcome {
    { [self] in
      do {
        let (provider, id) = try await make(.numbered(3))
        let unknown = id + "-no-such-attachment"
        var failures = Failures()
        if let count = try? await provider.pageCount(for: unknown) {
          failures.add("pageCount(for: \(quote(unknown))) returned \(count) instead of throwing")
        }
        if let count = try? await provider.originalPageCount(for: unknown) {
          failures.add(
            "originalPageCount(for: \(quote(unknown))) returned \(count) instead of throwing")
        }
        if (try? await provider.page(at: 0, for: unknown)) != nil {
          failures.add("page(at: 0, for: \(quote(unknown))) returned a page instead of throwing")
        }
        return failures.outcome(passed: "an unknown attachment threw from all three calls")
      } catch {
        return .failed(failureMessage(error))
      }
    }
  }

  private var empty: @Sendable () async -> CheckOutcome {
    { [self] in
      do {
        let (_, _, count, original) = try await counts(DocumentFixture(pages: [], pageCap: nil))
        if count == 0 && original == 0 { return .passed("reported 0 and 0") }
        return .failed(
          "an empty document should report 0 and 0, reported pageCount \(count) and originalPageCount \(original)"
        )
      } catch {
        return .failed(failureMessage(error))
      }
    }
  }

  private var repeatable: @Sendable () async -> CheckOutcome {
    { [self] in
      do {
        let (provider, id, count, original) = try await counts(.numbered(6, cap: 4))
        var failures = Failures()
        for round in 1...2 {
          let again = (
            try? await provider.pageCount(for: id), try? await provider.originalPageCount(for: id)
          )
          if again.0 != count || again.1 != original {
            failures.add(
              "read \(round + 1): counts \(String(describing: again)) differ from \(count), \(original)"
            )
          }
        }
        for index in 0..<count {
          do {
            let first = try await provider.page(at: index, for: id)
            let second = try await provider.page(at: index, for: id)
            if first != second {
              failures.add(
                "page(at: \(index)) read twice differed: \(quote(first.text)) then \(quote(second.text))"
              )
            }
          } catch {
            failures.add("page(at: \(index)) threw \(describe(error))")
          }
        }
        return failures.outcome(passed: "repeated reads were identical")
      } catch {
        return .failed(failureMessage(error))
      }
    }
  }

  private var unicode: @Sendable () async -> CheckOutcome {
    { [self] in
      let special = [
        "회의록: 예산안은 삼월에 확정되었습니다. 한국어 텍스트.",
        "Emoji 👩🏽‍💻 and flags 🇰🇷 and a family 👨‍👩‍👧‍👦 stay whole.",
        "שלום עולם — مرحبا بالعالم: right-to-left text.",
        "Combining: e\u{301} and precomposed é; full-width １２３; Zero\u{200D}Width joiner.",
      ]
      // Ordinary pages first, so a provider that skips front matter still reaches these.
      let fixture = DocumentFixture(
        pages: DocumentFixture.numbered(8).pages + special, pageCap: nil)
      do {
        let (provider, id, count, _) = try await counts(fixture)
        var failures = Failures()
        var seen = 0
        for index in 0..<count {
          do {
            let page = try await provider.page(at: index, for: id)
            guard page.pageNumber > 8, page.pageNumber <= fixture.pages.count else { continue }
            seen += 1
            let expected = fixture.pages[page.pageNumber - 1]
            if !normalized(page.text).unicodeScalars.elementsEqual(
              normalized(expected).unicodeScalars)
            {
              failures.add(
                "page \(page.pageNumber) should read \(quote(expected)), read \(quote(page.text))")
            }
          } catch {
            failures.add("page(at: \(index)) threw \(describe(error))")
          }
        }
        if seen == 0 {
          failures.add(
            "none of the \(special.count) Unicode pages (original pages 9 to 12) came back")
        }
        return failures.outcome(
          passed: "Korean, emoji and right-to-left text survived, scalar for scalar")
      } catch {
        return .failed(failureMessage(error))
      }
    }
  }

  private var concurrency: @Sendable () async -> CheckOutcome {
    { [self] in
      do {
        let fixture = DocumentFixture.numbered(20)
        let (provider, id, count, _) = try await counts(fixture)
        guard count > 1 else { return .failed("a 20-page fixture reported \(count) pages") }
        let pages = await withTaskGroup(of: (Int, PageContent?).self) { group in
          for round in 0..<4 {
            for lane in 0..<16 {
              let index = (lane + round * 5) % count
              group.addTask { (index, try? await provider.page(at: index, for: id)) }
            }
          }
          var pages: [(Int, PageContent?)] = []
          for await page in group { pages.append(page) }
          return pages
        }
        var failures = Failures()
        for (index, page) in pages {
          guard let page else {
            failures.add("a concurrent read of index \(index) threw")
            continue
          }
          let expected =
            (1...fixture.pages.count).contains(page.pageNumber)
            ? fixture.pages[page.pageNumber - 1] : ""
          if page.index != index || normalized(page.text) != normalized(expected) {
            failures.add(
              "a concurrent read of index \(index) returned index \(page.index), page \(page.pageNumber): \(quote(page.text))"
            )
          }
        }
        return failures.outcome(passed: "64 concurrent reads each returned the page asked for")
      } catch {
        return .failed(failureMessage(error))
      }
    }
  }
}

/// A check that cannot go on, with the message to report.
struct CheckFailure: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
