import Foundation

/// A generated document for the document suite, and the order to read it in.
struct GeneratedDocument: Sendable, CustomStringConvertible {
  let fixture: DocumentFixture
  /// What each page is, for the report.
  let kinds: [String]
  /// How the pages are read: the name of the order, and positions that are taken modulo the
  /// page count the provider reports.
  let order: String
  let reads: [Int]

  var description: String {
    let cap = fixture.pageCap.map { "capped at \($0)" } ?? "no cap"
    let pages = kinds.enumerated().map { "p\($0.offset + 1) \($0.element)" }
    return
      "\(fixture.pages.count) pages, \(cap): \(pages.isEmpty ? "none" : pages.joined(separator: ", ")); read \(order)"
  }

  /// The indexes to read for a provider that reports `count` pages.
  func indexes(count: Int) -> [Int] {
    guard count > 0 else { return [] }
    switch order {
    case "forward": return Array(0..<count)
    case "backward": return Array((0..<count).reversed())
    case "repeated": return (0..<count).flatMap { [$0, $0] }
    default: return reads.map { $0 % count }
    }
  }

  // MARK: - Generation

  /// Text pieces in several scripts, each written in NFC; a page may carry one in NFD. (Only
  /// scripts the kit's PDF fixture producer has fonts for: a glyph a font lacks is not written
  /// into the PDF, and the provider would be blamed for the producer.)
  static let unicodePieces = [
    "회의록: 예산안은 삼월에 확정되었습니다.",
    "Emoji 👩🏽‍💻 and flags 🇰🇷 stay whole.",
    "Café, naïve, Ångström and e\u{301} combining.",
    "Full-width １２３ and ＡＢＣ.",
  ]

  /// A page of `kind`, for page `number`.
  private static func page(_ source: ChoiceSource, number: Int) throws(ChoiceSource.Overrun)
    -> (String, String)
  {
    let sentence =
      "Page \(number) of the fixture. It reports the quarterly figures for region \(number)."
    switch try source.draw(9) {
    case 0...3:
      return (sentence, "text")
    case 4:
      let breaks = try source.pick(["\n\n", "\n", "\r\n", "\n \n"])
      let lines = try source.int(2...4)
      return (
        (0..<lines).map { "Paragraph \($0 + 1) of page \(number) lists item \(number * 10 + $0)." }
          .joined(separator: breaks), "\(lines) paragraphs split by \(quote(breaks))"
      )
    case 5:
      return (try source.pick(["", " ", "\n", "  \n\t "]), "blank")
    case 6, 7:
      let piece = try source.pick(unicodePieces)
      let decomposed = try source.chance(50)
      let text = "Page \(number): " + piece
      return decomposed
        ? (text.decomposedStringWithCanonicalMapping, "Unicode in NFD")
        : (text, "Unicode in NFC")
    case 8:
      let lines = try source.int(20...80)
      return (
        (1...lines).map { "Line \($0) of page \(number) reports district \($0) in full detail." }
          .joined(separator: "\n"), "\(lines) lines"
      )
    default:
      return ("x", "one character")
    }
  }

  /// A document of up to `maxPages` pages with a cap of none, 0, 1, its page count, above it or
  /// in between, read forward, backward, in a random order or each page twice.
  static func generate(_ source: ChoiceSource, maxPages: Int) throws(ChoiceSource.Overrun)
    -> GeneratedDocument
  {
    var pages: [String] = []
    var kinds: [String] = []
    for number in 1...maxPages {
      // Most documents are short; a long one now and then.
      if number > 1, try source.draw(1023) < 1024 / 8 { break }
      let (text, kind) = try page(source, number: number)
      pages.append(text)
      kinds.append(kind)
    }
    if try source.chance(5) {
      pages = []
      kinds = []
    }
    let count = pages.count
    let cap: Int? =
      switch try source.draw(5) {
      case 0: nil
      case 1: 0
      case 2: 1
      case 3: count
      case 4: count + (try source.int(1...5))
      default: try source.int(0...max(count, 0))
      }
    let order = try source.pick(["forward", "backward", "random", "repeated"])
    let reads =
      order == "random"
      ? try source.list(min: 1, max: 40, average: 10) { _ throws(ChoiceSource.Overrun) in
        try source.int(0...63)
      } : []
    return GeneratedDocument(
      fixture: DocumentFixture(pages: pages, pageCap: cap), kinds: kinds, order: order,
      reads: reads)
  }
}
