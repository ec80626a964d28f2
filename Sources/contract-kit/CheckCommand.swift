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
      conformance   the four adapter suites against the bundled adapters; the PDF
                    provider's when poppler is installed (else it says it skipped it)
                    (details: contract-kit conformance run)
      anchors       the path:line citations in the docs under the current directory
                    (details: contract-kit anchors)
      golden        the reference core's golden scenarios in ./Golden, when present
                    (details: contract-kit golden replay)

    Exits 0 when every gate passes, 1 when one fails.
    """

  static func run(_ arguments: inout Arguments) async throws -> Int32 {
    try arguments.finish()
    var passing = true
    var runs: [ReferenceSuites.Run] = []
    for name in ReferenceSuites.names { runs += await ReferenceSuites.run(name) }
    let results = runs.flatMap(\.report.results)
    let failedRequired = runs.filter { !$0.report.isPassing }
    let counts = (
      passed: results.filter { $0.status == .passed }.count,
      failed: results.filter { $0.status == .failed }.count,
      skipped: results.filter { $0.status == .skipped }.count
    )
    let verdict = failedRequired.isEmpty ? "ok" : "FAIL"
    Output.print(
      "conformance: \(verdict): \(runs.count) adapters, \(counts.passed) checks passed, \(counts.failed) failed, \(counts.skipped) skipped"
    )
    for run in failedRequired {
      for failure in run.report.failures where failure.level == .required {
        Output.print("  \(run.label): \(failure.id): \(failure.message)")
      }
    }
    // An adapter whose backend is missing (the PDF provider without poppler) is named, not
    // silently counted among the skips.
    for run in runs where run.report.counts.skipped == run.report.results.count {
      Output.print("  \(run.label): \(run.note ?? "skipped")")
    }
    passing = passing && failedRequired.isEmpty

    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    let anchors = try AnchorsCommand.check(
      root: root, config: try AnchorsCommand.loadConfig(nil, root: root), paths: [])
    let anchorsPass = !anchors.fails(at: .error)
    Output.print("anchors: \(anchorsPass ? "ok" : "FAIL"): \(anchors.summaryLine)")
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
}
