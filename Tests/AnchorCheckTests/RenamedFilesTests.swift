import Foundation
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// Where missing cited files went, from a table a caller gives instead of git.
@Suite struct RenamedFilesTests {
  @Test func aTableOfRenamesIsFollowedWithoutGit() throws {
    let repo = try FixtureRepository([
      "Sources/Store/NewName.swift": "let a = 1\nlet b = 2\nlet c = 3\n",
      "docs/a.md": "```swift\n// Sources/OldName.swift:2-3\nlet b = 2\nlet c = 3\n```\n",
    ])
    defer { repo.remove() }
    let table = GitRenames { _ in ["Sources/OldName.swift": "Sources/Store/NewName.swift"] }
    let report = try AnchorChecker.check(root: repo.root, git: table)
    let result = try #require(report.results.first)
    #expect(result.status == .moved)
    #expect(result.suggestion == "Sources/Store/NewName.swift:2-3")
    #expect(table.renames(repo.root) == ["Sources/OldName.swift": "Sources/Store/NewName.swift"])
    // Without the table the file is only missing.
    #expect(
      try AnchorChecker.check(root: repo.root, git: nil).results.first?.status == .missingFile)
  }

  /// An anchor that names a declaration without lines is suggested, and fixed, as it is
  /// written: `PATH#SYMBOL` at the new path, never `PATH:0`.
  @Test func aSymbolWithoutLinesFollowsARenameAsWritten() throws {
    let repo = try FixtureRepository([
      "Sources/Store/NewName.swift": "struct Box {\n  let a = 1\n}\n",
      "docs/a.md": "See Sources/OldName.swift#Box and Sources/OldName.swift#Crate.\n",
    ])
    defer { repo.remove() }
    let table = GitRenames { _ in ["Sources/OldName.swift": "Sources/Store/NewName.swift"] }
    let report = try AnchorChecker.check(root: repo.root, git: table)
    #expect(report.results.map(\.status) == [.moved, .missingSymbol])
    #expect(report.results[0].suggestion == "Sources/Store/NewName.swift#Box")
    #expect(report.results[0].message.contains("it declares Box: run with --fix"))
    _ = try AnchorFixer.apply(report, root: repo.root)
    #expect(
      try repo.read("docs/a.md")
        == "See Sources/Store/NewName.swift#Box and Sources/OldName.swift#Crate.\n")
  }

  @Test func theNamesAskedAboutAreThoseTheLookupTries() {
    #expect(RenamedFiles.names(citedAs: "Old.swift", from: "docs/a.md") == ["Old.swift"])
    #expect(RenamedFiles.names(citedAs: "Sources/Old.swift", from: "docs/a.md") == ["Old.swift"])
    // A last part that normalizing changes: the names of both places the path may mean.
    #expect(
      RenamedFiles.names(citedAs: "Sources/Old/..", from: "docs/a.md") == ["Sources", "Sources"])
    #expect(RenamedFiles.names(citedAs: "Sources/Old/", from: "a.md") == ["Old", "Old"])
    #expect(RenamedFiles.names(citedAs: "../..", from: "a.md").isEmpty)
  }
}
