@_spi(Benchmarks) import AnchorCheck
import Foundation
import KitSupport
import TestSupport
import Testing

@Suite struct AnchorCheckerTests {
  func statuses(_ report: AnchorReport) -> [String: String] {
    Dictionary(
      report.results.map { ("\($0.doc):\($0.line):\($0.anchor)", $0.status.rawValue) },
      uniquingKeysWith: { a, _ in a })
  }

  @Test func everyStatusOnTheFixtureRepository() throws {
    let repository = try FixtureRepository.copy("statuses")
    defer { repository.remove() }
    let config = try AnchorConfig.load(repository.root.appendingPathComponent("anchors.json"))
    let report = try AnchorChecker.check(root: repository.root, config: config)
    #expect(
      statuses(report) == [
        "docs/archive/old.md:3:Sources/Legacy/Core.swift:12": "missingFile",
        "docs/design.md:6:Sources/Core/ProfileContracts.swift:12-14": "moved",
        "docs/design.md:15:ProfileContracts.swift:5-8": "changed",
        "docs/design.md:25:Sources/Core/ProfileContracts.swift:19-21": "ok",
        "docs/design.md:34:Sources/Core/ProfileContracts.swift:40-41": "outOfRange",
        "docs/design.md:42:Sources/Core/OldStore.swift:3-3": "missingFile",
        "docs/design.md:48:Sources/Core/Store.swift:2-4": "unverified",
        "docs/design.md:49:Sources/Core/Store.swift:9": "outOfRange",
        "docs/design.md:50:Sources/Core/Missing.swift:1": "missingFile",
        "docs/design.md:52:Util.swift:1": "ambiguous",
        "docs/design.md:54:../Sources/Core/ProfileContracts.swift#L19-L21": "unverified",
        "docs/design.md:54:../../outside.swift:1": "outsideRoot",
        "docs/design.md:54:/etc/hosts.txt:1": "outsideRoot",
      ])
    #expect(report.suppressed == 1)
    #expect(
      report.summaryLine
        == "13 anchors in 2 files: 1 ok, 2 unverified, 1 moved, 1 changed, 2 out of range, 3 missing file, 1 ambiguous, 2 outside root, 1 suppressed"
    )
    let archived = try #require(report.results.first { $0.doc == "docs/archive/old.md" })
    #expect(archived.archived && !archived.fails(at: .error) && archived.fails(at: .warning))
    // An unverified anchor fails only a run that asks for it.
    let unverified = try #require(report.results.first { $0.status == .unverified })
    #expect(
      [FailLevel.none, .error, .warning, .unverified].map(unverified.fails(at:))
        == [false, false, false, true])
    #expect(archived.fails(at: .unverified))
  }

  @Test func movedSuggestsTheNewRangeAndChangedShowsTheDiff() throws {
    let repository = try FixtureRepository.copy("statuses")
    defer { repository.remove() }
    let report = try AnchorChecker.check(root: repository.root)
    let moved = try #require(report.results.first { $0.status == .moved })
    #expect(moved.suggestion == "Sources/Core/ProfileContracts.swift:15-17")
    let changed = try #require(report.results.first { $0.status == .changed })
    #expect(changed.diff.contains("+ /// One title over several chunks."))
    #expect(changed.diff.contains("- }"))
    let relocated = try #require(
      report.results.first { $0.anchor == "Sources/Core/OldStore.swift:3-3" })
    #expect(relocated.suggestion == "Sources/Core/Store.swift:3")
    let ambiguous = try #require(report.results.first { $0.status == .ambiguous })
    #expect(ambiguous.message.contains("Sources/Util/A/Util.swift, Sources/Util/B/Util.swift"))
  }

  @Test func fixRewritesNumbersOnlyAndASecondRunIsOK() throws {
    let repository = try FixtureRepository.copy("statuses")
    defer { repository.remove() }
    let before = try repository.read("docs/design.md")
    let report = try AnchorChecker.check(root: repository.root)
    let edits = try AnchorFixer.apply(report, root: repository.root)
    #expect(
      edits.map(\.description) == [
        "docs/design.md:6: Sources/Core/ProfileContracts.swift:12-14 -> Sources/Core/ProfileContracts.swift:15-17",
        "docs/design.md:42: Sources/Core/OldStore.swift:3-3 -> Sources/Core/Store.swift:3",
      ])
    let after = try repository.read("docs/design.md")
    // Only the two anchor lines changed; every quote is as it was.
    let changedLines = zip(
      before.split(separator: "\n", omittingEmptySubsequences: false),
      after.split(separator: "\n", omittingEmptySubsequences: false)
    )
    .filter { $0.0 != $0.1 }
    #expect(changedLines.count == 2)
    let again = try AnchorChecker.check(root: repository.root)
    for line in [6, 42] {
      #expect(again.results.first { $0.doc == "docs/design.md" && $0.line == line }?.status == .ok)
    }
  }

  @Test func fixKeepsCRLFLineEndings() throws {
    let repository = try FixtureRepository([
      "a.swift": "one\ntwo\nthree\n",
      "doc.md": "Intro\r\n```\r\n// a.swift:1\r\nthree\r\n```\r\n",
    ])
    defer { repository.remove() }
    _ = try AnchorFixer.apply(try AnchorChecker.check(root: repository.root), root: repository.root)
    #expect(try repository.read("doc.md") == "Intro\r\n```\r\n// a.swift:3\r\nthree\r\n```\r\n")
  }

  @Test func theJSONShapeIsExact() throws {
    let repository = try FixtureRepository([
      "Sources/X.swift": (1...30).map { "let line\($0) = \($0)" }.joined(separator: "\n") + "\n",
      "docs/a.md": "```swift\n// Sources/X.swift:10-11\nlet line20 = 20\nlet line21 = 21\n```\n",
    ])
    defer { repository.remove() }
    let json = try AnchorChecker.check(root: repository.root).renderJSON()
    #expect(
      json == """
        {"version": 1,
         "anchors": [
          {"doc": "docs/a.md", "line": 2, "anchor": "Sources/X.swift:10-11", "path": "Sources/X.swift", "start": 10, "end": 11, "quoted": true, "status": "moved", "suggestion": "Sources/X.swift:20-21", "message": "the quote now stands at lines 20-21 of Sources/X.swift, not 10-11; run with --fix to update the numbers"}
         ],
         "summary": {"total": 1, "ok": 0, "unverified": 0, "moved": 1, "changed": 0, "outOfRange": 0, "missingSymbol": 0, "missingFile": 0, "ambiguous": 0, "outsideRoot": 0, "outsideHistory": 0, "permalinks": 0}}
        """)
    #expect(throws: Never.self) { try JSONValue(parsing: Array(json.utf8)) }
  }

  @Test func whitespaceAndCRLFDoNotMatter() throws {
    let repository = try FixtureRepository([
      "a.swift": "func f() {\r\n    return   1\r\n}\r\n",
      "doc.md": "```\n// a.swift:1-3\nfunc f() {\n  return 1\n}\n```\n",
    ])
    defer { repository.remove() }
    #expect(try AnchorChecker.check(root: repository.root).results.map(\.status) == [.ok])
  }

  @Test func theNearestOccurrenceWinsWhenAQuoteStandsTwice() throws {
    let repository = try FixtureRepository([
      "a.swift": "x\nrepeat\ny\ny\ny\ny\nrepeat\n",
      "doc.md": "```\n// a.swift:6\nrepeat\n```\n",
    ])
    defer { repository.remove() }
    #expect(try AnchorChecker.check(root: repository.root).results.first?.suggestion == "a.swift:7")
  }

  @Test func zeroAndReversedRangesAreOutOfRange() throws {
    let repository = try FixtureRepository([
      "a.swift": "one\ntwo\n", "doc.md": "a.swift:0 and a.swift:2-1 and a.swift:2\n",
    ])
    defer { repository.remove() }
    #expect(
      try AnchorChecker.check(root: repository.root).results.map(\.status) == [
        .outOfRange, .outOfRange, .unverified,
      ])
  }

  @Test func aSymlinkThatLeavesTheRootIsOutsideAndNeverRead() throws {
    let outside = try FixtureRepository(["secret.swift": "secret\n"])
    defer { outside.remove() }
    let repository = try FixtureRepository([
      "doc.md": "See link/secret.swift:1 and escape.swift:1.\n"
    ])
    defer { repository.remove() }
    try FileManager.default.createSymbolicLink(
      at: repository.root.appendingPathComponent("link"), withDestinationURL: outside.root)
    try FileManager.default.createSymbolicLink(
      at: repository.root.appendingPathComponent("escape.swift"),
      withDestinationURL: outside.root.appendingPathComponent("secret.swift"))
    let results = try AnchorChecker.check(root: repository.root).results
    #expect(results.map(\.status) == [.outsideRoot, .outsideRoot])
  }

  @Test func anEmptyRepositoryChecksClean() throws {
    let repository = try FixtureRepository()
    defer { repository.remove() }
    let report = try AnchorChecker.check(root: repository.root)
    #expect(report.results.isEmpty)
    #expect(report.summaryLine == "0 anchors in 0 files: 0 ok")
  }

  @Test func binaryAndNonUTF8FilesAreReadLenientlyAndReported() throws {
    let repository = try FixtureRepository(["a.swift": "one\n"])
    defer { repository.remove() }
    try repository.write(
      "doc.md", Data([0x00, 0xFF, 0xFE] + Array("\na.swift:1\n\u{0}\u{1}".utf8)))
    try repository.write("b.swift", Data([0x80, 0x81, 0x0A, 0x41]))
    try repository.write("more.md", "b.swift:2\n")
    let report = try AnchorChecker.check(root: repository.root)
    #expect(report.results.map(\.status) == [.unverified, .unverified])
    #expect(
      report.notes.contains { $0.file == "doc.md" && $0.message.hasPrefix("not valid UTF-8") })
    #expect(
      report.notes.contains { $0.file == "b.swift" && $0.message.hasPrefix("not valid UTF-8") })
  }

  @Test func aFiftyMegabyteSingleLineFile() throws {
    let repository = try FixtureRepository()
    defer { repository.remove() }
    let line = Data(repeating: UInt8(ascii: "x"), count: 50_000_000)
    try repository.write("big.txt", line)
    try repository.write("big.md", line + Data(" big.txt:1 big.txt:2".utf8))
    let report = try AnchorChecker.check(root: repository.root)
    #expect(report.results.map(\.status) == [.unverified, .outOfRange])
  }

  @Test func excludedFoldersAreNeverSearched() throws {
    let repository = try FixtureRepository([
      "vendor/Only.swift": "x\n", "doc.md": "Only.swift:1\n", ".build/Only2.swift": "x\n",
      "more.md": "Only2.swift:1\n",
      "Sources/Main.swift": "x\n",
    ])
    defer { repository.remove() }
    let report = try AnchorChecker.check(
      root: repository.root, config: AnchorConfig(exclude: [Glob("vendor/**")]))
    #expect(report.results.map(\.status) == [.missingFile, .missingFile])
  }

  @Test func pathsArgumentsLimitTheDocs() throws {
    let repository = try FixtureRepository([
      "a.swift": "x\n", "docs/one.md": "a.swift:1\n", "two.md": "a.swift:9\n",
    ])
    defer { repository.remove() }
    let report = try AnchorChecker.check(root: repository.root, paths: ["docs"])
    #expect(report.results.map(\.doc) == ["docs/one.md"])
    #expect(throws: AnchorInputError.self) {
      try AnchorChecker.check(root: repository.root, paths: ["nope.md"])
    }
    #expect(throws: AnchorInputError.self) {
      try AnchorChecker.check(root: repository.root, paths: ["/etc"])
    }
  }

  @Test func aRootThatIsNotADirectoryIsAnInputError() {
    #expect(throws: AnchorInputError.self) {
      try AnchorChecker.check(root: URL(fileURLWithPath: "/no/such/root"))
    }
  }
}

/// The kit's own docs check clean: the same gate `contract-kit check` runs.
@Suite(.integration) struct KitDocsTests {
  @Test func theKitsOwnDocsCheckClean() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent()
    let config = try AnchorConfig.load(root.appendingPathComponent("anchors.json"))
    let report = try AnchorChecker.check(root: root, config: config)
    for finding in report.findings {
      Issue.record(
        "\(finding.doc):\(finding.line): \(finding.status): \(finding.anchor): \(finding.message)")
    }
    #expect(report.docCount > 0)
    #expect(!report.fails(at: .unverified), "the kit's docs pass --fail-on unverified")
  }
}
