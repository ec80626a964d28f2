#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the quotes of missing files stand now, across every file of their extension.
///
/// Built once for the distinct quotes looked up: each file of a wanted extension is scanned once,
/// in parallel, for the lines those quotes hold; then each quote is looked up by its *rarest*
/// line (the one with the fewest places in the repository), so a quote that starts with `}` costs
/// as little as one that starts with a unique declaration. The work is in proportion to the
/// files' lines plus the distinct quotes, not to anchors times files; each quote is settled once,
/// in parallel, however many anchors share it.
struct RelocationIndex: Sendable {
  /// A quote as the index knows it: its text and its file extension.
  struct Key: Hashable, Sendable {
    let ext: String
    let quote: String

    init(_ anchor: ParsedAnchor) {
      ext = Self.pathExtension(anchor.path)
      quote = anchor.quoteText
    }

    /// The extension of the last component of `path`, lowercased; as `NSString.pathExtension`
    /// without the bridging, which costs more than the lookup it keys.
    static func pathExtension(_ path: String) -> String {
      let bytes = path.utf8
      let name = bytes.lastIndex(of: UInt8(ascii: "/")).map(bytes.index(after:)) ?? bytes.startIndex
      guard let dot = bytes[name...].lastIndex(of: UInt8(ascii: ".")), dot != name else {
        return ""
      }
      return String(path[bytes.index(after: dot)...]).lowercased()
    }
  }

  /// Where a quote stands whole: a file and a 0-based start, with the quote's line count.
  struct Place: Sendable, Equatable {
    let file: String
    let start: Int
    let count: Int
  }

  private let answers: [Key: Place]

  /// Settles every quote in `quotes` against the files of `index`.
  init(index: RepositoryIndex, cache: SourceCache, quotes: [Key: NormalizedLines]) {
    var wanted: [String: Set<UInt64>] = [:]
    for (key, lines) in quotes where lines.count > 0 {
      wanted[key.ext, default: []].formUnion(lines.hashes)
    }
    // Every place of every wanted line, per extension: (file number, 0-based line).
    var files: [String] = []
    var sources: [SourceFile] = []
    var places: [String: [UInt64: [(file: Int, line: Int)]]] = [:]
    for (ext, hashes) in wanted {
      let candidates = index.files.filter { Key.pathExtension($0) == ext }
      let scanned = parallelMap(candidates) { file -> (SourceFile?, [(UInt64, Int)]) in
        guard let source = cache.file(file) else { return (nil, []) }
        var hits: [(UInt64, Int)] = []
        for (line, hash) in source.lines.hashes.enumerated() where hashes.contains(hash) {
          hits.append((hash, line))
        }
        return (source, hits)
      }
      var map: [UInt64: [(file: Int, line: Int)]] = [:]
      for (file, (source, hits)) in zip(candidates, scanned) {
        guard let source, !hits.isEmpty else { continue }
        let number = files.count
        files.append(file)
        sources.append(source)
        for (hash, line) in hits { map[hash, default: []].append((number, line)) }
      }
      places[ext] = map
    }
    let keys = Array(quotes.keys)
    let (allPlaces, allSources, allFiles) = (places, sources, files)
    let found = parallelMap(keys) { key -> Place? in
      guard let quote = quotes[key], quote.count > 0, let map = allPlaces[key.ext] else {
        return nil
      }
      // The rarest line of the quote; every whole occurrence holds it exactly once.
      var rarest = 0
      var fewest = Int.max
      for offset in 0..<quote.count {
        let count = map[quote.hashes[offset]]?.count ?? 0
        if count < fewest {
          fewest = count
          rarest = offset
        }
      }
      var match: Place?
      for place in map[quote.hashes[rarest]] ?? [] {
        let start = place.line - rarest
        guard allSources[place.file].lines.contains(quote, at: start) else { continue }
        // A second place makes the quote ambiguous: no suggestion.
        if match != nil { return nil }
        match = Place(file: allFiles[place.file], start: start, count: quote.count)
      }
      return match
    }
    var answers: [Key: Place] = [:]
    for (key, place) in zip(keys, found) { if let place { answers[key] = place } }
    self.answers = answers
  }

  /// The one place the anchor's quote stands now, or `nil` when it stands nowhere or in more
  /// than one place.
  func unique(for anchor: ParsedAnchor) -> Place? {
    anchor.quoteText.isEmpty ? nil : answers[Key(anchor)]
  }
}
