import Foundation
import ProfileContracts

extension DocumentProviderConformance {
  /// The budget of this suite's generated inputs.
  var budget: PropertyBudget { PropertyBudget(seed: seed, examples: examples) }

  /// A fresh provider over `fixture` and its counts, or what went wrong on the way.
  private func open(_ fixture: DocumentFixture) async -> Result<
    (any ProfileDocumentProviding, String, Int, Int), CheckFailure
  > {
    do {
      let (provider, id) = try await make(fixture)
      let (count, original) = try await attempt(
        "reading the counts of a \(fixture.pages.count)-page fixture"
      ) {
        (try await provider.pageCount(for: id), try await provider.originalPageCount(for: id))
      }
      return .success((provider, id, count, original))
    } catch {
      return .failure(error)
    }
  }

  /// A five-page document at each boundary of its cap (0, 1, one below its page count, its page
  /// count, one above, and none) and an empty one, capped and not, then generated documents of up to 30 pages (a 100-page one is
  /// the fixed example) with caps of none, 0, 1, the page count, above it and in between: the
  /// original count is the document's, and the capped count is the cap applied to the pages the
  /// provider offers (all of them, or all after its front matter).
  func capProperty() async -> CheckOutcome {
    let boundaries = [(5, 0), (5, 1), (5, 4), (5, 5), (5, 6), (5, nil), (0, nil), (0, 1)].map {
      pages, cap in
      GeneratedDocument(
        fixture: .numbered(pages, cap: cap), kinds: Array(repeating: "numbered", count: pages),
        order: "forward", reads: [])
    }
    let property = Property<GeneratedDocument>(
      examples: boundaries, defaultCount: 5,
      generate: { source throws(ChoiceSource.Overrun) in
        try GeneratedDocument.generate(source, maxPages: 30)
      },
      describe: \.description,
      test: { document in await self.checkCounts(document.fixture) })
    // Caps of 0 and above the count have been generated since the rule was sharpened.
    return await property.run(Rule.capReported.id, budget: budget).outcome(
      passed: "the counts held for every size and cap", rule: Rule.capReported, budget: budget,
      examplesSince: Rule.capReported.sharpened)
  }

  private func checkCounts(_ fixture: DocumentFixture) async -> String? {
    let opened: (any ProfileDocumentProviding, String, Int, Int)
    switch await open(fixture) {
    case .success(let value): opened = value
    case .failure(let failure): return failure.message
    }
    let (provider, id, count, original) = opened
    let pages = fixture.pages.count
    let cap = fixture.pageCap.map(String.init) ?? "none"
    guard original == pages else {
      return
        "a \(pages)-page document (cap \(cap)) reported originalPageCount \(original): it is the document's own count, before any cap"
    }
    let limit = fixture.pageCap ?? pages
    guard count > 0 else {
      return min(limit, pages) == 0
        ? nil
        : "a \(pages)-page document capped at \(cap) reported pageCount 0: the cap was applied as if it were 0, or the pages were lost"
    }
    // Pages before the first one offered are front matter the provider skips.
    let first: PageContent
    do {
      first = try await provider.page(at: 0, for: id)
    } catch {
      return "page(at: 0) threw \(describe(error)) with pageCount \(count)"
    }
    let skipped = max(first.pageNumber - 1, 0)
    let expected = min(limit, pages - skipped)
    if count != expected {
      return
        "a \(pages)-page document capped at \(cap), offered from page \(first.pageNumber), reported pageCount \(count); expected \(expected)"
    }
    return nil
  }

  /// Generated documents read forward, backward, in a random order and each page twice: every
  /// read is of its index, the page numbers run on without a gap within the original count,
  /// the text is the fixture's page with that number, and a page read again is the same.
  func readOrders() async throws -> CheckOutcome {
    let property = Property<GeneratedDocument>(
      examples: [
        GeneratedDocument(
          fixture: .numbered(8, cap: 6), kinds: Array(repeating: "text", count: 8),
          order: "random", reads: [5, 0, 5, 3, 1, 4, 2, 0])
      ],
      defaultCount: 5,
      generate: { source throws(ChoiceSource.Overrun) in
        try GeneratedDocument.generate(source, maxPages: 16)
      },
      describe: \.description,
      test: { document in await self.read(document) })
    return await property.run(Rule.readOrders.id, budget: budget).outcome(
      passed: "every read, in every order, was the page asked for", rule: Rule.readOrders,
      budget: budget)
  }

  private func read(_ document: GeneratedDocument) async -> String? {
    let opened: (any ProfileDocumentProviding, String, Int, Int)
    switch await open(document.fixture) {
    case .success(let value): opened = value
    case .failure(let failure): return failure.message
    }
    let (provider, id, count, original) = opened
    var offset: (index: Int, number: Int)?  // the first read, which the rest must line up with
    var seen: [Int: PageContent] = [:]
    for index in document.indexes(count: count) {
      let page: PageContent
      do {
        page = try await provider.page(at: index, for: id)
      } catch {
        return "page(at: \(index)) threw \(describe(error)) with pageCount \(count)"
      }
      if page.index != index { return "page(at: \(index)) reported index \(page.index)" }
      if let earlier = seen[index], earlier != page {
        return
          "page(at: \(index)) read again differed: \(quote(earlier.text)) then \(quote(page.text))"
      }
      seen[index] = page
      // Judged against the fixture, whatever the provider says its original count is.
      let pages = document.fixture.pages.count
      guard page.pageNumber >= 1, page.pageNumber <= min(original, pages) else {
        return
          "page(at: \(index)) has page number \(page.pageNumber), outside 1...\(min(original, pages)) (originalPageCount \(original), \(pages) pages in the fixture)"
      }
      if let (earlier, number) = offset, number - earlier != page.pageNumber - index {
        return
          "page(at: \(index)) has page number \(page.pageNumber), but page(at: \(earlier)) had \(number): page numbers must run on with the indexes, without a gap"
      }
      offset = offset ?? (index, page.pageNumber)
      let expected = document.fixture.pages[page.pageNumber - 1]
      if !PageText.matches(page.text, expected) {
        return
          "page \(page.pageNumber) should read \(quote(expected)), read \(quote(page.text)): \(PageText.difference(expected: expected, read: page.text))"
      }
    }
    return nil
  }

  /// One call of a generated session: a count, or a page at a position taken modulo the count.
  enum SessionCall: Sendable, CustomStringConvertible {
    case pageCount, originalPageCount
    case page(Int)

    var description: String {
      switch self {
      case .pageCount: "pageCount"
      case .originalPageCount: "originalPageCount"
      case .page(let position): "page \(position)"
      }
    }
  }

  /// A generated session: a document, and bursts of calls made at once.
  struct Session: Sendable, CustomStringConvertible {
    let document: GeneratedDocument
    let bursts: [[SessionCall]]

    var description: String {
      "\(document.fixture.pages.count) pages, cap \(document.fixture.pageCap.map(String.init) ?? "none"); \(bursts.count) bursts: "
        + bursts.map { "[\($0.map(\.description).joined(separator: ", "))]" }
        .joined(separator: " ")
    }
  }

  /// Generated sessions with one provider: every call answers as the first did, every page with
  /// its fixture text. The suite's monitor judges every call of the session too.
  func history() async -> CheckOutcome {
    let property = Property<Session>(
      defaultCount: 3,
      generate: { source throws(ChoiceSource.Overrun) in
        let document = try GeneratedDocument.generate(source, maxPages: 12)
        var bursts: [[SessionCall]] = []
        var calls = 0
        let length = try source.int(40...160)
        while calls < length {
          let size = try source.int(1...8)
          var burst: [SessionCall] = []
          for _ in 0..<size {
            switch try source.draw(5) {
            case 0: burst.append(.pageCount)
            case 1: burst.append(.originalPageCount)
            default: burst.append(.page(try source.int(0...63)))
            }
          }
          bursts.append(burst)
          calls += size
        }
        return Session(document: document, bursts: bursts)
      },
      describe: \.description,
      test: { session in await self.play(session) })
    return await property.run(Rule.history.id, budget: budget).outcome(
      passed: "every call of every session answered as the provider first did",
      rule: Rule.history, budget: budget)
  }

  /// What went wrong in `session`, if anything.
  private func play(_ session: Session) async -> String? {
    let opened: (any ProfileDocumentProviding, String, Int, Int)
    switch await open(session.document.fixture) {
    case .success(let value): opened = value
    case .failure(let failure): return failure.message
    }
    let (provider, id, count, original) = opened
    let pages = session.document.fixture.pages
    for (number, burst) in session.bursts.enumerated() {
      let answers = await fanOut(burst.count) { task -> String? in
        do {
          switch burst[task] {
          case .pageCount:
            let now = try await provider.pageCount(for: id)
            return now == count ? nil : "pageCount answered \(now) after \(count)"
          case .originalPageCount:
            let now = try await provider.originalPageCount(for: id)
            return now == original ? nil : "originalPageCount answered \(now) after \(original)"
          case .page(let position):
            guard count > 0 else { return nil }
            let index = position % count
            let page = try await provider.page(at: index, for: id)
            guard page.index == index, page.pageNumber >= 1, page.pageNumber <= pages.count else {
              return
                "page(at: \(index)) answered index \(page.index), page number \(page.pageNumber) of \(pages.count)"
            }
            let expected = pages[page.pageNumber - 1]
            return PageText.matches(page.text, expected)
              ? nil : "page \(page.pageNumber) read \(quote(page.text)), not \(quote(expected))"
          }
        } catch {
          return "\(burst[task]) threw \(describe(error))"
        }
      }
      if let problem = answers.compactMap({ $0 }).first {
        return "burst \(number + 1) of \(session.bursts.count): \(problem)"
      }
    }
    return nil
  }

  /// Reads of different pages at once, each compared with a read of the same index alone.
  func concurrentReads() async -> CheckOutcome {
    struct Reads: Sendable, CustomStringConvertible {
      let pages: Int
      let indexes: [Int]
      var description: String { "\(pages) pages; at once, indexes \(indexes)" }
    }
    let property = Property<Reads>(
      defaultCount: 4,
      generate: { source throws(ChoiceSource.Overrun) in
        let pages = try source.int(2...30)
        let indexes = try source.list(min: 2, max: 24, average: 10) {
          _ throws(ChoiceSource.Overrun) in try source.int(0...(pages - 1))
        }
        return Reads(pages: pages, indexes: indexes)
      },
      describe: \.description,
      test: { reads in
        let fixture = DocumentFixture.numbered(reads.pages)
        let opened: (any ProfileDocumentProviding, String, Int, Int)
        switch await self.open(fixture) {
        case .success(let value): opened = value
        case .failure(let failure): return failure.message
        }
        let (provider, id, count, _) = opened
        let indexes = reads.indexes.map { $0 % max(count, 1) }
        var alone: [Int: PageContent] = [:]
        for index in Set(indexes).sorted() {
          alone[index] = try? await provider.page(at: index, for: id)
        }
        let together = await fanOut(indexes.count) { task in
          try? await provider.page(at: indexes[task], for: id)
        }
        for (index, page) in zip(indexes, together) where page != alone[index] {
          return
            "a concurrent read of index \(index) returned \(page.map { "index \($0.index), page \($0.pageNumber): \(quote($0.text))" } ?? "an error"), read alone it is \(alone[index].map { "page \($0.pageNumber): \(quote($0.text))" } ?? "an error")"
        }
        return nil
      })
    return await property.run(Rule.concurrency.id, budget: budget).outcome(
      passed: "concurrent reads each returned the page asked for", rule: Rule.concurrency,
      budget: budget)
  }
}
