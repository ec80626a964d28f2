import Foundation
import KitSupport
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

  /// The mode a `.goldenRecord(_:)` trait sets for the test running in this task; a runner
  /// created without a `mode:` reads it before `GOLDEN_RECORD`.
  @TaskLocal package static var scoped: RecordMode?
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
  /// A failed replay's run as made, as a scenario file: what the runner writes to
  /// `<name>.actual.json` in its artifacts folder, and what `recordIssue()` attaches; `nil`
  /// for any other status.
  public let actual: Data?

  /// Whether the scenario passed. A fresh recording never passes silently.
  public var passed: Bool { status == .passed }

  /// Creates a result.
  public init(
    name: String, status: Status, lines: [String], divergence: GoldenDivergence?,
    actual: Data? = nil
  ) {
    self.name = name
    self.status = status
    self.lines = lines
    self.divergence = divergence
    self.actual = actual
  }
}

/// Replays (and, when asked, records) the scenarios in a folder against any core.
///
/// In a test target, the mode comes from `GOLDEN_RECORD`. The offline model answers scenarios
/// recorded from the kit's `extractive` model (`ExtractiveModelExecutor`, from ProfileAdapters):
///
/// ```swift
/// let runner = try GoldenRunner(
///   directory: goldenFolder, core: "TinyCore", model: ExtractiveModelExecutor())
/// for result in try await runner.replayAll({ adapters, command in
///   await TinyCore(model: adapters.model, documents: adapters.documents).run(command)
/// }) {
///   result.recordIssue()
/// }
/// ```
public struct GoldenRunner: Sendable {
  /// The folder holding `<name>.json` scenarios.
  public let directory: URL
  /// The name of the core under test, written into every scenario it records. A scenario
  /// recorded by another core is not recorded over without `force`.
  public let core: String?
  /// When to record.
  public let mode: RecordMode
  /// Whether recording may replace another core's scenario, and may record under CI.
  public let force: Bool
  /// Who drives the runner, which decides what its messages tell a user to run.
  package let driver: Driver
  /// Where failing runs write `<name>.actual.json`: `$GOLDEN_ARTIFACTS`, else a folder in the
  /// temporary directory named for this corpus (its folder's name and a hash of its path), so a
  /// failing run never leaves files beside the goldens and two projects never share artifacts.
  public let artifacts: URL
  /// The policy names the core under test reads, or `nil` to accept any. A scenario overriding
  /// another name is an error naming the file and `$.policy.<name>`.
  public let policyKeys: Set<String>?
  /// The offline model that answers scenarios whose model source is `extractive`, when they
  /// record and when a replay runs on past a divergence to write its artifact. The kit's is
  /// `ExtractiveModelExecutor`, from ProfileAdapters.
  public let model: any ProfileModelExecuting
  /// The real model that records scenarios, when recording from one; `nil` otherwise.
  public let live: LiveModel?
  /// Where each replayed scenario's name is appended, one line each (`$GOLDEN_REFERENCES`), for
  /// the unreferenced-scenario report; `nil` for nowhere.
  public let references: URL?

  /// Who drives a runner: a user's tests (the default), or the kit's own command line, which
  /// runs the kit's reference core. New drivers may be added; don't switch over them
  /// exhaustively.
  package struct Driver: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// A test target: recording is done by this test, in a record mode.
    package static let tests = Driver("tests")
    /// `contract-kit golden`: the kit's reference core. It refuses a scenario that names no
    /// core or another core, unless forced, so a user's corpus is never recorded over by it.
    package static let kitCommandLine = Driver("kitCommandLine")

    /// The driver's name: `tests` or `kitCommandLine`.
    package var description: String { name }
  }

  /// A real model to record from: every scenario this runner records takes its answers from
  /// it, and is written with the model source `live` and the model's name. Replaying never
  /// calls it.
  public struct LiveModel: Sendable {
    /// The executor that reaches the model.
    public let executor: any ProfileModelExecuting
    /// The model's name, as its server lists it; written into the scenario.
    public let name: String
    /// Text a recording must not hold, and what is written for it: a server's URL with the
    /// port it happened to get, which an error message names, would make the scenario differ
    /// from one recording to the next.
    public let replacing: [String: String]

    /// Creates a live model.
    ///
    /// - Parameters:
    ///   - executor: the real model that answers while the scenario records.
    ///   - name: the model's name, written into the scenario as its model source's `name`.
    ///   - replacing: text of the executor's error messages to write otherwise, such as
    ///     `["http://127.0.0.1:58997/v1": "{baseURL}"]`.
    public init(
      executor: any ProfileModelExecuting, name: String, replacing: [String: String] = [:]
    ) {
      self.executor = executor
      self.name = name
      self.replacing = replacing
    }

    /// The executor whose errors are written with ``replacing`` applied.
    var recorded: any ProfileModelExecuting {
      replacing.isEmpty ? executor : ReplacingExecutor(base: executor, replacing: replacing)
    }
  }

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - directory: the scenarios' folder.
  ///   - core: the core's name, written into what it records (see ``core``).
  ///   - model: the offline model `extractive` scenarios record from (see ``model``).
  ///   - mode: when to record (default: the test's `.goldenRecord(_:)` trait, else
  ///     `GOLDEN_RECORD`, else `.never`).
  ///   - force: record even when `CI` is set, and over a scenario another core recorded.
  ///   - policyKeys: the policy names the core reads (the reference core's are
  ///     `ProfilePolicy.names`); `nil` accepts any.
  ///   - live: a real model to record from (see ``LiveModel``); `nil` records scenarios from
  ///     their declared source, and refuses those whose source is `live`.
  ///   - environment: where `GOLDEN_RECORD`, `GOLDEN_ARTIFACTS`, `GOLDEN_REFERENCES` and `CI`
  ///     are read, each also as `TEST_RUNNER_<name>`.
  /// - Throws: ``GoldenError`` for an unknown mode, or any recording mode under CI without `force`.
  public init(
    directory: URL, core: String? = nil, model: any ProfileModelExecuting,
    mode: RecordMode? = nil, force: Bool = false,
    policyKeys: Set<String>? = nil, live: LiveModel? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    try self.init(
      directory: directory, core: core, model: model, mode: mode, force: force,
      policyKeys: policyKeys, live: live, driver: .tests, environment: environment)
  }

  /// Creates a runner for `driver`: the kit's command line passes `.kitCommandLine`, so that
  /// messages name its commands.
  package init(
    directory: URL, core: String? = nil, model: any ProfileModelExecuting,
    mode: RecordMode? = nil, force: Bool = false,
    policyKeys: Set<String>? = nil, live: LiveModel? = nil, driver: Driver,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    self.directory = directory.standardizedFileURL.resolvingSymlinksInPath()
    self.core = core
    self.model = model
    self.live = live
    self.force = force
    self.driver = driver
    if let mode {
      self.mode = mode
    } else if let scoped = RecordMode.scoped {
      self.mode = scoped
    } else if let name = KitEnvironment.value("GOLDEN_RECORD", in: environment) {
      guard let parsed = RecordMode(rawValue: name) else {
        throw GoldenError(
          "\(KitEnvironment.spelling("GOLDEN_RECORD", in: environment))=\(name) is not a record mode; use one of \(RecordMode.names.joined(separator: ", "))"
        )
      }
      self.mode = parsed
    } else {
      self.mode = .never
    }
    if self.mode != .never, !force, Self.isCI(environment) {
      let spelling = KitEnvironment.spelling("CI", in: environment)
      let trait =
        mode == nil && RecordMode.scoped != nil
        ? " Remove the test's .goldenRecord(.\(self.mode.rawValue)) trait before you commit." : ""
      throw GoldenError(
        "refusing to record golden scenarios under CI (\(spelling)=\(KitEnvironment.value("CI", in: environment) ?? "")); CI replays only.\(trait) Record locally, or pass force: true (contract-kit: --force)"
      )
    }
    self.policyKeys = policyKeys
    if let folder = KitEnvironment.value("GOLDEN_ARTIFACTS", in: environment) {
      artifacts = URL(fileURLWithPath: folder, isDirectory: true)
    } else {
      artifacts = Self.defaultArtifacts(for: self.directory)
    }
    references = KitEnvironment.value("GOLDEN_REFERENCES", in: environment).map {
      URL(fileURLWithPath: $0)
    }
  }

  /// `<temporary folder>/golden-artifacts/<folder name>-<hash of its path>`: one folder per
  /// corpus, the same on every run.
  public static func defaultArtifacts(for directory: URL) -> URL {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
    let directory = directory.standardizedFileURL.resolvingSymlinksInPath()
    for byte in directory.path.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    let name = directory.lastPathComponent
    return FileManager.default.temporaryDirectory
      .appendingPathComponent("golden-artifacts", isDirectory: true)
      .appendingPathComponent(
        "\(name)-\(String(hash >> 32, radix: 16, uppercase: false))", isDirectory: true)
  }

  /// Whether the environment is a CI run: `CI` (or `TEST_RUNNER_CI`) set to anything but
  /// empty, `0`, `false` or `no`.
  public static func isCI(_ environment: [String: String]) -> Bool {
    guard let value = KitEnvironment.value("CI", in: environment)?.lowercased() else {
      return false
    }
    return !["0", "false", "no"].contains(value)
  }

  /// The scenarios' names, sorted; empty for a folder without any.
  ///
  /// - Throws: ``GoldenError`` when the folder is missing or unreadable.
  public func scenarioNames() throws -> [String] {
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
      throw GoldenError(
        "golden folder \(directory.path) cannot be read; pass the folder that holds the scenarios")
    }
    return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".actual.json") }.map {
      String($0.dropLast(5))
    }.sorted()
  }

  /// The scenarios' names, sorted, for `@Test(arguments: try runner.scenarios())`: a gate that
  /// cannot pass with nothing to replay.
  ///
  /// - Throws: ``GoldenError`` when the folder is missing, unreadable or holds no scenario.
  public func scenarios() throws -> [String] {
    let names = try scenarioNames()
    guard !names.isEmpty else {
      throw GoldenError(
        "golden folder \(directory.path) holds no scenario (<name>.json); write one, or pass the folder that holds them"
      )
    }
    return names
  }

  /// Replays every scenario, or those whose name contains `filter` (recording those the mode
  /// asks for).
  ///
  /// - Throws: ``GoldenError`` when the folder is missing or unreadable, holds no scenario, or
  ///   none matches `filter`: a run that replays nothing is never a pass.
  public func replayAll<Outcome: Codable & Equatable & Sendable>(
    filter: String? = nil,
    _ body: @escaping @Sendable (GoldenAdapters, ProfileCommand) async -> Outcome
  ) async throws -> [GoldenResult] {
    let names = try scenarios().filter { name in filter.map { name.contains($0) } ?? true }
    if names.isEmpty, let filter {
      throw GoldenError(
        "no scenario in \(directory.path) has \"\(filter)\" in its name; run golden list to see them"
      )
    }
    var results: [GoldenResult] = []
    for name in names { results.append(await replay(name, body)) }
    return results
  }

  /// Replays one scenario by name.
  public func replay<Outcome: Codable & Equatable & Sendable>(
    _ name: String, _ body: @escaping @Sendable (GoldenAdapters, ProfileCommand) async -> Outcome
  ) async -> GoldenResult {
    noteReference(name)
    let url = directory.appendingPathComponent(name + ".json")
    let scenario: GoldenScenario
    do {
      scenario = try GoldenScenario.load(url, policyKeys: policyKeys)
    } catch {
      return GoldenResult(name: name, status: .error, lines: ["\(error)"], divergence: nil)
    }
    if driver == .kitCommandLine, let owner = scenario.core, owner != core, !force {
      return GoldenResult(
        name: name, status: .error,
        lines: [
          "recorded by \(owner); contract-kit runs the kit's reference core\(core.map { ", \($0)" } ?? ""): replay it from the tests of \(owner)"
        ], divergence: nil)
    }
    guard let recording = scenario.recording, let expected = scenario.expected else {
      if mode == .never {
        return GoldenResult(
          name: name, status: .failed, lines: ["no recording; " + recordAdvice(name)],
          divergence: nil)
      }
      return await record(scenario, name: name, url: url, body)
    }
    if mode == .all { return await record(scenario, name: name, url: url, body) }

    let log = CallLog(replaying: recording)
    let outcome = await body(
      GoldenAdapters(scenario: scenario, log: log, offline: model), scenario.command)
    let made = log.finish()
    let actual = (try? CanonicalJSON.jsonValue(of: outcome)) ?? .null
    var lines: [String] = made.divergence?.lines ?? []
    let continued =
      made.divergence != nil && scenario.model.source != "live" && made.stoppedAfter == nil
    if made.divergence == nil || continued, actual != expected {
      lines +=
        ["the outcome differs"]
        + JSONDiff.differences(expected: expected, actual: actual).map { "  " + $0 }
    }
    guard !lines.isEmpty else {
      removeArtifact(name)
      return GoldenResult(name: name, status: .passed, lines: [], divergence: nil)
    }
    if mode == .failed { return await record(scenario, name: name, url: url, body) }
    if let owner = scenario.core, owner != core {
      lines.append("recorded by \(owner), replayed by \(core ?? "a runner that names no core")")
    }
    var failed = scenario
    failed.core = core ?? scenario.core
    failed.recording = made.calls
    failed.expected = actual
    failed.artifact = made.divergence.map {
      GoldenScenario.Artifact(
        divergence: $0, source: scenario.model.source, stoppedAfter: made.stoppedAfter)
    }
    if let artifact = failed.artifact { lines.append(artifact.after) }
    let run = try? failed.fileData()
    if let run, let written = writeArtifact(run, name: name) {
      lines.append("the run as made: \(written.path); diff it against \(url.lastPathComponent)")
    }
    return GoldenResult(
      name: name, status: .failed, lines: lines, divergence: made.divergence, actual: run)
  }

  /// What this runner's user runs to record `name`.
  private func recordAdvice(_ name: String) -> String {
    if driver == .kitCommandLine {
      return "run contract-kit golden record --filter \(name)"
    } else {
      return
        "record it from this test: GOLDEN_RECORD=missing swift test (xcodebuild: TEST_RUNNER_GOLDEN_RECORD=missing), or mode: .missing, then review it with git diff"
    }
  }

  private func record<Outcome: Codable & Equatable & Sendable>(
    _ scenario: GoldenScenario, name: String, url: URL,
    _ body: @escaping @Sendable (GoldenAdapters, ProfileCommand) async -> Outcome
  ) async -> GoldenResult {
    if !force {
      if let owner = scenario.core, owner != core {
        return GoldenResult(
          name: name, status: .error,
          lines: [
            "recorded by \(owner), and this runner runs \(core ?? "a core it does not name"): not recorded over; record it from the tests of \(owner), or pass force (contract-kit: --force) to replace it"
          ], divergence: nil)
      }
      if scenario.core == nil, driver == .kitCommandLine {
        return GoldenResult(
          name: name, status: .error,
          lines: [
            "names no core, and contract-kit records with the kit's reference core\(core.map { ", \($0)" } ?? ""): record your own core's scenarios from its tests (GOLDEN_RECORD=missing swift test), write \"core\": \"\(core ?? "NAME")\" into a scenario of the kit's corpus, or pass --force"
          ], divergence: nil)
      }
    }
    var scenario = scenario
    scenario.core = core
    scenario.artifact = nil
    if let live {
      scenario.model = GoldenScenario.ModelSource(source: "live", name: live.name)
    } else if scenario.model.source == "live" {
      let advice =
        driver == .kitCommandLine
        ? "run contract-kit golden record --model openai --base-url URL --filter \(name)"
        : "give this runner live: GoldenRunner.LiveModel(executor:name:) to record it"
      return GoldenResult(
        name: name, status: .error, lines: ["records from a live model; " + advice],
        divergence: nil)
    }
    let log = CallLog(replaying: nil)
    let outcome = await body(
      GoldenAdapters(scenario: scenario, log: log, offline: model, live: live?.recorded),
      scenario.command)
    let calls = log.finish().calls
    var recorded = scenario
    recorded.recording = calls
    recorded.expected = (try? CanonicalJSON.jsonValue(of: outcome)) ?? .null
    do {
      try recorded.fileData().write(to: url)
    } catch {
      return GoldenResult(
        name: name, status: .error,
        lines: ["cannot write \(url.path): \(error.localizedDescription)"], divergence: nil)
    }
    removeArtifact(name)
    return GoldenResult(
      name: name, status: .recorded,
      lines: ["recorded \(calls.count) calls; review with git diff and run again"],
      divergence: nil)
  }

  /// The artifact a failing run of `name` writes.
  public func artifactURL(_ name: String) -> URL {
    artifacts.appendingPathComponent(name + ".actual.json")
  }

  /// Writes the failing run's scenario file into ``artifacts``; its URL, or `nil` when the
  /// folder cannot be written (the failure is reported either way).
  private func writeArtifact(_ data: Data, name: String) -> URL? {
    let url = artifactURL(name)
    do {
      try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
      try data.write(to: url)
      return url
    } catch {
      return nil
    }
  }

  /// Removes a stale artifact once its scenario passes or is recorded, so the artifacts folder
  /// holds exactly the scenarios whose last run failed.
  private func removeArtifact(_ name: String) {
    try? FileManager.default.removeItem(at: artifactURL(name))
  }

  /// Appends `name` to ``references`` with one `O_APPEND` write of one line, so concurrent
  /// tests and test processes never interleave within a line.
  private func noteReference(_ name: String) {
    guard let references else { return }
    let line = Array((directory.path + "\t" + name + "\n").utf8)
    let descriptor = open(references.path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }
}

/// An executor whose error messages have some text written otherwise (see
/// ``GoldenRunner/LiveModel/replacing``); answers pass as they are.
struct ReplacingExecutor: ProfileModelExecuting {
  let base: any ProfileModelExecuting
  let replacing: [String: String]

  func generate(_ request: ProfileModelRequest) async throws -> Data {
    do {
      return try await base.generate(request)
    } catch let error as ProfileModelExecutionError {
      throw replaced(error)
    }
  }

  func replaced(_ error: ProfileModelExecutionError) -> ProfileModelExecutionError {
    func text(_ message: String) -> String {
      // Longest first, so that a URL is replaced before a part of it.
      replacing.keys.sorted { $0.count > $1.count }.reduce(message) {
        $0.replacingOccurrences(of: $1, with: replacing[$1] ?? $1)
      }
    }
    switch error {
    case .unavailable: return .unavailable
    case .transient(let message): return .transient(text(message))
    case .rejected(let message): return .rejected(text(message))
    case .permanent(let message): return .permanent(text(message))
    }
  }
}
