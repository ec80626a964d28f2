import Foundation
import ProfileContracts

extension DocumentProviderConformance {
  /// The suite's rules, in the order it runs them.
  public static let rules: [ConformanceRule] = checks.map(\.rule)

  /// Each rule with the check that proves it, in the order the suite runs them.
  static let checks: [Check<DocumentProviderConformance>] = [
    Check(Rule.countsOrdered) { try await $0.countsOrdered() },
    Check(Rule.capReported) { try await $0.capReported().then(await $0.capProperty()) },
    Check(Rule.indexes) { try await $0.indexes() },
    Check(Rule.pageNumbers) { try await $0.pageNumbers() },
    Check(Rule.text) { try await $0.text() },
    Check(Rule.outOfRange) { try await $0.outOfRange() },
    Check(Rule.unknownAttachment) { try await $0.unknownAttachment() },
    Check(Rule.hostileIDs) { try await $0.hostileIDs() },
    Check(Rule.empty) { try await $0.empty() },
    Check(Rule.repeatable) { try await $0.repeatable() },
    Check(Rule.unicode) { try await $0.unicode() },
    Check(Rule.concurrency) { try await $0.concurrency().then(await $0.concurrentReads()) },
    Check(Rule.readOrders) { try await $0.readOrders() },
    Check(Rule.history) { await $0.history() },
    Check(Rule.instances) { try await $0.instances() },
  ]

  /// The rules, one constant each.
  enum Rule {
    static let countsOrdered = ConformanceRule(
      id: "document.countsOrdered", level: .required,
      asserts: "0 ≤ pageCount ≤ originalPageCount, for documents with and without a cap.",
      why:
        "pageCount is the count after the summary cap; originalPageCount is the document's real count. A capped count larger than the real one means the two were mixed up.",
      whenItFails:
        "Check that pageCount applies the cap to the original count, and that originalPageCount is not itself capped."
    )
    static let capReported = ConformanceRule(
      id: "document.capReported", level: .required,
      asserts:
        "A 100-page document capped at 30 reports pageCount 30 and originalPageCount 100; a 5-page document capped at 0, 1, 4, 5 and 6, and not capped, an empty one capped at 1 and not capped, and generated documents of 0 to 30 pages with caps of none, 0, 1, the page count, above it and in between report their own page count as originalPageCount, and the cap applied to the pages offered (all of them, or those after the front matter) as pageCount.",
      why:
        "Without both numbers the person believes the summary covers the whole document; the core must be able to say \"I read only the first 30 pages\".",
      whenItFails:
        "Look for originalPageCount returning the capped count, the cap being ignored, or a cap of 0 or above the page count handled as a special case.",
      sharpened: "0.3")
    static let indexes = ConformanceRule(
      id: "document.indexes", level: .required,
      asserts: "Every index in 0..<pageCount is readable, and page(at: i).index == i.",
      why:
        "The core reads pages one at a time by index; a page that reports another index breaks its bookkeeping.",
      whenItFails: "Look for 1-based indexing, or an index taken from the original page number.")
    static let pageNumbers = ConformanceRule(
      id: "document.pageNumbers", level: .required,
      asserts: "Page numbers are 1-based, strictly increasing, and at most originalPageCount.",
      why:
        "A section's pages are original page numbers, never chunk numbers: a chunk number shown as a page number shipped once, in the essay's pre-release review.",
      whenItFails:
        "Look for 0-based numbers, chunk or batch numbers, or the capped index used as the page number."
    )
    static let text = ConformanceRule(
      id: "document.text", level: .required,
      asserts:
        "Each page's text is the fixture's page with that page number: no pages merged, split or shifted, whether short, long (thousands of characters over many lines), blank or whitespace only, and in the smallest documents: one blank, whitespace or one-character page alone, and a blank first page before another.",
      why:
        "The core checks every fact in a summary against the page it came from; a shifted page makes true facts look invented.",
      whenItFails:
        "Look for page boundaries: form feeds, PDF page breaks, or a splitter that works by length."
    )
    static let outOfRange = ConformanceRule(
      id: "document.outOfRange", level: .required,
      asserts:
        "page(at:) throws for -1, pageCount, pageCount + 1, originalPageCount and originalPageCount + 1, in documents of 5 pages, of 10 capped at 4 and of 3 capped at 8.",
      why:
        "An out-of-range read that returns an empty page looks like an empty page, not a bug; a page past the cap returned is a page the summary was not to cover.",
      whenItFails:
        "Validate the index against 0..<pageCount, the capped count, before reading.",
      sharpened: "0.6")
    static let unknownAttachment = ConformanceRule(
      id: "document.unknownAttachment", level: .required,
      asserts:
        "An unknown attachment throws from pageCount, originalPageCount and page(at:), rather than reporting 0 pages.",
      why:
        "Zero pages reads as \"empty document\" (invalidInput), hiding a wrong ID or a missing file.",
      whenItFails: "Throw when the attachment does not exist instead of returning 0.")
    static let empty = ConformanceRule(
      id: "document.empty", level: .required,
      asserts: "A document with no pages reports 0 and 0.",
      why:
        "The core answers an empty document with invalidInput(\"empty document\"); it must be able to tell empty from unknown.",
      whenItFails: "Look for a minimum of one page, or a blank page invented for empty input.")
    static let repeatable = ConformanceRule(
      id: "document.repeatable", level: .required,
      asserts: "Reading the same pages twice gives identical pages and counts.",
      why:
        "A resumed run re-reads pages; golden replays pin what was read. Both need reads to be stable.",
      whenItFails: "Look for state advanced by reads, such as a shared cursor or iterator.")
    static let unicode = ConformanceRule(
      id: "document.unicode", level: .required,
      asserts:
        "Korean, emoji (with joiners and skin tones), combining marks and full-width digits come back unchanged; in a line that mixes right-to-left and left-to-right text, each run's words come back letter for letter and in order.",
      why:
        "Notes, documents and transcripts share one engine across languages; a mangled character becomes a mangled summary. The order of the runs in a mixed line is not required: a visual format such as PDF records where glyphs are, not the order they were typed in.",
      whenItFails:
        "Look for a non-UTF-8 decoding, byte-based truncation, normalization that changes text, or right-to-left words read in visual order (letters or words reversed)."
    )
    static let concurrency = ConformanceRule(
      id: "document.concurrency", level: .required,
      asserts:
        "Sixty-four reads at once of a 20-page document, then generated reads of different pages at once, each come back as the page asked for, equal to a read of the same index alone.",
      why: "The app may read pages while it summarizes another document; reads must not cross.",
      whenItFails:
        "Look for shared mutable state such as one file handle or buffer used by every read.",
      sharpened: "0.3")
    static let readOrders = ConformanceRule(
      id: "document.readOrders", level: .required,
      asserts:
        "Generated documents (short, long, blank, paragraph and Unicode pages in NFC and NFD, with any cap), read forward, backward, at random and each page twice: each read is of its index, page numbers run on without a gap within the original count, each text is the fixture's page with that number (canonically equivalent, whitespace aside), and a page read again is the same.",
      why:
        "The core reads pages one by one and resumes where it stopped, so reads come in any order; a provider that works only read front to back (a cursor, an iterator, a cache of the last page) passes every check that reads in order and fails on a resumed run.",
      whenItFails:
        "Read each page by its index alone: no cursor or iterator shared between reads, and no cache keyed by anything but the index.",
      since: "0.3")
    static let hostileIDs = ConformanceRule(
      id: "document.hostileIDs", level: .required,
      asserts:
        "Attachment IDs that lead out of the provider's storage (../ repeated up to the root then a text file's absolute path, the absolute path alone, the same with a NUL and an extension after it) throw like any unknown attachment, as do IDs of 4,096 characters, NUL alone and emoji; no call returns a page of a file outside the provider's storage.",
      why:
        "Attachment IDs come from the app's users and documents: a provider that builds a path from one reads any file the app can, and hands it to a model.",
      whenItFails:
        "Never open a path built from the attachment ID: look the ID up among the documents the provider holds, or reject any ID with a separator, a NUL or a dot-dot before joining it to your folder.",
      since: "0.6")
    static let history = ConformanceRule(
      id: "document.history", level: .required,
      asserts:
        "One provider used for a whole session: generated sequences of 40 to 160 calls on one document (its two counts, and pages at any index, the same page again), in bursts of one to eight at once, answer each call as the provider first did, each page with the fixture's text.",
      why:
        "The app keeps one provider for the session, and the core reads pages again when it resumes; a cache that expires, a cursor or a counter that drifts with the provider's age passes every check of a fresh provider and fails in a long session.",
      whenItFails:
        "Look for state kept between calls: a cache with an expiry or a size limit, a cursor, a counter, or lazy loading that counts the pages again.",
      since: "0.6")
    static let instances = ConformanceRule(
      id: "document.instances", level: .recommended,
      asserts:
        "64 providers from the factory (2 for every example asked for, when that is more), made in turn over one 6-page document capped at 4, each released before the next is made: each reports the counts the first reported and reads a page, a different index each time, as the fixture's page with its number. Providers stop at a sixth of the check's time, after at least 16.",
      why:
        "An app makes a provider for each document it shows, and releases it when the view closes. A provider that keeps a file, a PDF session or a slot in a shared pool after it is released works for the few a test makes and fails in an app open for a week.",
      whenItFails:
        "Close what a provider opened when it is released (in deinit), and never keep per-provider state in a process-wide table or pool that nothing drains.",
      since: "0.6")
  }
}
