import Foundation
import TestSupport
import Testing

/// `contract-kit-anchors` is `contract-kit anchors` alone: the same output and exit code for the
/// same arguments, with its own name where a message names the program, and without the
/// model-server client's libraries.
@Suite(.integration) struct AnchorsBinaryTests {
  static let files = [
    "Sources/A.swift": AnchorsCommandTests.source,
    "docs/ok.md": "```swift\n// Sources/A.swift:2\nlet value2 = 2\n```\n",
    "docs/stale.md": AnchorsCommandTests.stale,
    "docs/prose.md": "See Sources/A.swift:2 and Sources/A.swift#value3, and Gone.swift:1.\n",
  ]

  /// Each line of arguments, given to both programs after `--root ROOT`.
  static let argumentLists: [[String]] = [
    [], ["--format", "json"], ["--format", "github"], ["--format", "sarif"],
    ["--fail-on", "none"], ["--fail-on", "unverified"], ["docs/ok.md"], ["docs"],
    ["--help"], ["--format", "yaml"], ["--frobnicate"], ["no-such-doc.md"],
    ["--changed-since", "HEAD"],
  ]

  /// What a run printed, with the program's name as `contract-kit anchors` names it: the
  /// program before an error, the command everywhere else.
  static func normalized(_ text: String) -> String {
    text.replacingOccurrences(of: "contract-kit-anchors: error: ", with: "contract-kit: error: ")
      .replacingOccurrences(of: "contract-kit-anchors", with: "contract-kit anchors")
  }

  @Test(arguments: argumentLists)
  func bothProgramsAnswerAlike(_ arguments: [String]) throws {
    let repository = try AnchorsCommandTests.Repository(Self.files)
    let kit = try repository.run(arguments)
    let lean = try ContractKitBinary.run(
      ["--root", repository.root.path] + arguments, binary: "contract-kit-anchors")
    #expect(lean.status == kit.status, "\(arguments): \(lean.stderr)")
    #expect(Self.normalized(lean.stdout) == kit.stdout, "\(arguments)")
    #expect(Self.normalized(lean.stderr) == kit.stderr, "\(arguments)")
  }

  /// The names differ where a message names the program, and nowhere else.
  @Test func itsMessagesNameItself() throws {
    let help = try ContractKitBinary.run(["--help"], binary: "contract-kit-anchors")
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("contract-kit-anchors: check every path:line citation"))
    #expect(help.stdout.contains("\nusage: contract-kit-anchors [--root DIR]"))
    let wrong = try ContractKitBinary.run(["--format", "yaml"], binary: "contract-kit-anchors")
    #expect(wrong.status == 2)
    #expect(
      wrong.stderr.split(separator: "\n") == [
        "contract-kit-anchors: error: unknown value 'yaml' for --format; use one of text, json, github, sarif",
        Substring(
          "usage: contract-kit-anchors [--root DIR] [--config FILE] [--format text|json|github|sarif] [--fix[=ranges,symbols,permalinks]] [--fail-on error|warning|permalinks|unverified|none] [--changed-since REV] [PATH...]"
        ),
        "see 'contract-kit-anchors --help'",
      ])
  }

  /// `--fix` rewrites a doc as `contract-kit anchors --fix` does.
  @Test func itFixesAsTheKitDoes() throws {
    let kit = try AnchorsCommandTests.Repository(Self.files)
    let lean = try AnchorsCommandTests.Repository(Self.files)
    let fixedByKit = try kit.run(["--fix"])
    let fixedByLean = try ContractKitBinary.run(
      ["--root", lean.root.path, "--fix"], binary: "contract-kit-anchors")
    #expect(fixedByLean.status == fixedByKit.status)
    let stale = "docs/stale.md"
    let byKit = try String(contentsOf: kit.root.appendingPathComponent(stale), encoding: .utf8)
    let byLean = try String(contentsOf: lean.root.appendingPathComponent(stale), encoding: .utf8)
    #expect(byKit != AnchorsCommandTests.stale, "the kit fixed the moved anchor")
    #expect(byLean == byKit)
  }

  #if os(Linux)
    /// On Linux the point of the lean binary: `contract-kit` loads Foundation, and
    /// FoundationNetworking (and libcurl with it) for its model-server client;
    /// `contract-kit-anchors` loads FoundationEssentials alone.
    @Test(
      .enabled(
        if: Backends.executable(named: "ldd") != nil,
        "ldd is not installed; it comes with glibc (apt-get install -y libc-bin)"))
    func itLoadsNoNetworkingLibrary() throws {
      func libraries(_ binary: String) throws -> String {
        let process = Process()
        process.executableURL = URL(
          fileURLWithPath: try #require(Backends.executable(named: "ldd")))
        process.arguments = [ContractKitBinary.folder.appendingPathComponent(binary).path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
      }
      let kit = try libraries("contract-kit")
      #expect(kit.contains("libFoundationNetworking") && kit.contains("libFoundation.so"))
      let lean = try libraries("contract-kit-anchors")
      #expect(lean.contains("libFoundationEssentials"), "ldd listed the binary's libraries")
      #expect(!lean.contains("libFoundationNetworking") && !lean.contains("libcurl"))
      #expect(!lean.contains("libFoundation.so") && !lean.contains("ICU"), "Essentials alone")
    }
  #endif
}
