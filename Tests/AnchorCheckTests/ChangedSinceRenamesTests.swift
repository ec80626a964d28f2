@_spi(Benchmarks) import AnchorCheck
import Foundation
import TestSupport
import Testing

/// `--changed-since` across renames: an anchor that cites a file by the path it had before one
/// or more committed renames is in scope when that file changed, and gets the full run's
/// verdict. Every history shape (a folder move, a name change, both, a chain of two; an edit
/// before the renames, after them, or none) at every revision of it.
@Suite(
  .integration,
  .enabled(
    if: GitFixture.executable != nil
      || ProcessInfo.processInfo.environment["CONTRACT_KIT_REQUIRE_BACKENDS"] == "1",
    "git is not installed; install it with apt-get install -y git"))
struct ChangedSinceRenamesTests {
  enum Rename: String, CaseIterable, Sendable {
    case folder, name, both, chain
    /// The paths Alpha has, commit by commit, after its original one.
    var paths: [String] {
      switch self {
      case .folder: ["Core/Alpha.swift"]
      case .name: ["Sources/AlphaStore.swift"]
      case .both: ["Core/AlphaStore.swift"]
      case .chain: ["Core/Alpha.swift", "Kit/Primary.swift"]
      }
    }
  }
  enum Edit: String, CaseIterable, Sendable { case before, after, none }

  static let cases = Rename.allCases.flatMap { rename in Edit.allCases.map { (rename, $0) } }

  @Test(arguments: cases)
  func incrementalVerdictsEqualAFullRunsThroughRenames(rename: Rename, edit: Edit) throws {
    let repo = try GitFixture()
    defer { repo.remove() }
    let alpha = GitRepositoryTests.source("Alpha")
    let lines = alpha.split(separator: "\n").map(String.init)
    try repo.write("Sources/Alpha.swift", alpha)
    try repo.write("Sources/Other.swift", GitRepositoryTests.source("Other"))
    try repo.write(
      "docs/a.md",
      "# A\n\n" + GitRepositoryTests.quoted("Sources/Alpha.swift", 3, Array(lines[2...3]))
        + "The sixth line, Alpha.swift:6, by its name.\n\nThe seventh, Sources/Alpha.swift:7, by its path.\n\n"
        + GitRepositoryTests.quoted(
          "Sources/Other.swift", 2,
          [String(GitRepositoryTests.source("Other").split(separator: "\n")[1])]))
    var commits: [String] = []
    func commit(_ message: String) throws {
      try repo.git("add", "-A")
      try repo.git("commit", "-q", "-m", message)
      try repo.git("tag", "c\(commits.count)")
      commits.append("c\(commits.count)")
    }
    try commit("base")
    var path = "Sources/Alpha.swift"
    func editAlpha() throws {
      try repo.write(path, "// a header\n// inserted on top\n" + (try repo.read(path)))
      try commit("edit \(path)")
    }
    if edit == .before { try editAlpha() }
    for next in rename.paths {
      let folder = (next as NSString).deletingLastPathComponent
      try FileManager.default.createDirectory(
        at: repo.root.appendingPathComponent(folder), withIntermediateDirectories: true)
      try repo.git("mv", path, next)
      path = next
      try commit("move to \(next)")
    }
    if edit == .after { try editAlpha() }

    let full = try AnchorChecker.check(root: repo.root)
    let fullByPlace = Dictionary(
      uniqueKeysWithValues: full.results.map { ("\($0.doc):\($0.line):\($0.path)", $0) })
    let alphaPlaces = Set(
      full.results.filter { !$0.path.contains("Other") }.map { "\($0.doc):\($0.line):\($0.path)" })
    #expect(alphaPlaces.count == 3, "\(full.results.map(\.path))")
    let git = try #require(GitRepository(root: repo.root))
    for (position, revision) in commits.enumerated() {
      let scoped = try AnchorChecker.check(root: repo.root, scope: git.scope(since: revision))
      let places = Set(scoped.results.map { "\($0.doc):\($0.line):\($0.path)" })
      // Alpha changed after every commit but the last; Other never did.
      let expected = position == commits.count - 1 ? [] : alphaPlaces
      #expect(places == expected, "\(rename) \(edit) since \(revision)")
      for result in scoped.results {
        #expect(
          fullByPlace["\(result.doc):\(result.line):\(result.path)"] == result,
          "\(rename) \(edit) since \(revision): \(result.doc):\(result.line)")
      }
    }
  }

  @Test func formerPathsFollowAChainAndNothingElse() throws {
    let repo = try GitFixture()
    defer { repo.remove() }
    try repo.write("A.swift", GitRepositoryTests.source("A"))
    try repo.write("B.swift", GitRepositoryTests.source("B"))
    try repo.git("add", "-A")
    try repo.git("commit", "-q", "-m", "base")
    try repo.git("mv", "A.swift", "A2.swift")
    try repo.git("commit", "-q", "-m", "one")
    try repo.git("mv", "A2.swift", "A3.swift")
    try repo.git("commit", "-q", "-m", "two")
    let git = try #require(GitRepository(root: repo.root))
    #expect(try git.formerPaths(of: ["A3.swift"]) == ["A.swift", "A2.swift"])
    #expect(try git.formerPaths(of: ["B.swift"]) == [])
    #expect(try git.formerPaths(of: ["Nowhere.swift"]) == [])
  }
}
