import Foundation
import ProfileContracts

extension DocumentProviderConformance {

  // MARK: - Checks

  func make(_ fixture: DocumentFixture) async throws(CheckFailure) -> (
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

  func counts(_ fixture: DocumentFixture) async throws(CheckFailure) -> (
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

  func countsOrdered() async throws -> CheckOutcome {
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

  func capReported() async throws -> CheckOutcome {
    try await expectCounts(
      .numbered(100, cap: 30), pageCount: 30, original: 100,
      of: "a 100-page document capped at 30")
  }

  /// Passes when the provider reports `pageCount` and `original` for `fixture`, which the
  /// failure calls `described`.
  private func expectCounts(
    _ fixture: DocumentFixture, pageCount expected: Int, original expectedOriginal: Int,
    of described: String
  ) async throws -> CheckOutcome {
    let (_, _, count, original) = try await counts(fixture)
    if count == expected && original == expectedOriginal {
      return .passed("reported \(expected) and \(expectedOriginal)")
    }
    return .failed(
      "\(described) should report \(expected) and \(expectedOriginal), reported pageCount \(count) and originalPageCount \(original)"
    )
  }

  func indexes() async throws -> CheckOutcome {
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
  }

  func pageNumbers() async throws -> CheckOutcome {
    var failures = Failures()
    for fixture in [DocumentFixture.numbered(12), .numbered(12, cap: 7)] {
      do {
        let (provider, id, count, original) = try await counts(fixture)
        var previous = 0
        for index in 0..<count {
          guard let page = await read(index, of: provider, id, into: &failures) else { continue }
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

  func text() async throws -> CheckOutcome {
    var failures = Failures()
    for fixture in [DocumentFixture.numbered(9), .numbered(9, cap: 5)] {
      do {
        let (provider, id, count, _) = try await counts(fixture)
        for index in 0..<count {
          guard let page = await read(index, of: provider, id, into: &failures) else { continue }
          guard (1...fixture.pages.count).contains(page.pageNumber) else {
            failures.add(
              "page(at: \(index)) has page number \(page.pageNumber), outside the fixture")
            continue
          }
          let expected = fixture.pages[page.pageNumber - 1]
          if !PageText.matches(page.text, expected) {
            failures.add(
              "page \(page.pageNumber) should read \(quote(expected)), read \(quote(page.text)): \(PageText.difference(expected: expected, read: page.text))"
            )
          }
        }
      } catch {
        failures.add(failureMessage(error))
      }
    }
    // Pages of other shapes: a long one over many lines, a blank one and a whitespace one (a
    // valid, empty page each), and one of a single character.
    let long = (1...60).map {
      "Line \($0) of the long page reports the figures for district \($0) in full detail."
    }.joined(separator: "\n")
    let shapes = DocumentFixture(
      pages: ["Page 1 is short.", long, "", "  \n\t ", "x", "Page 6 is short again."],
      pageCap: nil)
    do {
      let (provider, id, count, original) = try await counts(shapes)
      if original != shapes.pages.count {
        failures.add(
          "a 6-page document with a blank page, a whitespace page and a \(long.count)-character page reported originalPageCount \(original): a blank page is a page; count it"
        )
      }
      var previous: Int?
      for index in 0..<count {
        guard
          let page = await read(
            index, of: provider, id, into: &failures,
            failing: { "page(at: \($0)) of the mixed document threw \($1)" })
        else { continue }
        // Front matter may be skipped, but the pages offered run on without a gap.
        if let previous, page.pageNumber != previous + 1 {
          failures.add(
            "the mixed document's page \(page.pageNumber) followed page \(previous): a page in between (blank or whitespace) was dropped"
          )
        }
        previous = page.pageNumber
        guard (1...shapes.pages.count).contains(page.pageNumber) else { continue }
        let expected = shapes.pages[page.pageNumber - 1]
        if !PageText.matches(page.text, expected) {
          failures.add(
            "page \(page.pageNumber) of the mixed document (\(expected.count) characters) came back with \(page.text.count) characters: \(quote(page.text))"
          )
        }
      }
    } catch {
      failures.add(failureMessage(error))
    }
    // The smallest documents a fixture makes: one page alone, blank, whitespace or a single
    // character, and a blank first page before another. A provider that trims a file's first or
    // last bytes finds no page there, or merges two. (As above, front matter may be skipped:
    // the original count and the text of each page offered are judged.)
    for pages in [[""], ["\n"], ["x"], ["", "Page 2 follows a blank first page."]] {
      let fixture = DocumentFixture(pages: pages, pageCap: nil)
      let described =
        "a document of \(pages.map { $0.isEmpty ? "a blank page" : quote($0) }.joined(separator: " then "))"
      do {
        let (provider, id, count, original) = try await counts(fixture)
        guard original == pages.count else {
          failures.add(
            "\(described) reported originalPageCount \(original): it has \(pages.count) \(pages.count == 1 ? "page" : "pages"); a blank page is a page"
          )
          continue
        }
        for index in 0..<count {
          guard let page = await read(index, of: provider, id, into: &failures) else { continue }
          guard (1...pages.count).contains(page.pageNumber),
            PageText.matches(page.text, pages[page.pageNumber - 1])
          else {
            failures.add(
              "page(at: \(index)) of \(described) came back as page \(page.pageNumber), \(quote(page.text))"
            )
            continue
          }
        }
      } catch {
        failures.add(failureMessage(error))
      }
    }
    return failures.outcome(passed: "every page's text matched the fixture page with its number")
  }

  /// Page `index` of `id`, or nil, with `failing(index, the error described)` added to
  /// `failures`, when reading it throws.
  func read(
    _ index: Int, of provider: any ProfileDocumentProviding, _ id: String,
    into failures: inout Failures, failing: (Int, String) -> String = mustRead
  ) async -> PageContent? {
    do {
      return try await provider.page(at: index, for: id)
    } catch {
      failures.add(failing(index, describe(error)))
      return nil
    }
  }

  /// What a page below pageCount that threw is told.
  private static func mustRead(_ index: Int, _ error: String) -> String {
    "page(at: \(index)) threw \(error); every index below pageCount must read"
  }

  func outOfRange() async throws -> CheckOutcome {
    var failures = Failures()
    var tried = 0
    for fixture in [DocumentFixture.numbered(5), .numbered(10, cap: 4), .numbered(3, cap: 8)] {
      let (provider, id, count, original) = try await counts(fixture)
      let capped = fixture.pageCap.map { ", capped at \($0)" } ?? ""
      for index in Set([-1, count, count + 1, original, original + 1]).sorted()
      where !(0..<count).contains(index) {
        tried += 1
        if let page = try? await provider.page(at: index, for: id) {
          failures.add(
            "a \(fixture.pages.count)-page document\(capped): page(at: \(index)) with pageCount \(count) returned \(quote(page.text)) instead of throwing"
          )
        }
      }
    }
    return failures.outcome(
      passed: "\(tried) indexes outside 0..<pageCount threw, around and past the cap")
  }

  func unknownAttachment() async throws -> CheckOutcome {
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
  }

  /// A text file outside every provider's storage, and attachment IDs that reach it only as a
  /// path does: a provider that answers any of them read a file it does not hold.
  func hostileIDs() async throws -> CheckOutcome {
    let (provider, id) = try await make(.numbered(3))
    let bait = FileManager.default.temporaryDirectory.appendingPathComponent(
      "contract-kit-bait-\(UUID().uuidString).txt")
    let baitText = "A file outside the provider's storage. It must never be read."
    do {
      try Data(baitText.utf8).write(to: bait)
    } catch {
      throw CheckFailure("could not write the bait file \(bait.lastPathComponent): \(error)")
    }
    defer { try? FileManager.default.removeItem(at: bait) }
    let path = bait.path
    let climbs = String(repeating: "../", count: 24) + String(path.drop { $0 == "/" })
    let hostile: [(shown: String, id: String)] = [
      ("../ to the root, then the bait file's absolute path", climbs),
      ("the bait file's absolute path", path),
      ("the bait file's absolute path with a NUL and .pdf after it", path + "\u{0}.pdf"),
      ("../ to the root with a NUL and .pdf after it", climbs + "\u{0}.pdf"),
      ("\(quote(id)) with a NUL and .pdf after it", id + "\u{0}.pdf"),
      ("NUL alone", "\u{0}"),
      ("4,096 characters", String(repeating: "a", count: 4096)),
      ("emoji", "📄🔑"),
    ]
    var failures = Failures()
    for probe in hostile {
      if let count = try? await provider.pageCount(for: probe.id) {
        failures.add("pageCount for an ID of \(probe.shown) returned \(count) instead of throwing")
      }
      if let count = try? await provider.originalPageCount(for: probe.id) {
        failures.add(
          "originalPageCount for an ID of \(probe.shown) returned \(count) instead of throwing")
      }
      if let page = try? await provider.page(at: 0, for: probe.id) {
        let read = page.text.contains("never be read") ? ": the bait file's text" : ""
        failures.add(
          "page(at: 0) for an ID of \(probe.shown) returned \(quote(page.text))\(read) instead of throwing"
        )
      }
    }
    return failures.outcome(
      passed:
        "\(hostile.count) hostile IDs threw from all three calls, and no file outside was read")
  }

  func empty() async throws -> CheckOutcome {
    try await expectCounts(
      DocumentFixture(pages: [], pageCap: nil), pageCount: 0, original: 0,
      of: "an empty document")
  }

  func repeatable() async throws -> CheckOutcome {
    let (provider, id, count, original) = try await counts(.numbered(6, cap: 4))
    var failures = Failures()
    for round in 1...2 {
      let again = try await attempt("reading the counts again (read \(round + 1))") {
        (try await provider.pageCount(for: id), try await provider.originalPageCount(for: id))
      }
      if again.0 != count || again.1 != original {
        failures.add(
          "read \(round + 1): counts (\(again.0), \(again.1)) differ from (\(count), \(original))"
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
  }

  func unicode() async throws -> CheckOutcome {
    let special = [
      "회의록: 예산안은 삼월에 확정되었습니다. 한국어 텍스트.",
      // The same sentence in NFD, Hangul as conjoining jamo: canonically equivalent.
      "회의록: 예산안은 삼월에 확정되었습니다. 한국어 텍스트.".decomposedStringWithCanonicalMapping,
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
      var notes: [String] = []
      for index in 0..<count {
        do {
          let page = try await provider.page(at: index, for: id)
          guard page.pageNumber > 8, page.pageNumber <= fixture.pages.count else { continue }
          seen += 1
          let expected = fixture.pages[page.pageNumber - 1]
          let words = Self.directionalWords(expected)
          if !words.leftToRight.isEmpty && !words.rightToLeft.isEmpty {
            // A line that mixes directions: each run's words, letter for letter and in order,
            // but not the order of the runs, which a visual format such as PDF does not record.
            let read = Self.directionalWords(page.text)
            if read.leftToRight != words.leftToRight || read.rightToLeft != words.rightToLeft {
              failures.add(
                "page \(page.pageNumber) should read \(quote(expected)) (its right-to-left words \(words.rightToLeft.joined(separator: " ")) in this order, letter for letter), read \(quote(page.text))"
              )
            }
          } else if !PageText.matches(page.text, expected) {
            failures.add(
              "page \(page.pageNumber) should read \(quote(expected)), read \(quote(page.text)): \(PageText.difference(expected: expected, read: page.text))"
            )
          } else if let note = PageText.normalizationNote(expected: expected, read: page.text) {
            notes.append("page \(page.pageNumber): \(note), accepted")
          }
        } catch {
          failures.add("page(at: \(index)) threw \(describe(error))")
        }
      }
      if seen == 0 {
        failures.add(
          "none of the \(special.count) Unicode pages (original pages 9 to \(8 + special.count)) came back"
        )
      }
      let noted = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
      return failures.outcome(
        passed:
          "Korean in NFC and NFD, emoji and right-to-left text survived, canonically equivalent\(noted)"
      )
    } catch {
      return .failed(failureMessage(error))
    }
  }

  /// The words of `text` (runs of letters and combining marks) in order, split by direction:
  /// right-to-left scripts (Hebrew, Arabic, Syriac, Thaana and their presentation forms) and
  /// the rest.
  static func directionalWords(_ text: String) -> (leftToRight: [String], rightToLeft: [String]) {
    var words: (leftToRight: [String], rightToLeft: [String]) = ([], [])
    var word = String.UnicodeScalarView()
    var isRightToLeft = false
    func close() {
      guard !word.isEmpty else { return }
      if isRightToLeft {
        words.rightToLeft.append(String(word))
      } else {
        words.leftToRight.append(String(word))
      }
      word = String.UnicodeScalarView()
    }
    for scalar in text.unicodeScalars {
      let isMark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(
        scalar.properties.generalCategory)
      guard scalar.properties.isAlphabetic || (isMark && !word.isEmpty) else {
        close()
        continue
      }
      let rightToLeft = Self.isRightToLeft(scalar)
      if !isMark, !word.isEmpty, rightToLeft != isRightToLeft { close() }
      if word.isEmpty { isRightToLeft = rightToLeft }
      word.append(scalar)
    }
    close()
    return words
  }

  private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
      return true
    default: return false
    }
  }

  /// One concurrent read: the page, or what the read threw.
  private struct Read: Sendable {
    let page: PageContent?
    let error: String?
  }

  func concurrency() async throws -> CheckOutcome {
    let fixture = DocumentFixture.numbered(20)
    let (provider, id, count, _) = try await counts(fixture)
    guard count > 1 else { return .failed("a 20-page fixture reported \(count) pages") }
    // Four rounds of sixteen reads, each round shifted by five pages.
    let indexes = (0..<64).map { ($0 % 16 + $0 / 16 * 5) % count }
    let reads = await fanOut(indexes.count) { task -> Read in
      do {
        return Read(page: try await provider.page(at: indexes[task], for: id), error: nil)
      } catch {
        return Read(page: nil, error: describe(error))
      }
    }
    var failures = Failures()
    for (index, read) in zip(indexes, reads) {
      guard let page = read.page else {
        failures.add("a concurrent read of index \(index) threw \(read.error ?? "an error")")
        continue
      }
      let expected =
        (1...fixture.pages.count).contains(page.pageNumber)
        ? fixture.pages[page.pageNumber - 1] : ""
      if page.index != index || !PageText.matches(page.text, expected) {
        failures.add(
          "a concurrent read of index \(index) returned index \(page.index), page \(page.pageNumber): \(quote(page.text))"
        )
      }
    }
    return failures.outcome(passed: "64 concurrent reads each returned the page asked for")
  }
}
