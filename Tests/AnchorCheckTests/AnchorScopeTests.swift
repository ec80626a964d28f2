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

  @Test func aDocWithoutAChangedNameIsNotParsed() {
    let scope = AnchorScope(files: ["Sources/Store.swift"])
    let cites = Array("see Sources/Store.swift:3".utf8)
    let silent = Array("see Sources/Other.swift:3".utf8)
    #expect(cites.withUnsafeBytes { scope.mayCite($0) })
    #expect(!silent.withUnsafeBytes { scope.mayCite($0) })
    #expect(Array("50% of Other.swift:1".utf8).withUnsafeBytes { scope.mayCite($0) })
  }
}
