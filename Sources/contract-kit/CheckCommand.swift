import AnchorCheck
import ContractConformanceCore
import Foundation
import KitSupport
import ReferenceSuites

/// `contract-kit check`: every gate the kit has, one summary line each.
enum CheckCommand: Subcommand {
  static let name = "check"

  static let overview = [
    (synopsis: "check", summary: "Run every gate the kit has and print one line per gate.")
  ]

  static let usage = "usage: contract-kit check"

  static let help = """
    contract-kit check: run every gate the kit has and print one line per gate.

    \(usage)

    Gates:
      conformance   the adapters contract-kit.json names, each against its suite, in a
                    process of its own (details: contract-kit conformance --help). In the
                    kit's own checkout, without the file: the four suites against the
                    bundled adapters, the PDF provider's when poppler is installed (else it
                    says it skipped it). "none", which fails, when every check was skipped
      anchors       the path:line citations in the docs under the current directory
                    ("none" when no doc cites code; details: contract-kit anchors)
      golden        the reference core's golden scenarios in ./Golden, when present
                    (details: contract-kit golden replay)

    contract-kit.json, at the root of your package, names each adapter and its suite:
      {"adapters": [
        {"suite": "store", "product": "StoreHost", "durability": "durable",
         "powerLossModel": "posix"},
        {"suite": "translator", "command": "python3 translator.py", "pairs": ["ko:en"]}
      ]}
    Each adapter has a "suite" and one of "product" (an executable product of the package,
    built, then run over JSON-RPC) or "command"; "pairs" (a translator's),
    "durability" and "powerLossModel" (a store's) and "checkTimeout" (seconds) are optional.
    Beside "adapters", "regressions" names a folder of the package where each generated input
    that fails is kept, and replayed first by every later check.

    Exits 0 when every gate passes, 1 when one fails, 2 when contract-kit.json is missing (outside
    the kit's own checkout) or malformed.
    """

  /// The conformance gate's lines over the adapters' `runs`, and whether it passes: no required
  /// rule failed, and at least one check ran. Adapters whose every check was skipped were not
  /// checked, which is no pass.
  static func conformanceGate(_ runs: [(label: String, note: String?, report: ConformanceReport)])
    -> (lines: [String], passing: Bool)
  {
    let results = runs.flatMap(\.report.results)
    let failedRequired = runs.filter { !$0.report.isPassing }
    let counts = (
      passed: results.filter { $0.status == .passed }.count,
      failed: results.filter { $0.status == .failed }.count,
      skipped: results.filter { $0.status == .skipped }.count
    )
    let checked = counts.passed + counts.failed > 0
    let verdict = !failedRequired.isEmpty ? "FAIL" : checked ? "ok" : "none"
    var lines = [
      "conformance: \(verdict): \(runs.count) adapters, \(counts.passed) checks passed, \(counts.failed) failed, \(counts.skipped) skipped"
    ]
    for run in failedRequired {
      for failure in run.report.failures where failure.level == .required {
        lines.append("  \(run.label): \(failure.id): \(failure.message)")
      }
    }
    // An adapter whose backend is missing (the PDF provider without poppler) is named, not
    // silently counted among the skips.
    for run in runs where run.report.counts.skipped == run.report.results.count {
      lines.append("  \(run.label): \(run.note ?? "skipped")")
    }
    return (lines, failedRequired.isEmpty && checked)
  }

  static func run(_ arguments: inout Arguments) async throws -> Int32 {
    try arguments.finish()
    for problem in [ConformanceSeed.problem(), ConformanceExamples.problem()].compactMap({ $0 }) {
      throw InputError(problem)
    }
    var passing = true
    let root = ConformanceCommand.currentDirectory
    var runs: [ReferenceSuites.Run] = []
    if let configuration = try CheckConfiguration.load(from: root) {
      runs = try await adapterRuns(configuration, in: root)
    } else if isKitCheckout(root) {
      for name in ReferenceSuites.names { runs += await ReferenceSuites.run(name) }
    } else {
      throw InputError(
        "no \(CheckConfiguration.fileName) in \(root.path), so check has none of your adapters to run; write one naming each, such as \(CheckConfiguration.example.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()) (contract-kit check --help lists its keys)"
      )
    }
    let conformance = conformanceGate(runs.map { ($0.label, $0.note, $0.report) })
    for line in conformance.lines { Output.print(line) }
    passing = passing && conformance.passing

    let anchors = try AnchorsCommand.check(
      root: root, config: try AnchorsCommand.loadConfig(nil, root: root), paths: [])
    let anchorsPass = !anchors.fails(at: .error)
    // No citation at all is no pass: the gate checked nothing.
    let anchorsVerdict = anchors.results.isEmpty ? "none" : anchorsPass ? "ok" : "FAIL"
    Output.print("anchors: \(anchorsVerdict): \(anchors.summaryLine)")
    for finding in anchors.findings where finding.fails(at: .error) {
      Output.print("  \(finding.doc):\(finding.line): \(finding.status): \(finding.anchor)")
    }
    passing = passing && anchorsPass

    let golden = root.appendingPathComponent("Golden", isDirectory: true)
    if FileManager.default.fileExists(atPath: golden.path) {
      let report = try await GoldenCommand.report(golden, filter: nil, mode: .never, force: false)
      Output.print("golden: \(report.isPassing ? "ok" : "FAIL"): \(report.summaryLine)")
      for result in report.failures {
        Output.print("  \(result.name): \(result.lines.first ?? result.status.description)")
      }
      passing = passing && report.isPassing
    }
    return passing ? ExitCode.ok : ExitCode.failures
  }

  /// Each adapter `configuration` names, against its suite, out of process.
  private static func adapterRuns(_ configuration: CheckConfiguration, in root: URL) async throws
    -> [ReferenceSuites.Run]
  {
    let tool =
      KitEnvironment.value(PluginAccess.readOnlyVariable) == "1"
      ? "swift package contract-kit" : "contract-kit"
    let replay = ReplayCommand { seed, examples in
      let count = examples.map { " \(ConformanceExamples.environmentVariable)=\($0)" } ?? ""
      return "\(ConformanceSeed.environmentVariable)=\(seed)\(count) \(tool) check"
    }
    let regressions = configuration.regressions.map {
      root.appendingPathComponent($0, isDirectory: true)
    }
    if let folder = regressions ?? RegressionFolder.current(),
      let problem = RegressionFolder.problem(folder)
    {
      throw InputError(problem)
    }
    var runs: [ReferenceSuites.Run] = []
    for adapter in configuration.adapters {
      var command = adapter.command ?? ""
      if let product = adapter.product {
        command = try await AdapterProduct.command(product, in: root)
      }
      runs += await ReplayCommand.$current.withValue(replay) {
        await ConformanceSettings.$scoped.withValue(
          ConformanceSettings(powerLossModel: adapter.powerLossModel, regressions: regressions)
        ) {
          await ReferenceSuites.run(
            adapter.suite, adapterCommand: command,
            durability: adapter.volatile ? .volatile : .durable,
            pairs: adapter.pairs ?? ReferenceSuites.translatorPairs,
            timeout: adapter.checkTimeout.map { .seconds($0) }, label: adapter.label)
        }
      }
    }
    return runs
  }

  /// Whether `root` is the kit's own checkout, whose bundled adapters `check` runs when no
  /// configuration names others: its manifest declares the package ProfileContractKit (a
  /// user's names it only in its dependency line, `.package(name: "ProfileContractKit", …)`).
  static func isKitCheckout(_ root: URL) -> Bool {
    let manifest = root.appendingPathComponent("Package.swift")
    guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return false }
    return text.range(
      of: #"Package\(\s*name:\s*"ProfileContractKit""#, options: .regularExpression) != nil
  }
}
