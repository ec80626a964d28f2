import Foundation
import GoldenReplay
import OpenAICompatible
import ProfileContracts
import ProfileCore
import ReferenceSuites

/// `contract-kit golden replay|record|list`: the reference core against the golden scenarios.
enum GoldenCommand: Subcommand {
  static let name = "golden"

  static let overview = [
    (
      synopsis: "golden replay|record|list",
      summary: "Replay the reference core's recorded boundary calls, without a model."
    )
  ]

  static let usage = """
    usage: contract-kit golden replay [--dir Golden] [--filter NAME] [--format text|json]
           contract-kit golden record [--dir Golden] [--filter NAME] [--mode missing|failed|all] [--force]
           contract-kit golden record --model openai \(ServerOptions.usage) --filter NAME [--mode …]
           contract-kit golden list   [--dir Golden]
    """

  static let help = """
    contract-kit golden: replay the recorded boundary calls of the reference core, without a model.

    \(usage)

    replay   Run every scenario (or those whose name contains NAME) and stop each at its first
             divergence. Exit 1 when any fails.
    record   Record scenarios from their declared model source: missing (default), failed or all.
             Refused when CI is set, unless --force. Recording always exits 1: review with git diff.
             With --model openai, the scenarios NAME selects are recorded from a live model on an
             OpenAI-compatible server (tools/llm-server start runs one) and written with the
             model source "live" and the model's name; replaying them needs no server. A live
             scenario cannot be recorded without --model openai.

    \(ServerOptions.help)
    list     Name, about, number of calls and outcome kind of each scenario.
    """

  static func run(_ arguments: inout Arguments) async throws -> Int32 {
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
      let model = try arguments.option("--model", allowed: ["openai"])
      let server = try ServerOptions.parse(
        &arguments, needed: model.map { "--model \($0)" }, askers: "--model openai")
      try arguments.finish()
      var live: GoldenRunner.LiveModel?
      if let server {
        guard let filter, !filter.isEmpty else {
          throw UsageError(
            "golden record --model openai needs --filter NAME: a live model replaces the answers of every scenario it records"
          )
        }
        let served = try await OpenAICompatibleServerCheck(server).run()
        live = GoldenRunner.LiveModel(
          executor: OpenAICompatibleModelExecutor(server),
          name: server.model != "default" ? server.model : served.first ?? "default")
      }
      return try await replay(
        directory, filter: filter, mode: mode ?? .missing, force: force, format: "text",
        live: live)
    case "list":
      try arguments.finish()
      return try list(directory)
    case nil: throw UsageError("golden needs a subcommand: replay, record or list")
    case let other?: throw UsageError("unknown subcommand '\(other)'; use replay, record or list")
    }
  }

  /// Every scenario's result, replayed (or recorded) against the reference core.
  static func report(
    _ directory: URL, filter: String?, mode: RecordMode, force: Bool,
    live: GoldenRunner.LiveModel? = nil
  ) async throws -> GoldenReport {
    let runner = try GoldenRunner(
      directory: directory, mode: mode, force: force, policyKeys: Set(ProfilePolicy.names),
      live: live)
    return GoldenReport(try await runner.replayAll(filter: filter, ProfileCore.golden))
  }

  private static func replay(
    _ directory: URL, filter: String?, mode: RecordMode, force: Bool, format: String,
    live: GoldenRunner.LiveModel? = nil
  ) async throws -> Int32 {
    let report = try await report(
      directory, filter: filter, mode: mode, force: force, live: live)
    Output.print(format == "json" ? report.renderJSON() : report.renderText())
    return report.isPassing ? ExitCode.ok : ExitCode.failures
  }

  private static func list(_ directory: URL) throws -> Int32 {
    let runner = try GoldenRunner(directory: directory, mode: .never)
    for name in try runner.scenarioNames() {
      let scenario = try GoldenScenario.load(
        directory.appendingPathComponent(name + ".json"), policyKeys: Set(ProfilePolicy.names))
      let kind = scenario.expected?["kind"].map { JSONDiff.render($0) } ?? "(not recorded)"
      Output.print("\(name)\t\(scenario.recording?.count ?? 0) calls\t\(kind)\t\(scenario.about)")
    }
    return ExitCode.ok
  }
}
