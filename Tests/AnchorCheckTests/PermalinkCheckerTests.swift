import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// GitHub permalinks into the root's own repository, checked against HEAD in real git
/// histories with a fake remote: the lines at the pinned commit are the quote, looked for at
/// HEAD through edits and renames.
@Suite(
  .integration,
  .enabled(
    if: GitFixture.executable != nil
      || ProcessInfo.processInfo.environment["CONTRACT_KIT_REQUIRE_BACKENDS"] == "1",
    "git is not installed; install it with apt-get install -y git"))
struct PermalinkCheckerTests {
  /// Twelve distinct lines.
  static let box = (1...12).map { "let line\($0) = \($0)" }.joined(separator: "\n") + "\n"

  /// A repository whose remote names acme/widgets, with `Sources/Box.swift` committed; and
  /// that commit's hash.
  static func repository(remote: String = "git@github.com:Acme/Widgets.git") throws -> (
    GitFixture, String
  ) {
    let repo = try GitFixture()
    try repo.git("remote", "add", "origin", remote)
    try repo.write("Sources/Box.swift", box)
    try repo.git("add", "-A")
    try repo.git("commit", "-q", "-m", "box")
    return (repo, try repo.output("rev-parse", "HEAD"))
  }

  static func link(
    _ commit: String, _ start: Int, _ end: Int, repository: String = "acme/widgets"
  ) -> String {
    link(commit, "Sources/Box.swift", start, end, repository: repository)
  }

  static func link(
    _ commit: String, _ path: String, _ start: Int, _ end: Int,
    repository: String = "acme/widgets"
  ) -> String {
    "https://github.com/\(repository)/blob/\(commit)/\(path)#L\(start)"
      + (end != start ? "-L\(end)" : "")
  }

  static func commit(_ repo: GitFixture, _ message: String) throws -> String {
    try repo.git("add", "-A")
    try repo.git("commit", "-q", "-m", message)
    return try repo.output("rev-parse", "HEAD")
  }

  @Test func linesThatStandStillAreOkAndFailNothing() throws {
    let (repo, first) = try Self.repository()
    defer { repo.remove() }
    try repo.write("docs/a.md", "See \(Self.link(first, 3, 5)).\n")
    let report = try AnchorChecker.check(root: repo.root)
    #expect(report.results.map(\.status) == [.ok], "\(report.results.map(\.message))")
    #expect(report.results[0].isPermalink)
    #expect(report.results[0].message.contains("are still the permalink's lines"))
    #expect(!report.fails(at: .unverified))
    #expect(report.summaryLine == "1 anchor in 1 file: 0 ok; 1 permalink: 1 ok")
  }

  @Test func movedLinesArePinnedToHeadByFixPermalinksAlone() throws {
    let (repo, first) = try Self.repository()
    defer { repo.remove() }
    try repo.write("Sources/Box.swift", "// one\n// two\n" + Self.box)
    let head = try Self.commit(repo, "two lines on top")
    let written = Self.link(first, 3, 5)
    try repo.write(
      "docs/a.md", "See \(written), and [one line](\(Self.link(String(first.prefix(7)), 9, 9))).\n")
    let report = try AnchorChecker.check(root: repo.root)
    #expect(report.results.map(\.status) == [.moved, .moved])
    #expect(report.results[0].suggestion == Self.link(head, 5, 7))
    #expect(report.results[1].suggestion == Self.link(head, 11, 11))
    // Moved permalinks fail only at their own level.
    #expect(!report.fails(at: .error))
    #expect(!report.fails(at: .warning))
    #expect(report.fails(at: .permalinks))
    #expect(report.fails(at: .unverified))
    // --fix (ranges) leaves permalinks alone; --fix=permalinks pins them.
    #expect(try AnchorFixer.apply(report, root: repo.root).isEmpty)
    let edits = try AnchorFixer.apply(report, root: repo.root, kinds: [.permalinks])
    #expect(edits.map(\.after) == [Self.link(head, 5, 7), Self.link(head, 11, 11)])
    #expect(
      try repo.read("docs/a.md")
        == "See \(Self.link(head, 5, 7)), and [one line](\(Self.link(head, 11, 11))).\n")
    let again = try AnchorChecker.check(root: repo.root)
    #expect(again.results.map(\.status) == [.ok, .ok])
  }

  @Test func aPermalinkFollowsItsFileThroughARename() throws {
    let (repo, first) = try Self.repository()
    defer { repo.remove() }
    try repo.write("docs/a.md", "See \(Self.link(first, 2, 4)).\n")
    _ = try Self.commit(repo, "docs")
    try repo.git("mv", "Sources/Box.swift", "Sources/Store Box.swift")
    _ = try Self.commit(repo, "rename")
    try repo.write("Sources/Store Box.swift", "// header\n" + Self.box)
    let head = try Self.commit(repo, "edit")
    let report = try AnchorChecker.check(root: repo.root)
    #expect(report.results.map(\.status) == [.moved], "\(report.results.map(\.message))")
    #expect(report.results[0].path == "Sources/Store Box.swift")
    #expect(report.results[0].suggestion == Self.link(head, "Sources/Store%20Box.swift", 3, 5))
    #expect(report.results[0].message.contains("Sources/Box.swift was renamed or moved"))
    _ = try AnchorFixer.apply(report, root: repo.root, kinds: [.permalinks])
    #expect(try AnchorChecker.check(root: repo.root).results.map(\.status) == [.ok])
  }

  @Test func changedLinesGetTheDiffAndAGoneFileSaysSo() throws {
    let (repo, first) = try Self.repository()
    defer { repo.remove() }
    try repo.write("Sources/Other.swift", "let other = 0\n")
    _ = try Self.commit(repo, "other")
    let second = try repo.output("rev-parse", "HEAD")
    var lines = Self.box.split(separator: "\n").map(String.init)
    lines[3] = "let line4 = 40"
    try repo.write("Sources/Box.swift", lines.joined(separator: "\n") + "\n")
    try repo.git("rm", "-q", "Sources/Other.swift")
    _ = try Self.commit(repo, "change and delete")
    try repo.write(
      "docs/a.md",
      "Changed: \(Self.link(first, 3, 5)).\nGone: \(Self.link(second, "Sources/Other.swift", 1, 1)).\n"
    )
    let report = try AnchorChecker.check(root: repo.root)
    #expect(report.results.map(\.status) == [.changed, .missingFile])
    #expect(
      report.results[0].diff == [
        "  let line3 = 3", "+ let line4 = 40", "- let line4 = 4", "  let line5 = 5",
      ])
    #expect(report.results[0].fix == nil)
    #expect(report.results[1].message.hasPrefix("the file is gone"))
    #expect(report.renderText().contains("    --- the permalink's lines"))
  }

  @Test func linksElsewhereAreLeftAloneAndCounted() throws {
    let (repo, first) = try Self.repository()
    defer { repo.remove() }
    try repo.write(
      "docs/a.md",
      """
      Other repository: \(Self.link(first, 1, 2, repository: "apple/swift-nio")).
      Unknown commit: \(Self.link("deadbeefdeadbeef", 1, 2)).
      No file at the commit: \(Self.link(first, "Sources/Nope.swift", 1, 1)).
      Past the end at the commit: \(Self.link(first, 11, 13)).

      """)
    let report = try AnchorChecker.check(root: repo.root)
    #expect(
      report.results.map(\.status) == [.outsideHistory, .outsideHistory, .missingFile, .outOfRange])
    #expect(report.results[0].message.contains("no remote of this repository names"))
    #expect(report.results[1].message.contains("this clone has no commit deadbeefdeadbeef"))
    #expect(report.results[2].message.hasPrefix("the permalink is broken"))
    #expect(
      report.summaryLine
        == "4 anchors in 1 file: 0 ok; 4 permalinks: 0 ok, 1 out of range, 1 missing file, 2 outside history"
    )
    // Outside the history never fails; a broken permalink fails at its level.
    #expect(!report.fails(at: .warning))
    #expect(report.fails(at: .permalinks))
    let elsewhere = report.results.prefix(2)
    #expect(elsewhere.allSatisfy { !$0.fails(at: .unverified) })
    // Without a repository to read, every permalink is outside the history.
    let blind = try AnchorChecker.check(root: repo.root, history: nil)
    #expect(blind.results.allSatisfy { $0.status == .outsideHistory })
    #expect(!blind.fails(at: .unverified))
  }

  /// A folder git ignores (a build folder) is no part of the repository's history.
  @Test func aRootGitIgnoresHasNoHistoryToCheckPermalinksIn() throws {
    let (repo, first) = try Self.repository()
    defer { repo.remove() }
    try repo.write(".gitignore", "build/\n")
    _ = try Self.commit(repo, "ignore")
    try repo.write("build/Sources/Box.swift", Self.box)
    try repo.write("build/a.md", "See \(Self.link(first, 3, 5)).\n")
    let report = try AnchorChecker.check(root: repo.root.appendingPathComponent("build"))
    #expect(report.results.map(\.status) == [.outsideHistory])
    #expect(report.results[0].message.contains("no git work tree of its own"))
  }

  @Test func linesTheWorkTreeChangedAreNotPinned() throws {
    let (repo, first) = try Self.repository()
    defer { repo.remove() }
    try repo.write("Sources/Box.swift", "// not committed\n" + Self.box)
    try repo.write("docs/a.md", "See \(Self.link(first, 3, 5)).\n")
    let report = try AnchorChecker.check(root: repo.root)
    #expect(report.results.map(\.status) == [.moved])
    #expect(report.results[0].message.contains("commit Sources/Box.swift first"))
    #expect(report.results[0].suggestion == nil)
    #expect(try AnchorFixer.apply(report, root: repo.root, kinds: [.permalinks]).isEmpty)
  }

  @Test func aRootInAFolderOfTheRepositoryReadsPathsFromTheTop() throws {
    let repo = try GitFixture()
    defer { repo.remove() }
    try repo.git("remote", "add", "origin", "https://github.com/acme/widgets")
    try repo.write("kit/Sources/Box.swift", Self.box)
    let first = try Self.commit(repo, "box")
    try repo.write("kit/Sources/Box.swift", "// top\n" + Self.box)
    let head = try Self.commit(repo, "edit")
    try repo.write(
      "kit/docs/a.md",
      "In the kit: \(Self.link(first, "kit/Sources/Box.swift", 2, 3)).\nBeside it: \(Self.link(first, "other/A.swift", 1, 1)).\n"
    )
    let report = try AnchorChecker.check(root: repo.root.appendingPathComponent("kit"))
    #expect(report.results.map(\.status) == [.moved, .missingFile])
    #expect(report.results[0].suggestion == Self.link(head, "kit/Sources/Box.swift", 3, 4))
  }

  /// What git says of the repository a root is in: its GitHub remotes, the root's folder in it,
  /// and HEAD, which a repository without a commit lacks.
  @Test func theRepositorysFactsAtItsTopInAFolderAndBeforeAnyCommit() throws {
    let repo = try GitFixture()
    defer { repo.remove() }
    try repo.git("remote", "add", "origin", "git@github.com:Acme/Widgets.git")
    try repo.write("kit/a.md", "a\n")
    let unborn = try #require(try GitRepository(root: repo.root)?.permalinkFacts())
    #expect(unborn.remotes == ["acme/widgets"])
    #expect(unborn.prefix == "")
    #expect(unborn.head == nil)
    let head = try Self.commit(repo, "a")
    let top = try #require(try GitRepository(root: repo.root)?.permalinkFacts())
    #expect((top.prefix, top.head) == ("", head))
    let folder = try #require(
      try GitRepository(root: repo.root.appendingPathComponent("kit"))?.permalinkFacts())
    #expect((folder.prefix, folder.head) == ("kit/", head))
  }

  @Test func incrementalVerdictsEqualAFullRunsThroughARename() throws {
    let (repo, first) = try Self.repository()
    defer { repo.remove() }
    try repo.write("Sources/Other.swift", Self.box.replacingOccurrences(of: "line", with: "row"))
    let base = try Self.commit(repo, "other")
    try repo.write(
      "docs/a.md",
      "Box: \(Self.link(first, 2, 4)).\nOther: \(Self.link(base, "Sources/Other.swift", 1, 2)).\nElsewhere: \(Self.link(first, 1, 1, repository: "apple/swift-nio")).\n"
    )
    _ = try Self.commit(repo, "docs")
    try repo.git("tag", "docs")
    try FileManager.default.createDirectory(
      at: repo.root.appendingPathComponent("Core"), withIntermediateDirectories: true)
    try repo.git("mv", "Sources/Box.swift", "Core/Box.swift")
    _ = try Self.commit(repo, "rename")
    try repo.write("Core/Box.swift", "// edited\n" + Self.box)
    _ = try Self.commit(repo, "edit")
    let full = try AnchorChecker.check(root: repo.root)
    for revision in ["docs", "HEAD~1", "HEAD"] {
      let scope = try #require(GitRepository(root: repo.root)).scope(since: revision)
      let scoped = try AnchorChecker.check(root: repo.root, scope: scope)
      for result in scoped.results {
        #expect(full.results.contains(result), "since \(revision): \(result.anchor)")
      }
      // The Box permalink cites a changed file (through its rename) since each revision but
      // HEAD; the others cite nothing changed.
      #expect(
        scoped.results.map(\.anchor) == (revision == "HEAD" ? [] : [Self.link(first, 2, 4)]),
        "since \(revision)")
    }
  }

  /// A step of a generated history.
  enum Step: CustomStringConvertible {
    /// `count` new lines inserted at a line of the file (never inside the cited block).
    case insert(at: Int, count: Int)
    /// The file moved to a new path.
    case rename(String)

    var description: String {
      switch self {
      case .insert(let at, let count): "insert \(count) at \(at)"
      case .rename(let path): "rename to \(path)"
      }
    }
  }

  /// Any history of insertions around the cited lines and renames of their file, committed
  /// step by step: the permalink is ok while nothing moved, else moved to exactly where the
  /// lines went, and `--fix=permalinks` makes it ok. A failure is shrunk to the fewest steps.
  /// The seed is `DECLSCAN_SEED`.
  @Test func generatedHistoriesMoveThePermalinkWhereItsLinesWent() throws {
    let seed = baseSeed() &+ 72
    for round in 0..<6 {
      var random = SplitMix64(seed: seed &+ UInt64(round))
      let start = 1 + random.below(10)
      let end = start + random.below(12 - start + 1)
      let steps: [Step] = (0..<(1 + random.below(4))).map { index in
        random.chance(30)
          ? .rename(random.pick(["Core", "Kit/Deep", "Sources"]) + "/Box\(index).swift")
          : .insert(at: random.below(100), count: 1 + random.below(5))
      }
      if let failure = try Self.failure(start: start, end: end, steps: steps) {
        let smallest = try shrunk(steps) {
          try Self.failure(start: start, end: end, steps: $0) != nil
        }
        Issue.record(
          "seed \(seed &- 72) (DECLSCAN_SEED), round \(round), lines \(start)-\(end), \(steps): \(failure); shrunk to \(smallest)"
        )
        return
      }
    }
  }

  /// Why the history `steps` does not give the verdict it should, or nil.
  static func failure(start: Int, end: Int, steps: [Step]) throws -> String? {
    let (repo, first) = try repository()
    defer { repo.remove() }
    var lines = box.split(separator: "\n").map(String.init)
    var path = "Sources/Box.swift"
    var blockStart = start
    var extra = 0
    var head = first
    for step in steps {
      switch step {
      case .insert(let at, let count):
        // Above the block, or below it: never inside.
        let position = at % (lines.count + 1)
        let place =
          position < blockStart ? position : max(position, blockStart - 1 + (end - start + 1))
        let new = (0..<count).map { "let extra\(extra + $0) = 0" }
        extra += count
        lines.insert(contentsOf: new, at: place)
        if place < blockStart { blockStart += count }
        try repo.write(path, lines.joined(separator: "\n") + "\n")
      case .rename(let newPath):
        guard newPath != path else { continue }
        try FileManager.default.createDirectory(
          at: repo.root.appendingPathComponent(newPath).deletingLastPathComponent(),
          withIntermediateDirectories: true)
        try repo.git("mv", path, newPath)
        path = newPath
      }
      head = try commit(repo, "\(step)")
    }
    let written = link(first, start, end)
    try repo.write("docs/a.md", "See \(written) here.\n")
    let report = try AnchorChecker.check(root: repo.root)
    guard let result = report.results.first, report.results.count == 1 else {
      return "\(report.results.count) results"
    }
    let blockEnd = blockStart + end - start
    if path == "Sources/Box.swift", blockStart == start {
      return result.status == .ok ? nil : "\(result.status): \(result.message)"
    }
    let expected = link(head, path, blockStart, blockEnd)
    guard result.status == .moved, result.suggestion == expected else {
      return
        "\(result.status) \(result.suggestion ?? "-"), expected moved \(expected): \(result.message)"
    }
    _ = try AnchorFixer.apply(report, root: repo.root, kinds: [.permalinks])
    let again = try AnchorChecker.check(root: repo.root).results.map(\.status)
    return again == [.ok] ? nil : "after --fix=permalinks: \(again)"
  }
}

/// Permalinks without git: a repository given as a table, and the remotes git may name.
struct PermalinkHistoryTests {
  @Test func aTableHistoryChecksPermalinksWithoutGit() throws {
    let old = String(repeating: "a", count: 40)
    let head = String(repeating: "b", count: 40)
    let repository = try FixtureRepository([
      "Sources/A.swift": "// new\nlet a = 1\nlet b = 2\n",
      "docs/a.md":
        "See https://github.com/acme/widgets/blob/aaaaaaa/Sources/A.swift#L1-L2 and https://github.com/acme/widgets/blob/\(old)/Sources/A.swift#L3.\n",
    ])
    defer { repository.remove() }
    let history = PermalinkHistory(
      remotes: ["Acme/Widgets"], head: head,
      commits: [old: ["Sources/A.swift": "let a = 1\nlet b = 2\nlet c = 3\n"]])
    let report = try AnchorChecker.check(root: repository.root, git: nil, history: history)
    #expect(report.results.map(\.status) == [.moved, .changed])
    #expect(
      report.results[0].suggestion
        == "https://github.com/acme/widgets/blob/\(head)/Sources/A.swift#L2-L3")
    // A file that differs from HEAD in the work tree is not pinned.
    let dirty = PermalinkHistory(
      remotes: ["acme/widgets"], head: head,
      commits: [old: ["Sources/A.swift": "let a = 1\nlet b = 2\nlet c = 3\n"]],
      uncommitted: ["Sources/A.swift"])
    let unpinned = try AnchorChecker.check(root: repository.root, git: nil, history: dirty)
    #expect(unpinned.results[0].status == .moved)
    #expect(unpinned.results[0].fix == nil)
    #expect(unpinned.results[0].message.contains("commit Sources/A.swift first"))
  }

  @Test(
    arguments: [
      ("https://github.com/Acme/Widgets.git", "acme/widgets"),
      ("https://github.com/acme/widgets", "acme/widgets"),
      ("https://user:token@github.com/acme/widgets.git", "acme/widgets"),
      ("http://www.github.com/acme/widgets/", "acme/widgets"),
      ("git@github.com:acme/widgets.git", "acme/widgets"),
      ("ssh://git@github.com/acme/widgets.git", "acme/widgets"),
      ("ssh://git@github.com:22/acme/widgets.git", "acme/widgets"),
      ("git://github.com/acme/widgets", "acme/widgets"),
      ("https://gitlab.com/acme/widgets.git", nil),
      ("https://github.com.evil.example/acme/widgets.git", nil),
      ("/srv/git/widgets.git", nil),
      ("https://github.com/acme", nil),
      ("https://github.com/acme/widgets/extra", nil),
    ] as [(String, String?)])
  func remoteURLsNameTheirRepository(url: String, slug: String?) {
    #expect(GitRepository.gitHubSlug(ofRemote: url) == slug, "\(url)")
  }
}
