import Foundation
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// Which anchors a scope keeps, without git: the scope is given.
@Suite struct AnchorScopeTests {
  @Test func aScopeKeepsTheChangedDocsAndEveryWayOfCitingAChangedFile() throws {
    let repo = try FixtureRepository([
      "Sources/My Store.swift": "let a = 1\nlet b = 2\n",
      "Sources/Other.swift": "let c = 3\n",
      "docs/unchanged.md": """
      By path: Sources/My Store.swift is not an anchor (a space), but `Sources/Other.swift:1` is.
      A link, percent-encoded: [store](../Sources/My%20Store.swift#L2).
      ```swift
      // Sources/My Store.swift:1
      let a = 1
      ```
      By name: Other.swift:1 and a deleted Gone.swift:3.
      """,
      "docs/changed.md": "Only Sources/Other.swift:1 here.\n",
      "docs/quiet.md": "Nothing of the changed files: Sources/Other.swift:1.\n",
    ])
    defer { repo.remove() }
    let full = try AnchorChecker.check(root: repo.root, git: nil)
    let scope = AnchorScope(files: ["Sources/My Store.swift", "Gone.swift", "docs/changed.md"])
    let scoped = try AnchorChecker.check(root: repo.root, scope: scope, git: nil)
    #expect(
      Set(scoped.results.map { "\($0.doc):\($0.line):\($0.anchor)" }) == [
        "docs/changed.md:1:Sources/Other.swift:1",
        "docs/unchanged.md:2:../Sources/My%20Store.swift#L2",
        "docs/unchanged.md:4:Sources/My Store.swift:1",
        "docs/unchanged.md:7:Gone.swift:3",
      ])
    let byPlace = Dictionary(
      full.results.map { ("\($0.doc):\($0.line):\($0.anchor)", $0) }
    ) { first, _ in first }
    for result in scoped.results {
      #expect(byPlace["\(result.doc):\(result.line):\(result.anchor)"] == result)
    }
  }

  /// A scope worked out on another thread while the tree is walked (as `--changed-since` asks
  /// git) gives the report a given scope gives, and what it throws is thrown.
  @Test func aScopeWorkedOutDuringTheWalkGivesTheSameReportAndItsError() throws {
    let repo = try FixtureRepository([
      "Sources/A.swift": "let a = 1\n",
      "Sources/B.swift": "let b = 2\n",
      "docs/a.md": "Sources/A.swift:1 and Sources/B.swift:1.\n",
      "docs/b.md": "Only Sources/B.swift:1.\n",
    ])
    defer { repo.remove() }
    let scope = AnchorScope(files: ["Sources/A.swift"])
    let given = try AnchorChecker.check(root: repo.root, scope: scope, git: nil)
    let worked = try AnchorChecker.check(root: repo.root, git: nil) { scope }
    #expect(given.results.map(\.anchor) == ["Sources/A.swift:1"])
    #expect(worked.results == given.results)
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      _ = try AnchorChecker.check(root: repo.root, git: nil) { throw Refused() }
    }
  }

  @Test func aDocWithoutAChangedNameIsNotParsed() {
    let scope = AnchorScope(files: ["Sources/Store.swift"])
    let cites = Array("see Sources/Store.swift:3".utf8)
    let silent = Array("see Sources/Other.swift:3".utf8)
    #expect(cites.withUnsafeBytes { scope.mayCite($0) })
    #expect(!silent.withUnsafeBytes { scope.mayCite($0) })
    // A `%` alone does not make a doc cite; a name percent-encoded in a link does.
    #expect(!Array("50% of Other.swift:1".utf8).withUnsafeBytes { scope.mayCite($0) })
    for encoded in ["[s](Sources/St%6Fre.swift#L3)", "[s](Sources/Store%2Eswift#L3)"] {
      #expect(Array(encoded.utf8).withUnsafeBytes { scope.mayCite($0) }, "\(encoded)")
    }
    let spaced = AnchorScope(files: ["Sources/My Store.swift"])
    #expect(Array("[s](Sources/My%20Store.swift#L2)".utf8).withUnsafeBytes { spaced.mayCite($0) })
  }

  /// The pieces generated docs are made of: whole anchors of every form citing the changed names,
  /// near misses and percent-encoded names among them, and the bits they are made of, so that
  /// pieces also join into anchors of their own: paths, ranges, links, code spans, quotes'
  /// citation lines, permalinks and suppressions.
  static let docPieces = [
    "[x](Sources/St%6Fre.swift#L3)", "[x](St%6Fre.swift#L1-L2)", "[x](../Sto%2Bre.swift#Box)",
    "`Sources/Store.swift:3`", "`My Store.swift:1`", "Store.swift:1-2 (Box)", "Other.swift#Box",
    "\n```swift\n// Sources/Store.swift:1-2\nlet a = 1\n```\n", "\n```\n// Sto%2Bre.swift:1\n```\n",
    "https://github.com/o/r/blob/abc1234/Sources/St%6Fre.swift#L3",
    "[p](https://github.com/o/r/blob/abc1234/Store.swift#L1-L2)",
    "Store.swift", "Sto+re.swift", "St%6Fre.swift", "Store.swif", "MyStore.swift", "Other.swift",
    "Sources/", "../", ":3", ":1-2", "#L3", "#L1-L2", "#Box", " (Box)", "[x](", ")", "`", " ",
    "words ", "%20", "\n", "\n```swift\n// ", "\n```\n", "<!-- anchors: ignore -- why -->\n",
    "https://github.com/o/r/blob/abc1234/", "let a = 1\n",
  ]

  static let scopeNames = ["Sources/Store.swift", "Sto+re.swift", "Other.swift", "My Store.swift"]

  /// Why the scope's filters lose an anchor of `doc` that cites one of `files`, or nil: the doc
  /// filter must keep every doc holding one, and a scan of only the lines the line filter keeps
  /// must find exactly the anchors a whole scan finds that cite a changed name.
  static func filterLoss(_ pieces: [String], files: Set<String>) -> String? {
    let scope = AnchorScope(files: files)
    var doc = pieces.joined()
    return doc.withUTF8 { bytes in
      let whole = AnchorParser.scan(bytes, knownExtensions: ["swift"]).anchors
        .filter { scope.mayCite(path: $0.anchor.path) }
      let lines = AnchorParser.scan(
        bytes, knownExtensions: ["swift"], proseLines: scope.proseLines
      ).anchors.filter { scope.mayCite(path: $0.anchor.path) }
      if !whole.isEmpty, !scope.mayCite(UnsafeRawBufferPointer(bytes)) {
        return "the doc filter drops a doc citing \(whole[0].anchor.path)"
      }
      guard whole.map(\.anchor) == lines.map(\.anchor), whole.map(\.quote) == lines.map(\.quote)
      else {
        return "whole scan \(whole.map(\.anchor.text)), line-filtered \(lines.map(\.anchor.text))"
      }
      return nil
    }
  }

  /// Generated docs lose no anchor citing a changed file to the filters an incremental run
  /// puts before parsing. Replay with `DECLSCAN_SEED`; a failure is shrunk to the fewest pieces.
  @Test func theFiltersBeforeParsingLoseNoAnchorOfTheScope() {
    let seed = baseSeed() &+ 70
    var random = SplitMix64(seed: seed)
    for round in 0..<(2_000 * scale()) {
      let files = Set(Self.scopeNames.filter { _ in random.chance(50) })
      let pieces = (0..<random.below(40)).map { _ in
        Self.docPieces[random.below(Self.docPieces.count)]
      }
      guard Self.filterLoss(pieces, files: files) != nil else { continue }
      let smallest = shrunk(pieces) { Self.filterLoss($0, files: files) != nil }
      Issue.record(
        "seed \(seed) (DECLSCAN_SEED=\(seed &- 70)), round \(round), scope \(files.sorted()): \(Self.filterLoss(smallest, files: files)!) in \(smallest.joined().debugDescription)"
      )
      return
    }
  }

  /// A doc may cite a changed file exactly when one of the names occurs in it: the search that
  /// starts from a name's rarest byte agrees with a plain one, over text from a few letters so
  /// that near misses abound. Replay with `DECLSCAN_SEED`; a failure is shrunk.
  @Test func theNameSearchFindsExactlyTheDocsHoldingAName() {
    let seed = baseSeed() &+ 71
    var random = SplitMix64(seed: seed)
    let letters = ["a", "b", "+", "A", "1", ".", "ab", "a+"]
    func plain(_ text: [String], _ names: [String]) -> Bool {
      names.contains { Array(text.joined().utf8).firstRange(of: Array($0.utf8)) != nil }
    }
    for round in 0..<(3_000 * scale()) {
      let names = (0..<(1 + random.below(3))).map { _ in
        (0..<(1 + random.below(4))).map { _ in letters[random.below(letters.count)] }.joined()
      }
      let scope = AnchorScope(files: Set(names.map { "Sources/" + $0 }))
      let text = (0..<random.below(30)).map { _ in letters[random.below(letters.count)] }
      func disagrees(_ text: [String]) -> Bool {
        let bytes = Array(text.joined().utf8)
        return bytes.withUnsafeBytes { scope.mayCite($0) } != plain(text, names)
      }
      guard disagrees(text) else { continue }
      let smallest = shrunk(text, while: disagrees)
      Issue.record(
        "seed \(seed) (DECLSCAN_SEED=\(seed &- 71)), round \(round): names \(names), text \(smallest.joined().debugDescription): the search says \(!plain(smallest, names))"
      )
      return
    }
  }
}
