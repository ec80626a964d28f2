import Foundation
import ProfileContracts

/// When golden scenarios are (re)recorded: `never` (the default), `missing` (scenarios without a
/// recording), `failed` (and those whose replay fails) or `all`.
public struct RecordMode: RawRepresentable, Hashable, Sendable {
  /// The mode's name.
  public let rawValue: String
  /// Creates a mode from its name; `nil` for an unknown one.
  public init?(rawValue: String) {
    guard Self.names.contains(rawValue) else { return nil }
    self.rawValue = rawValue
  }
  private init(_ name: String) { rawValue = name }

  /// Replay only.
  public static let never = RecordMode("never")
  /// Record scenarios that have no recording.
  public static let missing = RecordMode("missing")
  /// Record scenarios that have none, or whose replay fails.
  public static let failed = RecordMode("failed")
  /// Record every scenario.
  public static let all = RecordMode("all")
  /// The names the mode accepts.
  public static let names = ["never", "missing", "failed", "all"]
}

/// How one scenario ended.
public struct GoldenResult: Hashable, Sendable {
  /// How a scenario ended. New statuses may be added; don't switch over them exhaustively.
  public struct Status: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// The replay matched the recording call for call, and the outcome matched.
    public static let passed = Status("passed")
    /// The replay diverged, the outcome differed, or there is no recording to replay.
    public static let failed = Status("failed")
    /// The scenario was (re)recorded: never a pass, so a recording is always reviewed.
    public static let recorded = Status("recorded")
    /// The scenario could not be run: its file is unreadable or malformed.
    public static let error = Status("error")

    /// The status's name, as reports print it: `passed`, `failed`, `recorded` or `error`.
    public var description: String { name }
  }

  /// The scenario's name (its file name without `.json`).
  public let name: String
  /// How it ended.
  public let status: Status
  /// The first divergence, the outcome diff, or what was recorded; empty when passed.
  public let lines: [String]
  /// The first divergence, when the calls left the recording.
  public let divergence: GoldenDivergence?

  /// Whether the scenario passed. A fresh recording never passes silently.
  public var passed: Bool { status == .passed }

  /// Creates a result.
  public init(name: String, status: Status, lines: [String], divergence: GoldenDivergence?) {
    self.name = name
    self.status = status
    self.lines = lines
    self.divergence = divergence
  }
}

/// Replays (and, when asked, records) the scenarios in a folder against any core.
///
/// ```swift
/// let runner = try GoldenRunner(directory: goldenURL)     // record mode from GOLDEN_RECORD, default .never
/// let results = try await runner.replayAll { adapters, command in
///   await ProfileCore(adapters: adapters).run(command)    // or your own core
/// }
/// ```
public struct GoldenRunner: Sendable {
  /// The folder holding `<name>.json` scenarios.
  public let directory: URL
  /// When to record.
  public let mode: RecordMode
  /// Where failing runs write `<name>.actual.json`: `$GOLDEN_ARTIFACTS`, else a folder in the
  /// temporary directory, so a failing run never leaves files beside the goldens.
  public let artifacts: URL
  /// The policy names the core under test reads, or `nil` to accept any. A scenario overriding
  /// another name is an error naming the file and `$.policy.<name>`.
  public let policyKeys: Set<String>?
  /// The real model that records scenarios, when recording from one; `nil` otherwise.
  public let live: LiveModel?

  /// A real model to record from: every scenario this runner records takes its answers from
  /// it, and is written with the model source `live` and the model's name. Replaying never
  /// calls it.
  public struct LiveModel: Sendable {
    /// The executor that reaches the model.
    public let executor: any ProfileModelExecuting
    /// The model's name, as its server lists it; written into the scenario.
    public let name: String

    /// Creates a live model.
    public init(executor: any ProfileModelExecuting, name: String) {
      self.executor = executor
      self.name = name
    }
  }

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - directory: the scenarios' folder.
  ///   - mode: when to record (default: `GOLDEN_RECORD`, else `.never`).
  ///   - force: record even when `CI` is set.
  ///   - policyKeys: the policy names the core reads (the reference core's are
  ///     `ProfilePolicy.names`); `nil` accepts any.
  ///   - live: a real model to record from (see ``LiveModel``); `nil` records scenarios from
  ///     their declared source, and refuses those whose source is `live`.
  ///   - environment: the environment to read `GOLDEN_RECORD`, `GOLDEN_ARTIFACTS` and `CI` from.
  /// - Throws: ``GoldenError`` for an unknown mode, or any recording mode under CI without `force`.
  public init(
    directory: URL, mode: RecordMode? = nil, force: Bool = false, policyKeys: Set<String>? = nil,
    live: LiveModel? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    self.directory = directory
    self.live = live
    if let mode {
      self.mode = mode
    } else if let name = environment["GOLDEN_RECORD"], !name.isEmpty {
      guard let parsed = RecordMode(rawValue: name) else {
        throw GoldenError(
          "GOLDEN_RECORD=\(name) is not a record mode; use one of \(RecordMode.names.joined(separator: ", "))"
        )
      }
      self.mode = parsed
    } else {
      self.mode = .never
    }
    if self.mode != .never, !force, Self.isCI(environment) {
      throw GoldenError(
        "refusing to record golden scenarios under CI (CI=\(environment["CI"] ?? "")); CI replays only. Record locally, or pass --force"
      )
    }
    self.policyKeys = policyKeys
    if let folder = environment["GOLDEN_ARTIFACTS"], !folder.isEmpty {
      artifacts = URL(fileURLWithPath: folder, isDirectory: true)
    } else {
      artifacts = FileManager.default.temporaryDirectory.appendingPathComponent(
        "golden-artifacts", isDirectory: true)
    }
  }

  /// Whether the environment is a CI run: `CI` set to anything but empty, `0` or `false`.
  public static func isCI(_ environment: [String: String]) -> Bool {
    guard let value = environment["CI"]?.lowercased() else { return false }
    return !["", "0", "false", "no"].contains(value)
  }

  /// The scenarios' names, sorted.
  public func scenarioNames() throws -> [String] {
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
      throw GoldenError(
        "golden folder \(directory.path) cannot be read; pass the folder that holds the scenarios")
    }
    return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".actual.json") }.map {
      String($0.dropLast(5))
    }.sorted()
  }

  /// Replays every scenario (recording those the mode asks for).
  public func replayAll<Outcome: Codable & Equatable & Sendable>(
    filter: String? = nil,
    _ body: @escaping @Sendable (GoldenAdapters, ProfileCommand) async -> Outcome
  ) async throws -> [GoldenResult] {
    var results: [GoldenResult] = []
    for name in try scenarioNames() where filter.map({ name.contains($0) }) ?? true {
      results.append(await replay(name, body))
    }
    return results
  }

  /// Replays one scenario by name.
  public func replay<Outcome: Codable & Equatable & Sendable>(
    _ name: String, _ body: @escaping @Sendable (GoldenAdapters, ProfileCommand) async -> Outcome
  ) async -> GoldenResult {
    let url = directory.appendingPathComponent(name + ".json")
    let scenario: GoldenScenario
    do {
      scenario = try GoldenScenario.load(url, policyKeys: policyKeys)
    } catch {
      return GoldenResult(name: name, status: .error, lines: ["\(error)"], divergence: nil)
    }
    guard let recording = scenario.recording, let expected = scenario.expected else {
      if mode == .never {
        return GoldenResult(
          name: name, status: .failed,
          lines: ["no recording; run contract-kit golden record --filter \(name)"], divergence: nil)
      }
      return await record(scenario, name: name, url: url, body)
    }
    if mode == .all { return await record(scenario, name: name, url: url, body) }

    let log = CallLog(replaying: recording)
    let outcome = await body(GoldenAdapters(scenario: scenario, log: log), scenario.command)
    log.finish()
    let actual = (try? CanonicalJSON.jsonValue(of: outcome)) ?? .null
    var lines: [String] = []
    if let divergence = log.divergence { lines = divergence.lines }
    if lines.isEmpty, actual != expected {
      lines =
        ["the outcome differs"]
        + JSONDiff.differences(expected: expected, actual: actual).map { "  " + $0 }
    }
    guard !lines.isEmpty else {
      return GoldenResult(name: name, status: .passed, lines: [], divergence: nil)
    }
    if mode == .failed { return await record(scenario, name: name, url: url, body) }
    var failed = scenario
    failed.recording = log.calls
    failed.expected = actual
    if let written = writeArtifact(failed, name: name) {
      lines.append("the run as made: \(written.path); diff it against \(url.lastPathComponent)")
    }
    return GoldenResult(name: name, status: .failed, lines: lines, divergence: log.divergence)
  }

  private func record<Outcome: Codable & Equatable & Sendable>(
    _ scenario: GoldenScenario, name: String, url: URL,
    _ body: @escaping @Sendable (GoldenAdapters, ProfileCommand) async -> Outcome
  ) async -> GoldenResult {
    var scenario = scenario
    if let live {
      scenario.model = GoldenScenario.ModelSource(source: "live", name: live.name)
    } else if scenario.model.source == "live" {
      return GoldenResult(
        name: name, status: .error,
        lines: [
          "records from a live model; run contract-kit golden record --model openai --base-url URL --filter \(name)"
        ], divergence: nil)
    }
    let log = CallLog(replaying: nil)
    let outcome = await body(
      GoldenAdapters(scenario: scenario, log: log, live: live?.executor), scenario.command)
    var recorded = scenario
    recorded.recording = log.calls
    recorded.expected = (try? CanonicalJSON.jsonValue(of: outcome)) ?? .null
    do {
      try recorded.fileData().write(to: url)
    } catch {
      return GoldenResult(
        name: name, status: .error,
        lines: ["cannot write \(url.path): \(error.localizedDescription)"], divergence: nil)
    }
    return GoldenResult(
      name: name, status: .recorded,
      lines: ["recorded \(log.calls.count) calls; review with git diff and run again"],
      divergence: nil)
  }

  /// Writes the failing run as a scenario file into ``artifacts``; its URL, or `nil` when the
  /// folder cannot be written (the failure is reported either way).
  private func writeArtifact(_ scenario: GoldenScenario, name: String) -> URL? {
    let url = artifacts.appendingPathComponent(name + ".actual.json")
    do {
      try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
      try scenario.fileData().write(to: url)
      return url
    } catch {
      return nil
    }
  }
}
