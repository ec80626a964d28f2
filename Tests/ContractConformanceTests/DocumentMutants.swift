import ContractConformance
import Foundation
import KitSupport
import ProfileContracts

/// Odd but valid: hands out every page in NFD, Hangul as conjoining jamo, as a provider over a
/// file system or API that decomposes does.
struct DecomposingProvider: ProfileDocumentProviding {
  let base: MemoryProvider
  func pageCount(for attachmentID: String) async throws -> Int {
    try await base.pageCount(for: attachmentID)
  }
  func originalPageCount(for attachmentID: String) async throws -> Int {
    try await base.originalPageCount(for: attachmentID)
  }
  func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    let page = try await base.page(at: index, for: attachmentID)
    return PageContent(
      index: page.index, pageNumber: page.pageNumber,
      text: page.text.decomposedStringWithCanonicalMapping)
  }
}

/// A correct in-memory provider, and its broken variants, over the fixtures the suite hands out.
enum DocumentMutant: String, CaseIterable, Sendable {
  case cappedAsOriginal, countExceedsOriginal, chunkNumbering, shiftedIndex, mergedPages,
    noThrowOutOfRange, unknownIsZero, emptyAsOnePage, unstableReads, mangledUnicode, sharedCursor,
    truncatesLongPages, dropsBlankPages, visualRightToLeftLetters, visualRightToLeftWords,
    // Classes the generated documents open up: reads served from a forward stream (the same
    // page again is cached, any other index gets the next page), caps at the edges handled as
    // special cases (0 as no cap, a cap above the page count reported as the count).
    forwardOnly, zeroCapIgnored, capAboveCountReported,
    // A class only the document monitor reaches: a provider that answers right for its first
    // calls, then recounts a page short (a cache that expires and recounts wrongly).
    countDriftsWithAge,
    // A class the capped out-of-range reads reach: an index checked against the original count,
    // not the capped one, so pages past the cap are handed out.
    readsPastTheCap,
    // A class only many providers reach: each provider takes a slot of a process-wide pool of 48
    // per document, and a released provider never gives it back.
    poolNeverReturned
}

/// For `poolNeverReturned`: the slots taken for each document, by its pages, never given back.
let documentPool = Locked<[[String]: Int]>([:])

struct UnknownAttachment: Error {}
struct OutOfRange: Error {}

final class MemoryProvider: ProfileDocumentProviding, @unchecked Sendable {
  let fixture: DocumentFixture
  let id: String
  let mutant: DocumentMutant?
  /// Odd but valid: the first `skipped` original pages are front matter, never offered.
  let skipped: Int
  private let lock = Lock()
  private var reads: [Int: Int] = [:]
  private var cursor = 0
  /// Every call the provider answered, for `countDriftsWithAge`.
  private var calls = 0
  /// For `forwardOnly`: the position the stream is at, and the last page it gave.
  private var stream = (next: 0, last: nil as (index: Int, page: PageContent)?)

  init(
    _ fixture: DocumentFixture, id: String = "doc", mutant: DocumentMutant? = nil, skipped: Int = 0
  ) {
    self.fixture = fixture
    self.id = id
    self.mutant = mutant
    self.skipped = skipped
    if mutant == .poolNeverReturned {
      pooled = documentPool.withValue { slots in
        slots[fixture.pages, default: 0] += 1
        return slots[fixture.pages]! <= 48
      }
    } else {
      pooled = true
    }
  }

  /// For `poolNeverReturned`: whether this provider got a slot of the pool.
  private let pooled: Bool

  struct PoolExhausted: Error {}

  /// The pages the provider knows: all of them, or, for `dropsBlankPages`, those with text.
  private var pages: [String] {
    mutant == .dropsBlankPages
      ? fixture.pages.filter { !$0.allSatisfy(\.isWhitespace) } : fixture.pages
  }
  private var original: Int { pages.count }
  /// Front matter is skipped only in a document long enough to have any.
  private var front: Int { original > 2 * skipped ? skipped : 0 }
  private var capped: Int {
    let available = max(0, original - front)
    switch (mutant, fixture.pageCap) {
    case (.zeroCapIgnored, 0): return available
    case (.capAboveCountReported, let cap?) where cap > available: return cap
    default: return fixture.pageCap.map { min($0, available) } ?? available
    }
  }

  private func known(_ attachmentID: String) throws {
    guard pooled else { throw PoolExhausted() }
    guard attachmentID == id else { throw UnknownAttachment() }
  }

  func pageCount(for attachmentID: String) async throws -> Int {
    if mutant == .unknownIsZero, attachmentID != id { return 0 }
    try known(attachmentID)
    let age = lock.withCriticalSection { () -> Int in
      calls += 1
      return calls
    }
    switch mutant {
    case .countDriftsWithAge where age > 6 && capped > 0: return capped - 1
    case .countExceedsOriginal: return original
    case .emptyAsOnePage where original == 0: return 1
    default: return capped
    }
  }

  func originalPageCount(for attachmentID: String) async throws -> Int {
    if mutant == .unknownIsZero, attachmentID != id { return 0 }
    try known(attachmentID)
    switch mutant {
    case .cappedAsOriginal, .countExceedsOriginal: return capped
    case .emptyAsOnePage where original == 0: return 1
    default: return original
    }
  }

  func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    try known(attachmentID)
    guard index >= 0, index < (mutant == .readsPastTheCap ? original - front : capped) else {
      if mutant == .noThrowOutOfRange || (mutant == .emptyAsOnePage && original == 0) {
        return PageContent(index: index, pageNumber: max(index + 1, 1), text: "")
      }
      throw OutOfRange()
    }
    var position = index
    if mutant == .forwardOnly {
      let served = lock.withCriticalSection { () -> Int in
        if let last = stream.last, last.index == index { return last.index }
        defer { stream.next += 1 }
        return min(stream.next, capped - 1)
      }
      position = served
    }
    if mutant == .sharedCursor {
      lock.withCriticalSection { cursor = index }
      try await Task.sleep(for: .milliseconds(2))
      position = lock.withCriticalSection { cursor }
    }
    let number = min(position + 1 + front, original)
    guard number >= 1 else { throw OutOfRange() }
    var text = pages[number - 1]
    let read = lock.withCriticalSection { () -> Int in
      reads[index, default: 0] += 1
      return reads[index]!
    }
    switch mutant {
    case .chunkNumbering: return PageContent(index: index, pageNumber: index / 3 + 1, text: text)
    case .shiftedIndex: return PageContent(index: index + 1, pageNumber: number, text: text)
    case .mergedPages where number < original: text += "\n" + pages[number]
    case .truncatesLongPages: text = String(text.prefix(1000))
    case .unstableReads where read > 1: text += " (read \(read))"
    case .mangledUnicode:
      text = String(text.unicodeScalars.map { $0.isASCII ? Character($0) : "?" })
    case .visualRightToLeftLetters: text = Self.visualOrder(text, reversingWords: false)
    case .visualRightToLeftWords: text = Self.visualOrder(text, reversingWords: true)
    default: break
    }
    let page = PageContent(
      index: mutant == .forwardOnly ? index : position, pageNumber: number,
      text: text + (front > 0 ? "  \n" : ""))
    if mutant == .forwardOnly { lock.withCriticalSection { stream.last = (index, page) } }
    return page
  }

  /// `text` with its right-to-left words (Hebrew and Arabic letters) in visual order, as a
  /// provider that reads glyph positions without reordering returns them: each word's letters
  /// reversed, or the words' order reversed with their letters intact.
  static func visualOrder(_ text: String, reversingWords: Bool) -> String {
    func isRightToLeft(_ character: Character) -> Bool {
      character.unicodeScalars.contains { (0x0590...0x06FF).contains($0.value) }
    }
    var words: [String] = []
    var output = ""
    var word = ""
    for character in text + " " {
      if isRightToLeft(character) {
        word.append(character)
        continue
      }
      if !word.isEmpty {
        if reversingWords {
          words.append(word)
          output += "\u{0}"
        } else {
          output += String(word.reversed())
        }
        word = ""
      }
      output.append(character)
    }
    for word in words.reversed() {
      output = output.replacingOccurrences(
        of: "\u{0}", with: word, range: output.range(of: "\u{0}"))
    }
    return String(output.dropLast())
  }
}

/// A provider over a folder that builds each file's path from the attachment ID, as a newcomer's
/// first provider did: pages are the file's text split at form feeds, capped as asked. Correct
/// for every ID it was given, and it reads whatever file an ID leads to.
struct PathJoiningProvider: ProfileDocumentProviding {
  struct Missing: Error {}
  let folder: URL
  let cap: Int?

  /// Stores `fixture` in a fresh folder under the temporary directory.
  static func make(_ fixture: DocumentFixture) throws -> (PathJoiningProvider, String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "path-joining-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // Each page ended by a form feed, so that one blank page is not an empty file.
    try Data(fixture.pages.map { $0 + "\u{0C}" }.joined().utf8).write(
      to: folder.appendingPathComponent("report.txt"))
    return (PathJoiningProvider(folder: folder, cap: fixture.pageCap), "report.txt")
  }

  private func pages(_ attachmentID: String) throws -> [String] {
    let path = folder.path + "/" + attachmentID
    guard let data = FileManager.default.contents(atPath: path) else { throw Missing() }
    let text = String(decoding: data, as: UTF8.self)
    // A form feed ends a page: the one after the last page starts none.
    var pages = text.components(separatedBy: "\u{0C}")
    if pages.count > 1, pages.last == "" { pages.removeLast() }
    return text.isEmpty ? [] : pages
  }

  func pageCount(for attachmentID: String) async throws -> Int {
    let count = try pages(attachmentID).count
    return cap.map { min($0, count) } ?? count
  }

  func originalPageCount(for attachmentID: String) async throws -> Int {
    try pages(attachmentID).count
  }

  func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    let all = try pages(attachmentID)
    guard index >= 0, index < (cap.map { min($0, all.count) } ?? all.count) else {
      throw OutOfRange()
    }
    return PageContent(index: index, pageNumber: index + 1, text: all[index])
  }
}
