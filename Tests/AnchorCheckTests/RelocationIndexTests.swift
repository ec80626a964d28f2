import Foundation
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// The relocation index against the one it replaced, which looked each quote up by its first line
/// across every file: on the same corpus, every quote gets the same answer.
@Suite struct RelocationIndexTests {
  /// The previous index: the first lines of the wanted quotes, and for each quote every place
  /// of its first line tried in file order, stopping after two whole matches.
  struct FirstLineRelocation {
    let cache: SourceCache
    let positions: [UInt64: [(file: String, position: Int)]]

    init(index: RepositoryIndex, cache: SourceCache, ext: String, firstLines: Set<UInt64>) {
      self.cache = cache
      var positions: [UInt64: [(file: String, position: Int)]] = [:]
      for file in index.files where (file as NSString).pathExtension.lowercased() == ext {
        guard let source = cache.file(file) else { continue }
        for (position, hash) in source.lines.hashes.enumerated() where firstLines.contains(hash) {
          positions[hash, default: []].append((file, position))
        }
      }
      self.positions = positions
    }

    func find(_ quote: NormalizedLines) -> [(String, Int)] {
      var found: [(String, Int)] = []
      for candidate in positions[quote.hashes[0]] ?? [] {
        guard let source = cache.file(candidate.file),
          source.lines.contains(quote, at: candidate.position)
        else { continue }
        found.append((candidate.file, candidate.position))
        if found.count > 1 { break }
      }
      return found
    }
  }

  /// A deterministic generator (SplitMix64), so a failing seed replays.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test(arguments: [1, 2, 3])
  func answersEveryQuoteAsTheFirstLineIndexDid(seed: UInt64) throws {
    var random = Generator(state: seed)
    // A small vocabulary, so lines repeat as code's braces and returns do.
    let vocabulary = [
      "}", "{", "", "return value", "let x = 1", "  indented   line  ", "case .a:", "default:",
      "func run() {", "/// Docs.",
    ]
    var files: [String: [String]] = [:]
    for number in 0..<60 {
      let lines = (0..<Int.random(in: 5...80, using: &random)).map { _ in
        Bool.random(using: &random)
          ? vocabulary.randomElement(using: &random)!
          : "let v\(Int.random(in: 0..<400, using: &random)) = \(number)"
      }
      files["Sources/M\(number % 4)/F\(number).swift"] = lines
    }
    // A copy of one file under another name, so some quotes stand in two places.
    files["Sources/Copy.swift"] = files["Sources/M1/F1.swift"]
    let repository = try FixtureRepository(
      files.mapValues { $0.joined(separator: "\n") + "\n" }.merging(["notes.txt": "}\n"]) { $1 })
    defer { repository.remove() }

    // Quotes: windows of real files (1 to 6 lines), and windows that stand nowhere.
    var quotes: [String] = []
    let paths = files.keys.sorted()
    for _ in 0..<600 {
      let lines = files[paths.randomElement(using: &random)!]!
      let length = Int.random(in: 1...min(6, lines.count), using: &random)
      let start = Int.random(in: 0...(lines.count - length), using: &random)
      var quote = Array(lines[start..<(start + length)])
      if Int.random(in: 0..<5, using: &random) == 0 { quote.append("not in any file") }
      quotes.append(quote.joined(separator: "\n"))
    }
    let index = RepositoryIndex(root: repository.root, exclude: [])
    let cache = SourceCache(root: repository.root)
    let anchors = quotes.map {
      ParsedAnchor(
        line: 1, text: "Gone.swift:1", path: "Gone.swift", start: 1, end: 1, form: .quoted,
        quoteText: $0, columns: 0..<1, suppressed: false)
    }
    var keyed: [RelocationIndex.Key: NormalizedLines] = [:]
    for anchor in anchors {
      keyed[RelocationIndex.Key(anchor)] = NormalizedLines(text: anchor.quoteText)
    }
    let new = RelocationIndex(index: index, cache: cache, quotes: keyed)
    let old = FirstLineRelocation(
      index: index, cache: cache, ext: "swift",
      firstLines: Set(keyed.values.compactMap(\.hashes.first)))

    var unique = 0
    var ambiguous = 0
    for anchor in anchors {
      let quote = NormalizedLines(text: anchor.quoteText)
      // An empty quote is never looked up, by either index.
      let before = quote.count > 0 ? old.find(quote) : []
      let expected =
        before.count == 1
        ? RelocationIndex.Place(file: before[0].0, start: before[0].1, count: quote.count) : nil
      #expect(new.unique(for: anchor) == expected, "seed \(seed): \(anchor.quoteText)")
      if before.count == 1 { unique += 1 } else if before.count > 1 { ambiguous += 1 }
    }
    // The corpus exercises all three answers: one place, several, none.
    #expect(unique > 50 && ambiguous > 50 && unique + ambiguous < anchors.count)
  }
}
