import Foundation
import GoldenReplay
import ProfileContracts
import ProfileCore
import ReferenceSuites

/// `contract-kit golden replay|record|list`: the reference core against the golden scenarios.
enum GoldenCommand {
  static let usage = """
    usage: contract-kit golden replay [--dir Golden] [--filter NAME] [--format text|json]
           contract-kit golden record [--dir Golden] [--filter NAME] [--mode missing|failed|all] [--force]
           contract-kit golden list   [--dir Golden]
    """

  static let help = """
    contract-kit golden: replay the recorded boundary calls of the reference core, without a model.

    \(usage)

    replay   Run every scenario (or those whose name contains NAME) and stop each at its first
             divergence. Exit 1 when any fails.
    record   Record scenarios from their declared model source: missing (default), failed or all.
             Refused when CI is set, unless --force. Recording always exits 1: review with git diff.
    list     Name, about, number of calls and outcome kind of each scenario.
    """

  static func run(_ arguments: inout Arguments) async throws -> Int32 {
    if arguments.wantsHelp() {
      Output.print(help)
      return ExitCode.ok
    }
    let subcommand = arguments.nextPositional()
    let directory = URL(
      fileURLWithPath: try arguments.option("--dir") ?? "Golden", isDirectory: true)
    switch subcommand {
    case "replay":
      let filter = try arguments.option("--filter")
      let format = try arguments.option("--format", allowed: ["text", "json"]) ?? "text"
      try arguments.finish()
      return try await replay(directory, filter: filter, mode: .never, force: false, format: format)
    case "record":
      let filter = try arguments.option("--filter")
      let mode = try arguments.option("--mode", allowed: ["missing", "failed", "all"]).flatMap(
        RecordMode.init(rawValue:))
      let force = arguments.flag("--force")
      try arguments.finish()
      return try await replay(
        directory, filter: filter, mode: mode ?? .missing, force: force, format: "text")
    case "list":
      try arguments.finish()
      return try list(directory)
    case nil: throw UsageError("golden needs a subcommand: replay, record or list")
    case let other?: throw UsageError("unknown subcommand '\(other)'; use replay, record or list")
    }
  }

  /// Every scenario's result, or the gate's summary.
  static func results(_ directory: URL, filter: String?, mode: RecordMode, force: Bool) async throws
    -> [GoldenResult]
  {
    do {
      let runner = try GoldenRunner(directory: directory, mode: mode, force: force)
      return try await runner.replayAll(filter: filter, ProfileCore.golden)
    } catch let error as GoldenError {
      throw InputError(error.message)
    }
  }

  private static func replay(
    _ directory: URL, filter: String?, mode: RecordMode, force: Bool, format: String
  ) async throws
    -> Int32
  {
    let results = try await results(directory, filter: filter, mode: mode, force: force)
    if format == "json" {
      let value = JSONValue.array(
        results.map { result in
          var members: [String: JSONValue] = [
            "name": .string(result.name), "status": .string(result.status),
          ]
          if let divergence = result.divergence {
            members["divergence"] = .object([
              "call": .integer(Int64(divergence.index)),
              "expected": .string(divergence.expected?.description ?? ""),
              "actual": .string(divergence.actual?.description ?? ""),
            ])
          } else if !result.passed {
            members["lines"] = .array(result.lines.map { .string($0) })
          }
          return .object(members)
        })
      Output.print(
        String(decoding: CanonicalJSON.render(value, pretty: true), as: UTF8.self)
          .trimmingCharacters(in: .newlines))
    } else {
      for result in results where !result.passed {
        Output.print("\(result.name): " + result.lines.joined(separator: "\n  "))
      }
      Output.print(summary(results))
    }
    return results.allSatisfy(\.passed) ? ExitCode.ok : ExitCode.failures
  }

  static func summary(_ results: [GoldenResult]) -> String {
    let recorded = results.filter { $0.status == "recorded" }.count
    let failed = results.filter { !$0.passed }.count - recorded
    var line =
      "\(results.count) scenarios: \(results.count - failed - recorded) passed, \(failed) failed"
    if recorded > 0 {
      line += "; recorded \(recorded) scenarios; review with git diff and run again"
    }
    return line
  }

  private static func list(_ directory: URL) throws -> Int32 {
    let runner: GoldenRunner
    do {
      runner = try GoldenRunner(directory: directory, mode: .never)
      for name in try runner.scenarioNames() {
        let scenario = try GoldenScenario.load(directory.appendingPathComponent(name + ".json"))
        let kind = scenario.expected?["kind"].map { JSONDiff.render($0) } ?? "(not recorded)"
        Output.print("\(name)\t\(scenario.recording?.count ?? 0) calls\t\(kind)\t\(scenario.about)")
      }
    } catch let error as GoldenError {
      throw InputError(error.message)
    }
    return ExitCode.ok
  }
}
