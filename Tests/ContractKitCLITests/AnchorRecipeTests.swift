import Foundation
import TestSupport
import Testing

/// The CI recipes for the anchors gate, run as written: every `contract-kit-anchors` line of the
/// "CI recipes" section of the anchors guide (`KeepingDocsHonest.md`), in a git repository with
/// an `origin/main` and a branch that edits, moves and renames cited code; and the README's
/// shorter recipe, which must be lines of the guide's.
@Suite(
  .integration,
  .enabled(
    if: RecipeRepository.git != nil
      || ProcessInfo.processInfo.environment["CONTRACT_KIT_REQUIRE_BACKENDS"] == "1",
    "git is not installed; install it with apt-get install -y git"))
struct AnchorRecipeTests {
  /// The guide whose "CI recipes" section holds the recipes, from the package root.
  static let guide = "Sources/AnchorCheck/AnchorCheck.docc/KeepingDocsHonest.md"

  /// The arguments of the `contract-kit-anchors …` command lines of a doc's code blocks (of its
  /// `section`, up to the next heading of its level, when one is given), with GitHub's
  /// `${{ github.base_ref }}` as `main` and any redirection dropped (the test reads standard
  /// output itself).
  static func recipeCommands(in path: String = guide, section heading: String? = "## CI recipes")
    throws -> [[String]]
  {
    let text = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../" + path), encoding: .utf8)
    var section = text[...]
    if let heading {
      let start = try #require(text.range(of: "\n" + heading + "\n"), "\(path) has no \(heading)")
      section = text[start.upperBound...]
      section = section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)]
    }
    var inBlock = false
    var commands: [[String]] = []
    for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inBlock.toggle()
        continue
      }
      guard inBlock, let command = line.range(of: "contract-kit-anchors ") else { continue }
      var text = String(line[command.lowerBound...])
      if let redirect = text.range(of: " >") { text = String(text[..<redirect.lowerBound]) }
      text = text.replacingOccurrences(of: "${{ github.base_ref }}", with: "main")
        .replacingOccurrences(of: "\"", with: "")
      commands.append(Array(text.split(separator: " ").map(String.init).dropFirst()))
    }
    return commands
  }

  /// What the recipes run.
  static let binary = "contract-kit-anchors"

  @Test func theGuideHasTheThreeRecipeLines() throws {
    let commands = try Self.recipeCommands()
    #expect(commands.count == 3, "\(commands)")
    #expect(commands.allSatisfy { $0.first == "--changed-since" })
  }

  /// The README's recipe is the guide's, shortened: every line it runs is one the guide's test
  /// runs, so it cannot drift untested.
  @Test func theREADMEsRecipeLinesAreTheGuides() throws {
    let readme = try Self.recipeCommands(in: "README.md", section: nil)
    #expect(!readme.isEmpty, "the README gives no contract-kit-anchors line")
    let guide = try Self.recipeCommands()
    for command in readme { #expect(guide.contains(command), "\(command) is not in \(Self.guide)") }
  }

  @Test func everyRecipeLineWorksOnAPullRequest() throws {
    let repo = try RecipeRepository()
    defer { repo.remove() }
    let commands = try Self.recipeCommands()
    try #require(commands.count == 3)

    // The pull request's head: a stale anchor in an unchanged doc (its code moved and changed),
    // and a renamed file.
    let github = try ContractKitBinary.run(commands[0], directory: repo.root, binary: Self.binary)
    #expect(github.status == 1, "\(github.stderr)")
    #expect(
      github.stdout.contains("::error file=docs/guide.md,line=4,title=anchor changed::"),
      "\(github.stdout)")
    #expect(
      github.stdout.contains("Sources/Store.swift was renamed to Sources/Storage/Store.swift (git)")
    )
    #expect(!github.stdout.contains("Untouched.swift"), "an anchor nothing touched is not checked")

    let sarif = try ContractKitBinary.run(commands[1], directory: repo.root, binary: Self.binary)
    #expect(sarif.status == 0, "--fail-on none: \(sarif.stderr)")
    let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
    let runs = log?["runs"] as? [[String: Any]]
    let results = runs?.first?["results"] as? [[String: Any]] ?? []
    #expect(results.count == 2, "\(sarif.stdout)")

    // The pre-commit hook: clean once committed, stale again for an uncommitted edit.
    try repo.git("add", "-A")
    try repo.git("commit", "-q", "-m", "head")
    let clean = try ContractKitBinary.run(commands[2], directory: repo.root, binary: Self.binary)
    #expect(clean.status == 0, "\(clean.stdout)")
    try repo.write("Sources/Untouched.swift", "")
    let stale = try ContractKitBinary.run(commands[2], directory: repo.root, binary: Self.binary)
    #expect(stale.status == 1)
    #expect(stale.stdout.contains("docs/guide.md:8"), "\(stale.stdout)")
  }

  /// git runs while the tree is walked: a revision git does not know is still one line and exit
  /// 2, and a doc that did not change is not checked.
  @Test func anUnknownRevisionIsOneLineAndExitTwo() throws {
    let repo = try RecipeRepository()
    defer { repo.remove() }
    let run = try ContractKitBinary.run(
      ["anchors", "--changed-since", "no-such-branch"], directory: repo.root)
    #expect(run.status == 2)
    #expect(
      run.stderr.hasPrefix(
        "contract-kit: error: --changed-since: git knows no commit no-such-branch in "))
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
  }
}

/// A repository whose `origin/main` cites three files, and a work tree that has changed two.
struct RecipeRepository {
  static let git = Backends.executable(named: "git").map(URL.init(fileURLWithPath:))

  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recipe-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try git("init", "-q", "-b", "main")
    try git("config", "user.email", "kit@example.com")
    try git("config", "user.name", "Kit")
    try write("Sources/Engine.swift", "func start() {\n  run(1)\n}\n")
    try write("Sources/Store.swift", "func save() {\n  write(2)\n}\n")
    try write("Sources/Untouched.swift", "let constant = 3\n")
    try write(
      "docs/guide.md",
      "# Guide\n\n```swift\n// Sources/Engine.swift:1-2\nfunc start() {\n  run(1)\n```\n"
        + "Sources/Untouched.swift:1 holds the constant; Sources/Store.swift:2 saves.\n")
    try git("add", "-A")
    try git("commit", "-q", "-m", "base")
    // As actions/checkout with fetch-depth 0 leaves it: the base branch as origin/main.
    try git("update-ref", "refs/remotes/origin/main", "HEAD")
    try git("checkout", "-q", "-b", "feature")
    try write("Sources/Engine.swift", "// header\nfunc start() {\n  run(10)\n}\n")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Sources/Storage"), withIntermediateDirectories: true)
    try git("mv", "Sources/Store.swift", "Sources/Storage/Store.swift")
  }

  func write(_ path: String, _ text: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func git(_ arguments: String...) throws {
    guard let git = Self.git else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = git
    process.arguments = ["-C", root.path] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}
