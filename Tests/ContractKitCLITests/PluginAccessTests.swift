import Foundation
import KitSupport
import TestSupport
import Testing

/// What the read-only plugin verb refuses: every command that writes into the package, each
/// with the line that runs it through `contract-kit-write`; and what it still runs.
@Suite(.integration) struct PluginAccessTests {
  static let readOnly = ["CONTRACT_KIT_PLUGIN_READ_ONLY": "1", "CI": ""]

  @Test(arguments: [
    (["anchors", "--fix"], "anchors --fix"),
    (["conformance", "list", "--write", "/tmp/never-written"], "conformance list --write"),
    (["golden", "record", "--dir", "/tmp/never-read"], "golden record"),
    (["golden", "review", "--dir", "/tmp/never-read", "--accept-all"], "golden review --accept"),
    (
      [
        "golden", "review", "--dir", "/tmp/x", "--references", "/tmp/y", "--unreferenced", "delete",
      ],
      "golden review --unreferenced delete"
    ),
  ])
  func aWritingCommandIsRefusedByTheReadOnlyVerb(arguments: [String], what: String) throws {
    let result = try ContractKitBinary.run(arguments, environment: Self.readOnly)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "contract-kit: error: \(what) writes into the package, and the contract-kit plugin verb may not; run swift package --allow-writing-to-package-directory contract-kit-write with the same arguments"
      ), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written"))
  }

  @Test func aReadingCommandRunsUnderTheReadOnlyVerb() throws {
    let result = try ContractKitBinary.run(
      ["conformance", "list", "--format", "json"], environment: Self.readOnly)
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// `CONTRACT_KIT_RULES` selects rules for a run without --rule, and a misspelled ID fails it.
  @Test func theRuleSelectionComesFromTheEnvironment() throws {
    let selected = try ContractKitBinary.run(
      ["conformance", "run", "--suite", "translator", "--format", "json"],
      environment: ["CONTRACT_KIT_RULES": "translator.count"])
    #expect(selected.status == 0, "\(selected.stdout)\(selected.stderr)")
    let runs = try #require(
      try JSONSerialization.jsonObject(with: Data(selected.stdout.utf8)) as? [[String: Any]])
    let ids = runs.flatMap { run in
      ((run["report"] as? [String: Any])?["results"] as? [[String: Any]] ?? []).compactMap {
        $0["id"] as? String
      }
    }
    #expect(ids == ["translator.count"])
    let misspelled = try ContractKitBinary.run(
      ["conformance", "run", "--suite", "translator"],
      environment: ["CONTRACT_KIT_RULES": "translator.cuont"])
    #expect(misspelled.status == 1)
    #expect(misspelled.stdout.contains("names translator.cuont, which no suite has"))
  }
}
