@_spi(Benchmarks) import AnchorCheck
import Foundation
import TestSupport
import Testing

/// `--changed-since` and rename-aware relocation on real git repositories made for each test.
@Suite(
  .integration,
  .enabled(
    if: GitFixture.executable != nil
      || ProcessInfo.processInfo.environment["CONTRACT_KIT_REQUIRE_BACKENDS"] == "1",
    "git is not installed; install it with apt-get install -y git"))
struct GitRepositoryTests {
  /// Ten numbered lines of a Swift file whose every line names the file.
  static func source(_ name: String, from first: Int = 1) -> String {
    (first..<(first + 10)).map { "let \(name)\($0) = \($0)  // \(name) line \($0)" }
      .joined(separator: "\n") + "\n"
  }

  static func quoted(_ path: String, _ start: Int, _ lines: [String]) -> String {
    "```swift\n// \(path):\(start)-\(start + lines.count - 1)\n" + lines.joined(separator: "\n")
      + "\n```\n"
  }

  /// A repository with four sources and three docs, committed as `base`; then one edit, one
  /// rename with an edit, one deletion and one edited doc, left uncommitted or committed.
  static func repository(commitChanges: Bool) throws -> GitFixture {
    let repo = try GitFixture()
    for name in ["Alpha", "Beta", "Gamma", "Delta"] {
      try repo.write("Sources/\(name).swift", source(name))
    }
    func lines(_ name: String, _ range: ClosedRange<Int>) -> [String] {
      range.map { "let \(name)\($0) = \($0)  // \(name) line \($0)" }
    }
    try repo.write(
      "docs/one.md",
      "# One\n\n" + quoted("Sources/Alpha.swift", 3, lines("Alpha", 3...4))
        + quoted("Sources/Beta.swift", 5, lines("Beta", 5...6)) + "See Sources/Delta.swift:2.\n")
    try repo.write(
      "docs/two.md",
      "# Two\n\n" + quoted("Sources/Gamma.swift", 1, lines("Gamma", 1...2))
        + quoted("Sources/Delta.swift", 7, lines("Delta", 7...8)) + "And Beta.swift:9 too.\n")
    try repo.write("docs/three.md", "# Three\n\nNothing cited yet.\n")
    try repo.git("add", "-A")
    try repo.git("commit", "-q", "-m", "base")
    try repo.git("tag", "base")

    // Alpha: two lines inserted on top, so its quote moves. Beta: renamed and edited. Gamma:
    // deleted. Delta: untouched. three.md: now cites Delta.
    try repo.write("Sources/Alpha.swift", "// new header\n// more\n" + source("Alpha"))
    try FileManager.default.createDirectory(
      at: repo.root.appendingPathComponent("Sources/Renamed"), withIntermediateDirectories: true)
    try repo.git("mv", "Sources/Beta.swift", "Sources/Renamed/BetaStore.swift")
    try repo.write(
      "Sources/Renamed/BetaStore.swift", "import Foundation\n" + source("Beta"))
    try repo.git("rm", "-q", "Sources/Gamma.swift")
    try repo.write(
      "docs/three.md",
      "# Three\n\n" + quoted("Sources/Delta.swift", 1, lines("Delta", 1...1)))
    if commitChanges {
      try repo.git("add", "-A")
      try repo.git("commit", "-q", "-m", "changes")
    }
    return repo
  }

  @Test(arguments: [false, true])
  func changedSinceChecksExactlyTheChangedDocsAndCitationsWithFullRunVerdicts(
    committed: Bool
  ) throws {
    let repo = try Self.repository(commitChanges: committed)
    defer { repo.remove() }
    let full = try AnchorChecker.check(root: repo.root)
    let changed = try #require(GitRepository(root: repo.root)).changedFiles(since: "base")
    #expect(
      changed == [
        "Sources/Alpha.swift", "Sources/Beta.swift", "Sources/Renamed/BetaStore.swift",
        "Sources/Gamma.swift", "docs/three.md",
      ])
    let scoped = try AnchorChecker.check(root: repo.root, scope: AnchorScope(files: changed))
    // In scope: Alpha's and Beta's anchors in one.md (Beta by path) and two.md (Beta by name),
    // Gamma's in two.md, and all of three.md; not Delta's in one.md and two.md.
    #expect(
      Set(scoped.results.map { "\($0.doc):\($0.line)" })
        == ["docs/one.md:4", "docs/one.md:9", "docs/two.md:4", "docs/two.md:13", "docs/three.md:4"])
    let fullByPlace = Dictionary(
      uniqueKeysWithValues: full.results.map { ("\($0.doc):\($0.line)", $0) })
    for result in scoped.results {
      #expect(fullByPlace["\(result.doc):\(result.line)"] == result, "\(result.doc):\(result.line)")
    }
    // What each verdict is: moved in place, followed through the rename, deleted, ok.
    let statuses = Dictionary(
      uniqueKeysWithValues: scoped.results.map { ("\($0.doc):\($0.line)", $0.status) })
    #expect(statuses["docs/one.md:4"] == .moved)
    #expect(statuses["docs/one.md:9"] == .moved)
    #expect(statuses["docs/two.md:4"] == .missingFile)
    #expect(statuses["docs/three.md:4"] == .ok)
  }

  @Test func aRenamedAndEditedFileIsFollowedAndNamed() throws {
    let repo = try Self.repository(commitChanges: true)
    defer { repo.remove() }
    let report = try AnchorChecker.check(root: repo.root)
    let beta = try #require(report.results.first { $0.doc == "docs/one.md" && $0.line == 9 })
    #expect(beta.status == .moved)
    #expect(beta.suggestion == "Sources/Renamed/BetaStore.swift:6-7")
    #expect(
      beta.message.hasPrefix(
        "Sources/Beta.swift was renamed to Sources/Renamed/BetaStore.swift (git)"))
    // A prose anchor by file name alone follows the rename too.
    let byName = try #require(report.results.first { $0.doc == "docs/two.md" && $0.line == 13 })
    #expect(byName.status == .moved)
    #expect(byName.suggestion == "Sources/Renamed/BetaStore.swift:9")
    // Without git, as before: the file is missing (its unchanged quote is still found by
    // content, so a suggestion comes from the quote, not from the rename).
    let without = try AnchorChecker.check(root: repo.root, git: nil)
    let missing = try #require(without.results.first { $0.doc == "docs/one.md" && $0.line == 9 })
    #expect(missing.status == .missingFile)
    #expect(!missing.message.contains("renamed"))
  }

  /// Renames asked for by name equal the whole history's for those names: through a chain of
  /// renames under other names, an edit on the way, a rename not yet committed, and among renames
  /// and deletions of other files.
  @Test func renamesByNameEqualTheWholeHistorysForThoseNames() throws {
    let repo = try GitFixture()
    defer { repo.remove() }
    for name in ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"] {
      try repo.write("Sources/\(name).swift", Self.source(name))
    }
    func commit(_ message: String) throws {
      try repo.git("add", "-A")
      try repo.git("commit", "-q", "-m", message)
    }
    try commit("base")
    // Alpha → Core/First.swift → Kit/Primary.swift (edited on the way), in two commits.
    try FileManager.default.createDirectory(
      at: repo.root.appendingPathComponent("Core"), withIntermediateDirectories: true)
    try repo.git("mv", "Sources/Alpha.swift", "Core/First.swift")
    try repo.git("mv", "Sources/Beta.swift", "Sources/Bravo.swift")
    try repo.git("rm", "-q", "Sources/Gamma.swift")
    try commit("first moves")
    try FileManager.default.createDirectory(
      at: repo.root.appendingPathComponent("Kit"), withIntermediateDirectories: true)
    try repo.git("mv", "Core/First.swift", "Kit/Primary.swift")
    try repo.write("Kit/Primary.swift", "import Foundation\n" + Self.source("Alpha"))
    try repo.git("mv", "Sources/Delta.swift", "Sources/Dee.swift")
    try commit("second moves")
    // Not committed: Epsilon renamed in the work tree.
    try repo.git("mv", "Sources/Epsilon.swift", "Sources/Eps.swift")

    let git = try #require(GitRepository(root: repo.root))
    let all = try git.renames()
    #expect(all["Sources/Alpha.swift"] == "Kit/Primary.swift")
    #expect(all["Sources/Epsilon.swift"] == "Sources/Eps.swift")
    #expect(GitRenames.fromGit.renames(repo.root) == all)
    for names: Set<String> in [
      ["Alpha.swift"], ["Beta.swift"], ["Epsilon.swift"], ["Gamma.swift"],
      ["Alpha.swift", "Delta.swift"], ["First.swift"], ["Nothing.swift"],
    ] {
      let some = try git.renames(named: names)
      let wanted = { (old: String) in names.contains(String(old.split(separator: "/").last!)) }
      #expect(
        some.filter { wanted($0.key) } == all.filter { wanted($0.key) }, "\(names.sorted())")
    }
  }

  @Test func aRenamedFileWhoseQuoteChangedShowsTheDiffThere() throws {
    let repo = try Self.repository(commitChanges: true)
    defer { repo.remove() }
    try repo.write(
      "Sources/Renamed/BetaStore.swift",
      "import Foundation\n"
        + Self.source("Beta").replacingOccurrences(of: "Beta5 = 5", with: "Beta5 = 50")
        .replacingOccurrences(of: "Beta6 = 6", with: "Beta6 = 60"))
    let report = try AnchorChecker.check(root: repo.root)
    let beta = try #require(report.results.first { $0.doc == "docs/one.md" && $0.line == 9 })
    #expect(beta.status == .changed)
    #expect(beta.suggestion == "Sources/Renamed/BetaStore.swift:5-6")
    #expect(beta.message.contains("was renamed to Sources/Renamed/BetaStore.swift (git)"))
    #expect(beta.diff.contains { $0.hasPrefix("-") } && beta.diff.contains { $0.hasPrefix("+") })
    // Without git: only a missing file, with nothing to suggest.
    let without = try AnchorChecker.check(root: repo.root, git: nil)
    let missing = try #require(without.results.first { $0.doc == "docs/one.md" && $0.line == 9 })
    #expect(missing.status == .missingFile)
    #expect(missing.suggestion == nil)
  }

  @Test func fixPointsTheAnchorAtTheRenamedFile() throws {
    let repo = try Self.repository(commitChanges: true)
    defer { repo.remove() }
    let report = try AnchorChecker.check(root: repo.root)
    _ = try AnchorFixer.apply(report, root: repo.root)
    #expect(try repo.read("docs/one.md").contains("// Sources/Renamed/BetaStore.swift:6-7"))
    let again = try AnchorChecker.check(root: repo.root)
    #expect(again.results.first { $0.doc == "docs/one.md" && $0.line == 9 }?.status == .ok)
  }

  @Test func anUnknownRevisionIsOneLine() throws {
    let repo = try Self.repository(commitChanges: false)
    defer { repo.remove() }
    #expect {
      _ = try GitRepository(root: repo.root)?.changedFiles(since: "no-such-branch")
    } throws: { error in
      "\(error)".hasPrefix("--changed-since: git knows no commit no-such-branch in ")
        && !"\(error)".contains("\n")
    }
  }
}

/// A git repository in the temporary directory.
struct GitFixture {
  static let executable = Backends.executable(named: "git").map(URL.init(fileURLWithPath:))

  let files: FixtureRepository
  var root: URL { files.root }

  init() throws {
    files = try FixtureRepository()
    try git("init", "-q", "-b", "main")
    try git("config", "user.email", "kit@example.com")
    try git("config", "user.name", "Kit")
  }

  func git(_ arguments: String...) throws {
    let process = Process()
    guard let executable = Self.executable else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "git"])
    }
    process.executableURL = executable
    process.arguments = ["-C", root.path] + arguments
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(
      process.terminationStatus == 0, "git \(arguments.joined(separator: " ")): \(message)")
  }

  /// What git prints for `arguments`, trimmed: `rev-parse HEAD` and the like.
  func output(_ arguments: String...) throws -> String {
    let process = Process()
    guard let executable = Self.executable else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "git"])
    }
    process.executableURL = executable
    process.arguments = ["-C", root.path] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func write(_ path: String, _ text: String) throws { try files.write(path, text) }
  func read(_ path: String) throws -> String { try files.read(path) }
  func remove() { files.remove() }
}
