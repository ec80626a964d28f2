import Foundation
import KitSupport
import TestSupport
import Testing

/// `contract-kit anchors`, run as a user would, on throwaway repositories.
@Suite(.integration) struct AnchorsCommandTests {
  final class Repository {
    let root: URL
    init(_ files: [String: String]) throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "anchors-cli-\(UUID().uuidString)")
      for (path, content) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: url)
      }
    }
    deinit { try? FileManager.default.removeItem(at: root) }
    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
      try ContractKitBinary.run(["anchors", "--root", root.path] + arguments)
    }
  }

  static let source = (1...20).map { "let value\($0) = \($0)" }.joined(separator: "\n") + "\n"
  static let stale = "```swift\n// Sources/A.swift:3-4\nlet value10 = 10\nlet value11 = 11\n```\n"

  @Test func aCleanRepositoryExitsZeroAndPrintsItsCounts() throws {
    let repository = try Repository([
      "Sources/A.swift": Self.source,
      "doc.md": "```swift\n// Sources/A.swift:2\nlet value2 = 2\n```\n",
    ])
    let result = try repository.run([])
    #expect(result.status == 0)
    #expect(result.stdout == "1 anchor in 1 file: 1 ok\n")
  }

  /// An unquoted citation proves only that its lines exist: listed and counted as unverified,
  /// with what makes it checkable, and a failure only under --fail-on unverified.
  @Test func anUnquotedCitationIsUnverifiedAndFailsOnlyWhenAsked() throws {
    let repository = try Repository([
      "Sources/A.swift": Self.source, "doc.md": "See Sources/A.swift:2.\n",
    ])
    let result = try repository.run([])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "doc.md:1: unverified: Sources/A.swift:2: lines 2 exist, which is all an unquoted citation proves: quote them in a fenced block, or name their declaration (--fix=symbols names the one they cover), to make it checkable\n1 anchor in 1 file: 0 ok, 1 unverified\n"
    )
    #expect(try repository.run(["--fail-on", "unverified"]).status == 1)
    let github = try repository.run(["--format", "github"])
    #expect(github.status == 0 && github.stdout.hasPrefix("::notice file=doc.md,line=1,"))
    let sarif = try repository.run(["--format", "sarif"])
    #expect(sarif.stdout.contains(#""ruleId": "anchor/unverified", "level": "note""#))
  }

  /// `--fix=symbols` names the declaration a range covers, says why it leaves the others, and a
  /// misspelled kind is a usage error.
  @Test func fixSymbolsNamesWhatARangeCoversAndSaysWhyNot() throws {
    let swift = "struct Box {\n  let a = 1\n}\n\nfunc free() {}\n"
    let repository = try Repository([
      "Sources/Box.swift": swift,
      "doc.md": "See Sources/Box.swift:1-3 and Sources/Box.swift:1-5.\n",
    ])
    let fixed = try repository.run(["--fix=symbols"])
    #expect(fixed.status == 0, "\(fixed.stderr)")
    #expect(
      fixed.stdout.hasPrefix(
        """
        fixed doc.md:1: Sources/Box.swift:1-3 -> Sources/Box.swift:1-3 (Box)
        doc.md:1: Sources/Box.swift:1-5 not named: it spans 2 declarations (struct Box, func free()); cite one, or quote the lines

        """), "\(fixed.stdout)")
    #expect(
      try String(contentsOf: repository.root.appendingPathComponent("doc.md"), encoding: .utf8)
        == "See Sources/Box.swift:1-3 (Box) and Sources/Box.swift:1-5.\n")
    #expect(fixed.stdout.hasSuffix("2 anchors in 1 file: 1 ok, 1 unverified\n"))
    let misspelled = try repository.run(["--fix=symbol"])
    #expect(misspelled.status == 2)
    #expect(
      misspelled.stderr.contains("unknown value 'symbol' for --fix; use one of ranges, symbols"),
      "\(misspelled.stderr)")
  }

  @Test func aStaleAnchorExitsOneAndFixRepairsIt() throws {
    let repository = try Repository(["Sources/A.swift": Self.source, "doc.md": Self.stale])
    let first = try repository.run([])
    #expect(first.status == 1)
    #expect(
      first.stdout.hasPrefix("doc.md:2: moved: Sources/A.swift:3-4 -> Sources/A.swift:10-11\n"))
    let fixed = try repository.run(["--fix"])
    #expect(fixed.status == 0)
    #expect(
      fixed.stdout.hasPrefix("fixed doc.md:2: Sources/A.swift:3-4 -> Sources/A.swift:10-11\n"))
    #expect(fixed.stdout.hasSuffix("1 anchor in 1 file: 1 ok\n"))
    #expect(try repository.run([]).status == 0)
  }

  @Test func failOnNoneAndArchivesDoNotFail() throws {
    let repository = try Repository([
      "Sources/A.swift": Self.source, "old/doc.md": "Sources/A.swift:99\n",
      "anchors.json": #"{"archive": ["old/**"]}"#,
    ])
    #expect(try repository.run([]).status == 0)
    #expect(try repository.run(["--fail-on", "warning"]).status == 1)
    let github = try repository.run(["--format", "github", "--fail-on", "none"])
    #expect(github.status == 0)
    #expect(
      github.stdout.hasPrefix(
        "::warning file=old/doc.md,line=1,title=anchor outOfRange::Sources/A.swift:99: "))
  }

  @Test func machineFormats() throws {
    let repository = try Repository([
      "Sources/A.swift": Self.source, "doc.md": "Sources/A.swift:99\n",
    ])
    let github = try repository.run(["--format", "github"])
    #expect(github.stdout.hasPrefix("::error file=doc.md,line=1,title=anchor outOfRange::"))
    let sarif = try repository.run(["--format", "sarif"])
    let value = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
    #expect(value?["version"] as? String == "2.1.0")
    let json = try repository.run(["--format", "json"])
    let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect((parsed?["summary"] as? [String: Any])?["outOfRange"] as? Int == 1)
  }

  @Test func badInputExitsTwoWithOneLine() throws {
    let repository = try Repository(["anchors.json": #"{"archives": []}"#, "doc.md": "x\n"])
    let config = try repository.run([])
    #expect(config.status == 2)
    #expect(
      config.stderr.hasPrefix(
        "contract-kit: error: anchors.json: unknown key \"archives\"; known keys are include, exclude, archive"
      ))
    let root = try ContractKitBinary.run(["anchors", "--root", "/no/such/root"])
    #expect(root.status == 2)
    #expect(
      root.stderr
        == "contract-kit: error: root /no/such/root is not a directory; pass the repository folder with --root\n"
    )
    let level = try repository.run(["--fail-on", "fatal"])
    #expect(level.status == 2)
    #expect(
      level.stderr.contains(
        "unknown value 'fatal' for --fail-on; use one of error, warning, permalinks, unverified, none"
      ))
    let missing = try repository.run([
      "--config", repository.root.appendingPathComponent("none.json").path,
    ])
    #expect(missing.status == 2)
  }
}

/// Permalinks through the CLI, in a git repository whose remote names the permalinks'
/// repository: a moved one is listed without failing the run, fails it under
/// `--fail-on permalinks`, and `--fix=permalinks` pins it to HEAD.
@Suite(
  .integration,
  .enabled(
    if: Backends.executable(named: "git") != nil
      || ProcessInfo.processInfo.environment["CONTRACT_KIT_REQUIRE_BACKENDS"] == "1",
    "git is not installed; install it with apt-get install -y git"))
struct AnchorsPermalinkCommandTests {
  @Test func aMovedPermalinkFailsOnlyAtItsLevelAndFixPermalinksPinsIt() throws {
    let repository = try AnchorsCommandTests.Repository([
      "Sources/A.swift": AnchorsCommandTests.source
    ])
    func git(_ arguments: String...) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: try #require(Backends.executable(named: "git")))
      process.arguments =
        ["-C", repository.root.path, "-c", "user.email=kit@example.com", "-c", "user.name=Kit"]
        + arguments
      let out = Pipe()
      process.standardOutput = out
      process.standardError = FileHandle.nullDevice
      try process.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      try #require(process.terminationStatus == 0, "git \(arguments)")
      return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    _ = try git("init", "-q", "-b", "main")
    _ = try git("remote", "add", "origin", "https://github.com/acme/widgets.git")
    _ = try git("add", "-A")
    _ = try git("commit", "-q", "-m", "one")
    let first = try git("rev-parse", "HEAD")
    try Data(("// top\n" + AnchorsCommandTests.source).utf8).write(
      to: repository.root.appendingPathComponent("Sources/A.swift"))
    _ = try git("commit", "-q", "-am", "two")
    let head = try git("rev-parse", "HEAD")
    let old = "https://github.com/acme/widgets/blob/\(first)/Sources/A.swift#L3-L4"
    let new = "https://github.com/acme/widgets/blob/\(head)/Sources/A.swift#L4-L5"
    try Data("See \(old).\n".utf8).write(to: repository.root.appendingPathComponent("doc.md"))
    let result = try repository.run([])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "doc.md:1: moved (permalink): \(old) -> \(new)\n1 anchor in 1 file: 0 ok; 1 permalink: 0 ok, 1 moved\n"
    )
    #expect(try repository.run(["--fail-on", "permalinks"]).status == 1)
    let github = try repository.run(["--format", "github"])
    #expect(github.stdout.hasPrefix("::warning file=doc.md,line=1,"))
    #expect(try repository.run(["--fix"]).stdout.hasPrefix("doc.md:1: moved (permalink)"))
    let fixed = try repository.run(["--fix=permalinks", "--fail-on", "permalinks"])
    #expect(fixed.status == 0)
    #expect(
      fixed.stdout
        == "fixed doc.md:1: \(old) -> \(new)\n1 anchor in 1 file: 0 ok; 1 permalink: 1 ok\n")
  }
}
