import Foundation
import Testing

@testable import AnchorCheck

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
}
