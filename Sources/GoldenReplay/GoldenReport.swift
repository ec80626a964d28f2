/// The results of one golden run: what the gate decides on and what its reports render.
///
/// Here `myCore` runs your core over a scenario's adapters:
///
/// ```swift
/// let report = GoldenReport(try await runner.replayAll(myCore))
/// let text = report.renderText()  // failures first, then "N scenarios: N passed, 0 failed"
/// let code: Int32 = report.isPassing ? 0 : 1
/// ```
public struct GoldenReport: Hashable, Sendable {
  /// Every scenario's result, in the order they ran.
  public let results: [GoldenResult]

  /// Creates a report over `results`.
  public init(_ results: [GoldenResult]) { self.results = results }

  /// Whether every scenario passed. A fresh recording is not a pass.
  public var isPassing: Bool { results.allSatisfy(\.passed) }

  /// The results that did not pass, recordings included.
  public var failures: [GoldenResult] { results.filter { !$0.passed } }

  /// `30 scenarios: 29 passed, 1 failed`, and how many were recorded, if any.
  public var summaryLine: String {
    let recorded = results.filter { $0.status == .recorded }.count
    let failed = failures.count - recorded
    var line =
      "\(results.count) scenarios: \(results.count - failed - recorded) passed, \(failed) failed"
    if recorded > 0 {
      line += "; recorded \(recorded) scenarios; review with git diff and run again"
    }
    return line
  }
}
