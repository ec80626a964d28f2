/// How a report tells a person to run a failing input again, in the terms of whatever ran the
/// suite, never a command that would check some other adapter. The command line sets the
/// command the person typed, with `--seed`; without one in scope, the line names the
/// environment variables and leaves the command to the person, and `recordIssues()` turns that
/// line into the test's own command.
package struct ReplayCommand: Sendable {
  /// The command of the run in this task, if whatever ran the suite knows it.
  @TaskLocal package static var current: ReplayCommand?

  /// The command that runs the same inputs again: `seed`, and `examples` when it is not the
  /// default.
  package let command: @Sendable (_ seed: UInt64, _ examples: Int?) -> String

  package init(_ command: @escaping @Sendable (_ seed: UInt64, _ examples: Int?) -> String) {
    self.command = command
  }

  /// What the line says when no command is known; `recordIssues()` finds it by this ending.
  package static let sameRun = "with the same test or command"

  /// The replay line of a run with `seed` and `examples`.
  static func line(seed: UInt64, examples: Int?) -> String {
    if let current { return "replay: " + current.command(seed, examples) }
    return "replay: \(environment(seed: seed, examples: examples)) \(sameRun)"
  }

  /// `CONTRACT_KIT_SEED=7`, with `CONTRACT_KIT_EXAMPLES=500` when `examples` is given.
  package static func environment(seed: UInt64, examples: Int?) -> String {
    let count = examples.map { " \(ConformanceExamples.environmentVariable)=\($0)" } ?? ""
    return "\(ConformanceSeed.environmentVariable)=\(seed)\(count)"
  }

  /// The environment variables of a replay line that names no command (`CONTRACT_KIT_SEED=7`),
  /// or `nil` for any other line.
  package static func environment(inNeutralLine line: Substring) -> String? {
    let start = "replay: "
    let end = " " + sameRun
    guard line.hasPrefix(start), line.hasSuffix(end) else { return nil }
    return String(line.dropFirst(start.count).dropLast(end.count))
  }
}
