import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// Anchors that name a declaration, checked against what the declaration scanner finds: every
/// verdict, `--fix` and `--fix=symbols`, in each scanned language, and as a property over
/// generated Swift files whose declarations move.
@Suite struct AnchorCheckerSymbolTests {
  static let report = """
    import Foundation

    /// Turns an error into its line.
    struct ErrorReport {
      let code: Int

      func render(to output: String) -> String {
        output + String(code)
      }

      func render(into lines: inout [String]) {
        lines.append(String(code))
      }
    }

    enum Mode { case text, json }
    """

  func check(_ files: [String: String]) throws -> [String: AnchorResult] {
    let repository = try FixtureRepository(files)
    defer { repository.remove() }
    let report = try AnchorChecker.check(root: repository.root, git: nil)
    return Dictionary(uniqueKeysWithValues: report.results.map { ($0.anchor, $0) })
  }

  @Test func eachVerdictOfASwiftSymbol() throws {
    let doc = """
      A Sources/Report.swift#ErrorReport, B Sources/Report.swift:4-14 (ErrorReport),
      C Sources/Report.swift:20-22 (ErrorReport), D Sources/Report.swift#ErrorReport.render,
      E Sources/Report.swift#render(to:), F Sources/Report.swift#ErrorRepor,
      G [mode](Sources/Report.swift#Mode.json), H Sources/Report.swift:16 (Mode.json).
      """
    let results = try check(["Sources/Report.swift": Self.report, "docs/a.md": doc])
    func status(_ anchor: String) -> AnchorStatus? { results[anchor]?.status }
    let named = try #require(results["Sources/Report.swift#ErrorReport"])
    #expect(named.status == .ok)
    #expect((named.start, named.end) == (4, 14), "a symbol without lines cites its declaration's")
    #expect(status("Sources/Report.swift:4-14 (ErrorReport)") == .ok)
    let moved = try #require(results["Sources/Report.swift:20-22 (ErrorReport)"])
    #expect(moved.status == .moved)
    #expect(moved.suggestion == "Sources/Report.swift:4-14 (ErrorReport)")
    let overloads = try #require(results["Sources/Report.swift#ErrorReport.render"])
    #expect(overloads.status == .ambiguous)
    #expect(overloads.message.contains("func ErrorReport.render(to:) at lines 7-9"))
    #expect(overloads.message.contains("func ErrorReport.render(into:) at lines 11-13"))
    #expect(status("Sources/Report.swift#render(to:)") == .ok)
    let missing = try #require(results["Sources/Report.swift#ErrorRepor"])
    #expect(missing.status == .missingSymbol)
    #expect(missing.message.contains("nearest: ErrorReport"), "\(missing.message)")
    #expect(status("Sources/Report.swift#Mode.json") == .ok)
    #expect(status("Sources/Report.swift:16 (Mode.json)") == .ok)
  }

  @Test func aQuotedSymbolHoldsItsQuoteOrShowsTheDiff() throws {
    func quoted(_ anchor: String, _ lines: [String]) -> String {
      "```swift\n// \(anchor)\n" + lines.joined(separator: "\n") + "\n```\n"
    }
    let doc =
      quoted("Sources/Report.swift#ErrorReport.render(to:)", ["output + String(code)"])
      + quoted("Sources/Report.swift:3-4 (ErrorReport)", ["let code: Int"])
      + quoted("Sources/Report.swift#Mode", ["output + String(code)"])
    let results = try check(["Sources/Report.swift": Self.report, "docs/a.md": doc])
    #expect(results["Sources/Report.swift#ErrorReport.render(to:)"]?.status == .ok)
    let moved = try #require(results["Sources/Report.swift:3-4 (ErrorReport)"])
    #expect(moved.status == .moved)
    #expect(moved.suggestion == "Sources/Report.swift:5 (ErrorReport)")
    let changed = try #require(results["Sources/Report.swift#Mode"])
    #expect(changed.status == .changed)
    #expect(changed.diff.contains { $0.contains("enum Mode") }, "\(changed.diff)")
  }

  @Test(arguments: [
    (
      "srv/main.go",
      "package main\n\n// Server serves.\ntype Server struct{}\n\nfunc (s *Server) Handle(w int) {\n\treturn\n}\n",
      "srv/main.go#Server.Handle", 6, 8
    ),
    (
      "tools/x.py",
      "import os\n\n\nclass Outer:\n    @staticmethod\n    def method():\n        return 1\n",
      "tools/x.py#Outer.method", 6, 7
    ),
    ("src/a.c", "#include <stdio.h>\n\nint main(void) {\n  return 0;\n}\n", "src/a.c#main", 3, 5),
  ])
  func eachScannedLanguageResolvesItsSymbols(
    path: String, source: String, anchor: String, start: Int, end: Int
  ) throws {
    let results = try check([path: source, "docs/a.md": "See \(anchor) here.\n"])
    let result = try #require(results[anchor])
    #expect(result.status == .ok, "\(result.message)")
    #expect((result.start, result.end) == (start, end))
  }

  @Test func aFileNoScannerReadsSaysTheSymbolIsNotChecked() throws {
    let results = try check([
      "notes.txt": "one\ntwo\nthree\n", "docs/a.md": "See notes.txt:1-2 (Intro) there.\n",
    ])
    let result = try #require(results["notes.txt:1-2 (Intro)"])
    #expect(result.status == .unverified)
    #expect(
      result.message.hasPrefix("no declaration scanner reads .txt files, so (Intro) is not checked")
    )
  }

  @Test func fixRewritesTheLinesAndKeepsTheSymbol() throws {
    let repository = try FixtureRepository([
      "Sources/Report.swift": Self.report,
      "docs/a.md":
        "Here Sources/Report.swift:20-22 (ErrorReport) and `Sources/Report.swift:1 (Mode)`.\n",
    ])
    defer { repository.remove() }
    let edits = try AnchorFixer.apply(
      try AnchorChecker.check(root: repository.root, git: nil), root: repository.root)
    #expect(
      edits.map(\.after) == [
        "Sources/Report.swift:4-14 (ErrorReport)", "Sources/Report.swift:16 (Mode)",
      ])
    let again = try AnchorChecker.check(root: repository.root, git: nil)
    #expect(again.results.allSatisfy { $0.status == .ok }, "\(again.results.map(\.message))")
  }

  @Test func fixSymbolsNamesTheOneDeclarationARangeCoversAndNeverGuesses() throws {
    let repository = try FixtureRepository([
      "Sources/Report.swift": Self.report,
      "docs/a.md": """
      One Sources/Report.swift:4-14, a signature Sources/Report.swift:7, two Sources/Report.swift:7-13,
      overloads Sources/Report.swift:11-13, none Sources/Report.swift:1-2.

      """,
    ])
    defer { repository.remove() }
    let report = try AnchorChecker.check(root: repository.root, git: nil)
    let (edits, unnamed) = try AnchorFixer.nameSymbols(report, root: repository.root)
    #expect(
      edits.map(\.after) == [
        "Sources/Report.swift:4-14 (ErrorReport)",
        "Sources/Report.swift:7 (ErrorReport.render(to:))",
        "Sources/Report.swift:11-13 (ErrorReport.render(into:))",
      ])
    #expect(
      unnamed.map(\.anchor) == ["Sources/Report.swift:7-13", "Sources/Report.swift:1-2"],
      "\(unnamed)")
    #expect(unnamed[0].reason.hasPrefix("it spans 2 declarations"))
    let again = try AnchorChecker.check(root: repository.root, git: nil)
    let statuses = Dictionary(uniqueKeysWithValues: again.results.map { ($0.anchor, $0.status) })
    #expect(statuses["Sources/Report.swift:7 (ErrorReport.render(to:))"] == .ok)
    #expect(statuses["Sources/Report.swift:11-13 (ErrorReport.render(into:))"] == .ok)
    #expect(statuses["Sources/Report.swift:7-13"] == .unverified)
  }

  /// Any generated Swift file, any declaration in it with a name of its own, and any number of
  /// lines inserted anywhere above it: `#NAME` stays ok, `LINES (NAME)` is moved to the
  /// declaration's new lines, and after `--fix` every anchor is ok. Replay a seed with
  /// `DECLSCAN_SEED`.
  @Test func symbolAnchorsFollowTheirDeclarationsWhereverTheyMove() throws {
    let seed = baseSeed() &+ 40
    for round in 0..<12 {
      var random = SplitMix64(seed: seed &+ UInt64(round))
      let rendering = generatedText(lines: 60, seed: seed &+ UInt64(round))
      let names = Dictionary(grouping: rendering.expected, by: \.name)
      let unique = rendering.expected.filter {
        names[$0.name]?.count == 1 && $0.kind != "extension" && !$0.name.contains("`")
          && $0.name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
      }
      guard !unique.isEmpty else { continue }
      let picked = (0..<4).map { _ in unique[Int(random.next() % UInt64(unique.count))] }
      let doc = picked.map {
        "Named Sources/G.swift#\($0.name) and cited Sources/G.swift:\($0.keywordLine)-\($0.end) (\($0.name)).\n"
      }.joined()
      // Lines inserted above the earliest picked declaration (after any doc comment's start).
      var lines = rendering.text.split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
      let at = Int(random.next() % UInt64(picked.map(\.start).min() ?? 1))
      let inserted = 1 + Int(random.next() % 7)
      lines.insert(contentsOf: Array(repeating: "// inserted", count: inserted), at: at)
      let context = "seed \(seed), round \(round) (replay with DECLSCAN_SEED=\(seed &- 40))"
      let repository = try FixtureRepository([
        "Sources/G.swift": lines.joined(separator: "\n"), "docs/a.md": doc,
      ])
      defer { repository.remove() }
      let report = try AnchorChecker.check(root: repository.root, git: nil)
      for result in report.results {
        if result.anchor.contains("#") {
          #expect(result.status == .ok, "\(context): \(result.anchor): \(result.message)")
        } else {
          #expect(result.status == .moved, "\(context): \(result.anchor): \(result.message)")
        }
      }
      _ = try AnchorFixer.apply(report, root: repository.root)
      let fixed = try AnchorChecker.check(root: repository.root, git: nil)
      #expect(
        fixed.results.allSatisfy { $0.status == .ok },
        "\(context): \(fixed.results.filter { $0.status != .ok }.map { "\($0.anchor): \($0.message)" })"
      )
    }
  }
}

/// `--fix` after a rename writes each anchor in the form it was written: a link stays a link
/// with its line fragment, and a symbol anchor keeps its symbol.
@Suite(
  .integration,
  .enabled(
    if: GitFixture.executable != nil
      || ProcessInfo.processInfo.environment["CONTRACT_KIT_REQUIRE_BACKENDS"] == "1",
    "git is not installed; install it with apt-get install -y git"))
struct AnchorFixFormTests {
  @Test func aRenamedFileIsRewrittenInTheFormEachAnchorWasWritten() throws {
    let repo = try GitFixture()
    defer { repo.remove() }
    try repo.write("Sources/Report.swift", AnchorCheckerSymbolTests.report)
    try repo.git("add", "-A")
    try repo.git("commit", "-q", "-m", "base")
    try FileManager.default.createDirectory(
      at: repo.root.appendingPathComponent("Core"), withIntermediateDirectories: true)
    try repo.git("mv", "Sources/Report.swift", "Core/Report.swift")
    try repo.write(
      "docs/a.md",
      "[lines](Sources/Report.swift#L4-L14), Sources/Report.swift#ErrorReport, Sources/Report.swift:4-14 (ErrorReport).\n"
    )
    let report = try AnchorChecker.check(root: repo.root)
    #expect(
      report.results.map(\.status) == [.moved, .moved, .moved], "\(report.results.map(\.message))")
    // What the report suggests is what --fix writes, the symbol kept (a link is suggested as
    // PATH:LINES, as an unrenamed one is).
    #expect(
      report.results.map(\.suggestion) == [
        "Core/Report.swift:4-14", "Core/Report.swift#ErrorReport",
        "Core/Report.swift:4-14 (ErrorReport)",
      ])
    let edits = try AnchorFixer.apply(report, root: repo.root)
    #expect(
      edits.map(\.after) == [
        "Core/Report.swift#L4-L14", "Core/Report.swift#ErrorReport",
        "Core/Report.swift:4-14 (ErrorReport)",
      ])
    let again = try AnchorChecker.check(root: repo.root)
    #expect(
      again.results.map(\.status) == [.unverified, .ok, .ok], "\(again.results.map(\.message))")
  }
}
