import Foundation
import GoldenReplay
import KitSupport
import OpenAICompatible
import ProfileAdapters
import ProfileContracts
import ProfileCore
import ReferenceSuites

/// `contract-kit golden replay|record|list`: the reference core against the golden scenarios.
enum GoldenCommand: Subcommand {
  static let name = "golden"

  static let overview = [
    (
      synopsis: "golden replay|record|review",
      summary: "Replay the reference core's recorded boundary calls, without a model."
    )
  ]

  static let usage = """
    usage: contract-kit golden replay [--dir Golden] [--filter NAME] [--format text|json|sarif|github]
           contract-kit golden record [--dir Golden] [--filter NAME] [--mode missing|failed|all] [--force]
           contract-kit golden record --model openai \(ServerOptions.usage) --filter NAME [--mode …]
           contract-kit golden review [--dir Golden] [--attachments DIR]
                                      [--accept NAME | --accept-all | --reject NAME | --reject-all]
                                      [--references FILE [--unreferenced warn|fail|delete]]
           contract-kit golden list   [--dir Golden]
    """

  static let help = """
    contract-kit golden: replay the recorded boundary calls of the reference core, without a model.

    \(usage)

    replay   Run every scenario (or those whose name contains NAME) and stop each at its first
             divergence. Exit 1 when any fails. --format json writes one object per scenario;
             sarif, SARIF 2.1.0 for code scanning; github, GitHub Actions annotations on the
             scenario files.
    record   Record scenarios from their declared model source: missing (default), failed or all.
             Refused when CI is set, unless --force. Recording always exits 1: review with git diff.
             With --model openai, the scenarios NAME selects are recorded from a live model on an
             OpenAI-compatible server (tools/llm-server start runs one) and written with the
             model source "live" and the model's name; replaying them needs no server. A live
             scenario cannot be recorded without --model openai. This command runs the kit's
             reference core: a scenario recorded by another core, or naming none, is left alone
             unless --force (record your own core's scenarios from its tests).
    review   The scenarios whose last run failed (in the tests or here), each with its first
             divergence and a field-path diff of its outcome. --accept NAME / --accept-all
             replaces the golden with the run, --reject NAME / --reject-all drops the run. On a
             terminal without either, asks for each: [a]ccept, [r]eject, [s]kip, [q]uit.
             With --attachments DIR, the runs are read from the folder swift test wrote its
             attachments into (a CI run's, say) instead of this machine's artifacts folder.
             With --references FILE (what GOLDEN_REFERENCES=FILE swift test wrote), also names
             the scenarios no test replayed: warn (the default) lists them, fail exits 1,
             delete removes them.

    \(ServerOptions.help)
    list     Name, about, number of calls and outcome kind of each scenario.
    """

  static func run(_ arguments: inout Arguments) async throws -> Int32 {
    let subcommand = arguments.nextPositional()
    let folder = try arguments.option("--dir") ?? "Golden"
    let directory = URL(fileURLWithPath: folder, isDirectory: true)
    switch subcommand {
    case "replay":
      let filter = try arguments.option("--filter")
      let format =
        try arguments.option("--format", allowed: ["text", "json", "sarif", "github"]) ?? "text"
      try arguments.finish()
      let report = try await report(directory, filter: filter, mode: .never, force: false)
      switch format {
      case "json": Output.print(report.renderJSON())
      case "sarif": Output.print(report.renderSARIF(folder: folder))
      case "github": Output.print(report.renderGitHub(folder: folder))
      default: Output.print(report.renderText())
      }
      return report.isPassing ? ExitCode.ok : ExitCode.failures
    case "record":
      let filter = try arguments.option("--filter")
      let mode = try arguments.option("--mode", allowed: ["missing", "failed", "all"]).flatMap(
        RecordMode.init(rawValue:))
      let force = arguments.flag("--force")
      let model = try arguments.option("--model", allowed: ["openai"])
      let server = try ServerOptions.parse(
        &arguments, needed: model.map { "--model \($0)" }, askers: "--model openai")
      try arguments.finish()
      try PluginAccess.requireWrite("golden record")
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
          name: server.model != "default" ? server.model : served.first ?? "default",
          replacing: [server.baseURL.absoluteString: "{baseURL}"])
      }
      return try await replay(
        directory, filter: filter, mode: mode ?? .missing, force: force,
        live: live)
    case "review":
      let accept = try arguments.option("--accept")
      let reject = try arguments.option("--reject")
      let acceptAll = arguments.flag("--accept-all")
      let rejectAll = arguments.flag("--reject-all")
      let references = try arguments.option("--references")
      let unreferenced = try arguments.option(
        "--unreferenced", allowed: ["warn", "fail", "delete"])
      let attachments = try arguments.option("--attachments")
      try arguments.finish()
      var isFolder: ObjCBool = false
      if let attachments,
        !FileManager.default.fileExists(atPath: attachments, isDirectory: &isFolder)
          || !isFolder.boolValue
      {
        throw InputError(
          "--attachments \(attachments) is not a folder; pass the folder swift test --attachments-path wrote"
        )
      }
      if accept != nil || acceptAll { try PluginAccess.requireWrite("golden review --accept") }
      if unreferenced == "delete" {
        try PluginAccess.requireWrite("golden review --unreferenced delete")
      }
      let actions = [accept != nil, reject != nil, acceptAll, rejectAll].filter { $0 }.count
      guard actions <= 1 else {
        throw UsageError(
          "golden review takes one of --accept, --accept-all, --reject, --reject-all")
      }
      if unreferenced != nil, references == nil {
        throw UsageError(
          "--unreferenced needs --references FILE: the file GOLDEN_REFERENCES=FILE swift test writes"
        )
      }
      let review = GoldenReview(
        runner: try GoldenRunner(
          directory: directory, model: ExtractiveModelExecutor(), mode: .never),
        artifacts: attachments.map { URL(fileURLWithPath: $0, isDirectory: true) })
      var status = try reviewPending(
        review, accept: accept, reject: reject, acceptAll: acceptAll, rejectAll: rejectAll)
      if let references {
        status = max(
          status,
          try reportUnreferenced(
            review, references: URL(fileURLWithPath: references), action: unreferenced ?? "warn"))
      }
      return status
    case "list":
      try arguments.finish()
      return try list(directory)
    case nil: throw UsageError("golden needs a subcommand: replay, record, review or list")
    case let other?:
      throw UsageError("unknown subcommand '\(other)'; use replay, record, review or list")
    }
  }

  /// Every scenario's result, replayed (or recorded) against the reference core.
  static func report(
    _ directory: URL, filter: String?, mode: RecordMode, force: Bool,
    live: GoldenRunner.LiveModel? = nil
  ) async throws -> GoldenReport {
    let runner = try ProfileCore.goldenRunner(
      directory: directory, mode: mode, force: force, live: live, driver: .kitCommandLine)
    return GoldenReport(try await runner.replayAll(filter: filter, ProfileCore.golden))
  }

  private static func replay(
    _ directory: URL, filter: String?, mode: RecordMode, force: Bool,
    live: GoldenRunner.LiveModel? = nil
  ) async throws -> Int32 {
    let report = try await report(
      directory, filter: filter, mode: mode, force: force, live: live)
    Output.print(report.renderText())
    return report.isPassing ? ExitCode.ok : ExitCode.failures
  }

  /// Lists, accepts or rejects the pending runs; asks for each on a terminal.
  private static func reviewPending(
    _ review: GoldenReview, accept: String?, reject: String?, acceptAll: Bool, rejectAll: Bool
  ) throws -> Int32 {
    if let accept {
      try review.accept(accept)
      Output.print("accepted \(accept): review the change with git diff")
      return ExitCode.ok
    }
    if let reject {
      try review.reject(reject)
      Output.print("rejected \(reject)")
      return ExitCode.ok
    }
    if rejectAll {
      Output.print("rejected \(try review.rejectAll().count) pending")
      return ExitCode.ok
    }
    if acceptAll {
      let (accepted, refused) = try review.acceptAll()
      Output.print("accepted \(accepted.count) of \(accepted.count + refused.count) pending")
      for name in refused {
        Output.print("not accepted \(name): its run is not a recording; reject it, or re-record it")
      }
      return refused.isEmpty ? ExitCode.ok : ExitCode.failures
    }
    let pending = try review.pending()
    guard !pending.isEmpty else {
      Output.print("nothing to review in \(review.artifacts.path)")
      return ExitCode.ok
    }
    let interactive = isatty(0) == 1 && isatty(1) == 1
    for item in pending {
      Output.print(item.lines.joined(separator: "\n"))
      guard interactive else { continue }
      ask: while true {
        Output.write(
          item.acceptable ? "[a]ccept, [r]eject, [s]kip, [q]uit? " : "[r]eject, [s]kip, [q]uit? ")
        switch readLine()?.lowercased() {
        case "a" where item.acceptable:
          try review.accept(item.name)
          Output.print("accepted")
          break ask
        case "r":
          try review.reject(item.name)
          Output.print("rejected")
          break ask
        case "s": break ask
        case "q", nil: return ExitCode.ok
        default: continue
        }
      }
    }
    if !interactive {
      Output.print(
        "\(pending.count) pending; accept or reject with --accept NAME, --accept-all, --reject NAME or --reject-all"
      )
    }
    return ExitCode.ok
  }

  /// Names (and fails on, or deletes) the scenarios no replay noted in `references`.
  private static func reportUnreferenced(
    _ review: GoldenReview, references: URL, action: String
  ) throws -> Int32 {
    let names = try review.unreferenced(references: references)
    guard !names.isEmpty else {
      Output.print("every scenario in \(review.runner.directory.path) was replayed")
      return ExitCode.ok
    }
    guard action != "delete" else {
      let deleted = try review.deleteUnreferenced(references: references)
      Output.print(
        "deleted \(deleted.count) unreferenced scenarios: \(deleted.joined(separator: ", "))")
      return ExitCode.ok
    }
    Output.print(
      "\(names.count) scenarios no test replayed: \(names.joined(separator: ", ")); delete them with --unreferenced delete, or replay them"
    )
    return action == "fail" ? ExitCode.failures : ExitCode.ok
  }

  private static func list(_ directory: URL) throws -> Int32 {
    let runner = try GoldenRunner(
      directory: directory, model: ExtractiveModelExecutor(), mode: .never)
    for name in try runner.scenarios() {
      let scenario = try GoldenScenario.load(
        directory.appendingPathComponent(name + ".json"), policyKeys: Set(ProfilePolicy.names))
      let kind = scenario.expected?["kind"].map { JSONDiff.render($0) } ?? "(not recorded)"
      Output.print("\(name)\t\(scenario.recording?.count ?? 0) calls\t\(kind)\t\(scenario.about)")
    }
    return ExitCode.ok
  }
}
