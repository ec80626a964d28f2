import ContractConformanceCore
import Foundation
import TestSupport
import Testing

@testable import contract_kit

/// `contract-kit.json`, read as `check` reads it: every malformed file is one line naming the
/// place and the fix, and a file that names no adapter is refused rather than passed.
@Suite struct CheckConfigurationTests {
  @Test func theExampleAndEveryKeyParse() throws {
    let configuration = try CheckConfiguration.parse(Data(CheckConfiguration.example.utf8))
    #expect(configuration.adapters.map(\.label) == ["StoreHost"])
    let full = try CheckConfiguration.parse(
      Data(
        """
        {"adapters": [
          {"suite": "store", "command": "python3 'my store.py'", "durability": "volatile",
           "powerLossModel": "apple", "checkTimeout": 90},
          {"suite": "translator", "product": "TranslatorHost", "pairs": ["ko:en", "ja:en"]}
        ], "regressions": "Tests/contract-kit-regressions"}
        """.utf8))
    #expect(full.regressions == "Tests/contract-kit-regressions")
    let store = full.adapters[0]
    #expect(store.label == "python3 'my store.py'")
    #expect(store.volatile && store.powerLossModel?.name == "apple" && store.checkTimeout == 90)
    #expect(full.adapters[1].pairs?.map(\.target) == ["en", "en"])
  }

  static let malformed: [(String, String)] = [
    (
      "{\"adapters\": []}",
      "\"adapters\" names no adapter, so check would pass having checked nothing"
    ),
    ("{}", "no \"adapters\" list"),
    (
      "{\"adapters\": [{\"suite\": \"store\", \"product\": \"A\"}], \"regressions\": \"/tmp/r\"}",
      "regressions is \"/tmp/r\"; name a folder inside the package"
    ),
    (
      "{\"adapters\": [{\"suite\": \"store\", \"product\": \"A\"}], \"regressions\": \"a/../..\"}",
      "regressions is \"a/../..\"; name a folder inside the package"
    ),
    ("[1]", "the file holds no JSON object"),
    ("{\"adapters\": [{\"suite\": \"store\"", "not JSON"),
    (
      "{\"adaptors\": []}",
      "the top level has an unknown key \"adaptors\"; did you mean \"adapters\"?"
    ),
    (
      "{\"adapters\": [{\"suite\": \"store\", \"comand\": \"x\"}]}",
      "adapters[0] has an unknown key \"comand\"; did you mean \"command\"?"
    ),
    ("{\"adapters\": [{\"suite\": \"store\"}]}", "adapters[0] needs one of \"product\""),
    (
      "{\"adapters\": [{\"suite\": \"store\", \"product\": \"A\", \"command\": \"b\"}]}",
      "not both"
    ),
    (
      "{\"adapters\": [{\"suite\": \"stores\", \"product\": \"A\"}]}",
      "adapters[0].suite is \"stores\""
    ),
    ("{\"adapters\": [{\"product\": \"A\"}]}", "adapters[0].suite is missing"),
    (
      "{\"adapters\": [{\"suite\": \"store\", \"product\": \"A\", \"pairs\": [\"ko:en\"]}]}",
      "adapters[0].pairs goes with a translator"
    ),
    (
      "{\"adapters\": [{\"suite\": \"translator\", \"product\": \"A\", \"pairs\": [\"ko\"]}]}",
      "adapters[0].pairs holds \"ko\", not \"SOURCE:TARGET\""
    ),
    (
      "{\"adapters\": [{\"suite\": \"store\", \"product\": \"A\", \"powerLossModel\": \"ext4\"}]}",
      "adapters[0].powerLossModel is \"ext4\"; use one of posix, apple"
    ),
    (
      "{\"adapters\": [{\"suite\": \"store\", \"product\": \"A\", \"durability\": \"forever\"}]}",
      "use durable or volatile"
    ),
    (
      "{\"adapters\": [{\"suite\": \"store\", \"product\": \"A\", \"checkTimeout\": 0}]}",
      "adapters[0].checkTimeout is 0; give whole seconds from 1 to 3600"
    ),
    (
      "{\"adapters\": [{\"suite\": \"store\", \"command\": \"python3 'unclosed\"}]}",
      "adapters[0].command: "
    ),
    (
      "{\"adapters\": [{\"suite\": \"store\", \"product\": \" \"}]}", "adapters[0].product is empty"
    ),
    (
      "{\"adapters\": [{\"suite\": \"store\", \"product\": 7}]}",
      "adapters[0].product is 7, not a string"
    ),
  ]

  @Test(arguments: malformed)
  func aMalformedFileSaysWhereAndWhatToDo(text: String, message: String) {
    #expect(throws: CheckConfiguration.Problem.self) {
      try CheckConfiguration.parse(Data(text.utf8))
    }
    do throws(CheckConfiguration.Problem) {
      _ = try CheckConfiguration.parse(Data(text.utf8))
    } catch {
      #expect(error.text.contains(message), "\(error.text)")
      #expect(!error.text.contains("\n"))
    }
  }
}

/// The conformance gate of `check`: adapters whose every check was skipped were not checked, and
/// that is never a pass.
@Suite struct CheckGateTests {
  static func run(_ statuses: [CheckStatus], level: CheckLevel = .required)
    -> (label: String, note: String?, report: ConformanceReport)
  {
    let results = statuses.enumerated().map {
      CheckResult(id: "store.rule\($0.offset)", level: level, status: $0.element, message: "m")
    }
    return ("store (StoreHost)", nil, ConformanceReport(suite: "store", results: results, seed: 1))
  }

  @Test func everyCheckSkippedIsNoPass() {
    let gate = CheckCommand.conformanceGate([Self.run([.skipped, .skipped])])
    #expect(!gate.passing)
    #expect(
      gate.lines.first == "conformance: none: 1 adapters, 0 checks passed, 0 failed, 2 skipped")
    #expect(gate.lines.contains("  store (StoreHost): skipped"))
  }

  @Test func oneCheckRunIsEnoughAndARequiredFailureFails() {
    let passing = CheckCommand.conformanceGate([Self.run([.skipped]), Self.run([.passed])])
    #expect(passing.passing, "\(passing.lines)")
    #expect(passing.lines.first?.hasPrefix("conformance: ok: 2 adapters, 1 checks passed") == true)
    let recommended = CheckCommand.conformanceGate([Self.run([.failed], level: .recommended)])
    #expect(recommended.passing, "a recommended failure ran a check, and fails no gate")
    let failing = CheckCommand.conformanceGate([Self.run([.passed, .failed])])
    #expect(!failing.passing)
    #expect(failing.lines.contains("  store (StoreHost): store.rule1: m"))
  }
}

/// Only the kit's own checkout checks the bundled adapters without a configuration: a user's
/// manifest names the kit in its dependency line, and that is not the kit.
@Suite struct KitCheckoutTests {
  func manifest(_ text: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("contract-kit-manifest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: folder.appendingPathComponent("Package.swift"))
    return folder
  }

  @Test func aUsersManifestIsNotTheKitsWhateverItsDependencyLineSays() throws {
    let user = try manifest(
      """
      let package = Package(
        name: "MyAdapters",
        dependencies: [.package(name: "ProfileContractKit", path: "../ProfileContractKit")])
      """)
    defer { try? FileManager.default.removeItem(at: user) }
    #expect(!CheckCommand.isKitCheckout(user))
    let kit = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    #expect(CheckCommand.isKitCheckout(kit))
  }
}

/// The user's package from the command line: `check` checks the adapters its `contract-kit.json`
/// names, and `--adapter-product` builds a product of it, runs it and reports it by name. A
/// package in miniature (`Fixtures/ProductPackage`: a document provider host, an executable that
/// is no adapter, a library) is copied to a scratch folder and built there with `swift build`.
@Suite(.integration, .serialized) struct UserPackageTests {
  static let package: URL = {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/ProductPackage")
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("contract-kit-product-package-\(UUID().uuidString)")
    try? FileManager.default.copyItem(at: source, to: copy)
    return copy
  }()

  /// `contract-kit ARGUMENTS` run in the scratch package.
  func kit(_ arguments: [String], configuration: String? = nil) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let file = Self.package.appendingPathComponent("contract-kit.json")
    try? FileManager.default.removeItem(at: file)
    if let configuration { try Data(configuration.utf8).write(to: file) }
    return try ContractKitBinary.run(arguments, directory: Self.package)
  }

  @Test func aProductIsBuiltRunAndReportedByName() throws {
    let result = try kit([
      "conformance", "run", "--suite", "document", "--adapter-product", "DocHost",
    ])
    #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
    #expect(result.stdout.contains("document (DocHost): "), "\(result.stdout)")
  }

  @Test(arguments: [
    ("NoSuchHost", "no product NoSuchHost in the package at "),
    ("Lib", "product Lib is not an executable"),
    ("Hello", "product Hello did not answer a request as an adapter does"),
  ])
  func aProductThatIsNoAdapterIsOneLineAndExit2(product: String, message: String) throws {
    let result = try kit([
      "conformance", "run", "--suite", "document", "--adapter-product", product,
    ])
    #expect(result.status == 2, "\(result.stdout)")
    #expect(result.stderr.hasPrefix("contract-kit: error: "), "\(result.stderr)")
    #expect(
      result.stderr.split(separator: "\n").first?.contains(message) == true, "\(result.stderr)")
  }

  @Test func bothWaysOfNamingTheAdapterAtOnceIsAUsageError() throws {
    let result = try kit([
      "conformance", "run", "--suite", "document", "--adapter-product", "DocHost",
      "--adapter-command", "python3 x.py",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("pass one of them"))
  }

  @Test func checkChecksTheAdaptersTheFileNames() throws {
    let passing = try kit(
      ["check"],
      configuration: "{\"adapters\": [{\"suite\": \"document\", \"product\": \"DocHost\"}]}")
    #expect(passing.status == 0, "\(passing.stderr)\n\(passing.stdout)")
    #expect(passing.stdout.contains("conformance: ok: 1 adapters, "), "\(passing.stdout)")
    // No doc here cites code: the anchors gate says so, never "ok".
    #expect(passing.stdout.contains("anchors: none: 0 anchors"), "\(passing.stdout)")
    // An adapter that cannot run fails its checks, under its own name: never the kit's adapters.
    let failing = try kit(
      ["check"],
      configuration:
        "{\"adapters\": [{\"suite\": \"document\", \"command\": \"./missing-document-host\"}]}")
    #expect(failing.status == 1, "\(failing.stderr)")
    #expect(
      failing.stdout.contains("conformance: FAIL: 1 adapters, 0 checks passed"), "\(failing.stdout)"
    )
    #expect(failing.stdout.contains("document (./missing-document-host): document."))
    #expect(!failing.stdout.contains("ExtractiveModelExecutor"))
  }

  @Test func checkWithoutTheFileSaysWhatToWriteAndExits2() throws {
    let result = try kit(["check"])
    #expect(result.status == 2)
    let line = result.stderr.split(separator: "\n").first ?? ""
    #expect(line.hasPrefix("contract-kit: error: no contract-kit.json in "), "\(result.stderr)")
    #expect(line.contains("{\"adapters\": [{\"suite\": \"store\", \"product\": \"StoreHost\"}]}"))
    #expect(result.stdout.isEmpty)
  }

  @Test func aMalformedFileIsOneLineWithItsNameAndExit2() throws {
    let result = try kit(["check"], configuration: "{\"adapters\": []}")
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "contract-kit: error: contract-kit.json: \"adapters\" names no adapter"), "\(result.stderr)"
    )
  }
}
