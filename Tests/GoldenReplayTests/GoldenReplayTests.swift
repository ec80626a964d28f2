import Foundation
import GoldenReplay
import GoldenReplayTesting
import ProfileContracts
import ProfileCore
import ReferenceSuites
import Testing

/// The kit's golden corpus, one test case per scenario: a failure names the scenario, and
/// `swift test --filter "GoldenCorpusTests/scenario"` reruns it.
@Suite struct GoldenCorpusTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Golden")

  static var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".actual.json") }.map {
        String($0.dropLast(5))
      }.sorted()
  }

  @Test(arguments: names)
  func scenario(_ name: String) async throws {
    let runner = try GoldenRunner(directory: Self.folder)
    let result = await runner.replay(name, ProfileCore.golden)
    #expect(result.passed, "\(name): \(result.status)\n\(result.lines.joined(separator: "\n"))")
  }

  @Test func theCorpusIsNotEmpty() {
    #expect(Self.names.count >= 10)
  }
}

@Suite struct GoldenRunnerTests {
  final class Folder {
    let url: URL
    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "golden-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func write(_ name: String, _ scenario: GoldenScenario) throws {
      try scenario.fileData().write(to: url.appendingPathComponent(name + ".json"))
    }
  }

  static let scenario = GoldenScenario(
    about: "three pages, one chunk each",
    command: ProfileCommand(
      profile: .document, attachmentID: "doc", sourceLanguage: "en", targetLanguage: "en"),
    document: .init(
      pages: (1...3).map {
        "Page \($0) lists \($0 * 10) ferries in the harbor. The schedule changes on Monday."
      }),
    policy: ["contextTokens": 460])

  /// The reference core over a scenario's adapters, but with `policy` instead of the scenario's:
  /// a changed decision for the replay to catch.
  static func core(policy: ProfilePolicy)
    -> @Sendable (GoldenAdapters, ProfileCommand) async -> ProfileOutcome
  {
    { adapters, command in
      let core = ProfileCore(
        model: adapters.model, translator: adapters.translator, documents: adapters.documents,
        store: adapters.store, policy: policy, clock: ImmediateClock())
      return await core.run(command)
    }
  }

  static let core: @Sendable (GoldenAdapters, ProfileCommand) async -> ProfileOutcome = {
    adapters, command in
    await ProfileCore(adapters: adapters).run(command)
  }

  @Test func aScenarioWithoutARecordingFailsUnderNever() async throws {
    let folder = try Folder()
    try folder.write("fresh", Self.scenario)
    let result = await (try GoldenRunner(directory: folder.url, mode: .never)).replay(
      "fresh", Self.core)
    #expect(result.status == .failed)
    #expect(result.lines == ["no recording; run contract-kit golden record --filter fresh"])
  }

  @Test func recordingReportsFailureThenTheReplayPasses() async throws {
    let folder = try Folder()
    try folder.write("fresh", Self.scenario)
    let recorded = await (try GoldenRunner(directory: folder.url, mode: .missing, environment: [:]))
      .replay("fresh", Self.core)
    #expect(recorded.status == .recorded && !recorded.passed)
    #expect(recorded.lines.first?.hasSuffix("review with git diff and run again") == true)
    let replayed = await (try GoldenRunner(directory: folder.url, mode: .never)).replay(
      "fresh", Self.core)
    #expect(replayed.passed, "\(replayed.lines)")
  }

  /// Records scenario `fresh` in `folder` with the default policy, then replays it with a core
  /// that asks for shorter chunk answers: a run that diverges at the first model call.
  static func replayWithShorterChunkAnswers(in folder: Folder) async throws -> GoldenResult {
    var scenario = Self.scenario
    scenario.policy = [:]
    try folder.write("fresh", scenario)
    _ = await (try GoldenRunner(directory: folder.url, mode: .missing, environment: [:])).replay(
      "fresh", Self.core)
    let changed = GoldenRunnerTests.core(policy: ProfilePolicy(chunkResponseTokens: 300))
    return await (try GoldenRunner(directory: folder.url, mode: .never)).replay("fresh", changed)
  }

  @Test func aChangedDecisionIsTheFirstDivergenceWithAFieldDiff() async throws {
    let folder = try Folder()
    let result = try await Self.replayWithShorterChunkAnswers(in: folder)
    #expect(result.status == .failed)
    let divergence = try #require(result.divergence)
    #expect(
      divergence.expected?.description
        == "model.generate(stepID: \"chunk-1\", schema: \"summaryChunk\")")
    #expect(result.lines.contains("    $.responseTokens: expected 384, got 300"))
    #expect(
      FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("fresh.actual.json").path))
  }

  @Test func aCallOutOfOrderIsADivergenceToo() async throws {
    let folder = try Folder()
    try folder.write("fresh", Self.scenario)
    _ = await (try GoldenRunner(directory: folder.url, mode: .missing, environment: [:])).replay(
      "fresh", Self.core)
    // A core whose window packs all three pages into one chunk reads page 3 where the recording
    // called the model.
    let changed = GoldenRunnerTests.core(policy: ProfilePolicy(contextTokens: 4096))
    let result = await (try GoldenRunner(directory: folder.url, mode: .never)).replay(
      "fresh", changed)
    #expect(result.lines.first?.hasSuffix("diverged") == true)
    #expect(
      result.lines.dropFirst().first?.hasPrefix("  expected model.generate(stepID: \"chunk-1\"")
        == true)
    #expect(result.lines.dropFirst(2).first == "  got      documents.page(index: 2)")
  }

  @Test func anOutcomeMismatchIsAFieldPathDiff() async throws {
    let folder = try Folder()
    var scenario = Self.scenario
    scenario.recording = []
    try folder.write("fresh", scenario)
    _ = await (try GoldenRunner(directory: folder.url, mode: .all, environment: [:])).replay(
      "fresh", Self.core)
    var stored = try GoldenScenario.load(folder.url.appendingPathComponent("fresh.json"))
    if case .object(var members)? = stored.expected {
      members["kind"] = .string("partial")
      stored.expected = .object(members)
    }
    try folder.write("fresh", stored)
    let result = await (try GoldenRunner(directory: folder.url, mode: .never)).replay(
      "fresh", Self.core)
    #expect(result.lines.contains("  $.kind: expected \"partial\", got \"completed\""))
  }

  @Test(arguments: [
    (["CI": "true"], true), (["CI": "1"], true), ([:], false), (["CI": "false"], false),
    (["CI": "0"], false),
  ])
  func ciDetection(environment: [String: String], isCI: Bool) {
    #expect(GoldenRunner.isCI(environment) == isCI)
  }

  @Test func recordingUnderCIIsRefusedUnlessForced() throws {
    let folder = try Folder()
    #expect(throws: GoldenError.self) {
      try GoldenRunner(directory: folder.url, environment: ["CI": "true", "GOLDEN_RECORD": "all"])
    }
    #expect(throws: GoldenError.self) {
      try GoldenRunner(directory: folder.url, mode: .missing, environment: ["CI": "1"])
    }
    #expect(throws: Never.self) {
      try GoldenRunner(directory: folder.url, mode: .missing, force: true, environment: ["CI": "1"])
    }
    #expect(throws: GoldenError.self) {
      try GoldenRunner(directory: folder.url, environment: ["GOLDEN_RECORD": "sometimes"])
    }
  }

  @Test func badScenarioFilesNameTheFileAndThePath() throws {
    let folder = try Folder()
    let cases: [(String, String)] = [
      (#"{"format": 2}"#, "bad.json: $.format: unknown format 2; this kit reads format 1"),
      (#"{"format": 1, "about": 3}"#, "bad.json: $.about: expected String"),
    ]
    for (text, message) in cases {
      try Data(text.utf8).write(to: folder.url.appendingPathComponent("bad.json"))
      #expect(throws: GoldenError(message)) {
        try GoldenScenario.load(folder.url.appendingPathComponent("bad.json"))
      }
    }
    var scenario = Self.scenario
    scenario.faults = [.init(adapter: "model", call: 1, kind: "explode")]
    try folder.write("bad", scenario)
    #expect {
      try GoldenScenario.load(folder.url.appendingPathComponent("bad.json"))
    } throws: { error in
      (error as? GoldenError)?.message.hasPrefix(
        "bad.json: $.faults[0].kind: unknown fault \"explode\"") == true
    }
  }
}

@Suite struct GoldenReplayTestingTests {
  @Test func aFailedResultRecordsOneIssueWithItsName() {
    let result = GoldenResult(
      name: "fresh", status: .failed, lines: ["call 3 diverged"], divergence: nil)
    withKnownIssue {
      result.recordIssue()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == "fresh: failed\ncall 3 diverged"
    }
  }

  @Test func failingRunsWriteTheirActualRecordingIntoGoldenArtifacts() async throws {
    let folder = try GoldenRunnerTests.Folder()
    try folder.write("fresh", GoldenRunnerTests.scenario)
    _ = await (try GoldenRunner(directory: folder.url, mode: .missing, environment: [:])).replay(
      "fresh", GoldenRunnerTests.core)
    let artifacts = folder.url.appendingPathComponent("artifacts")
    let changed = GoldenRunnerTests.core(policy: ProfilePolicy(contextTokens: 4096))
    let runner = try GoldenRunner(
      directory: folder.url, mode: .never, environment: ["GOLDEN_ARTIFACTS": artifacts.path])
    let result = await runner.replay("fresh", changed)
    #expect(!result.passed)
    let actual = try GoldenScenario.load(artifacts.appendingPathComponent("fresh.actual.json"))
    #expect(actual.recording?.isEmpty == false)
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("fresh.actual.json").path))
  }
}
