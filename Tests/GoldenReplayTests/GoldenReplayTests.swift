import Foundation
import GoldenReplayTesting
import KitSupport
import ProfileAdapters
import ProfileContracts
import ProfileCore
import ReferenceSuites
import Testing

@testable import GoldenReplay

/// The kit's golden corpus, one test case per scenario: a failure names the scenario, and
/// `swift test --filter "GoldenCorpusTests/scenario"` reruns it.
@Suite struct GoldenCorpusTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Golden")

  /// The golden guide's pattern: a folder that is missing, unreadable or empty fails the run here.
  @Test(arguments: try ProfileCore.goldenRunner(directory: folder).scenarios())
  func scenario(_ name: String) async throws {
    let result = try await ProfileCore.goldenRunner(directory: Self.folder).replay(
      name, ProfileCore.golden)
    result.recordIssue()
  }

  @Test func theCorpusIsTheKitsOwn() throws {
    let names = try ProfileCore.goldenRunner(directory: Self.folder).scenarios()
    #expect(names.count >= 10)
    for name in names {
      let scenario = try GoldenScenario.load(Self.folder.appendingPathComponent(name + ".json"))
      #expect(scenario.core == ProfileCore.goldenName, "\(name) names no core")
    }
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
        store: adapters.store, policy: policy, clock: adapters.clock)
      return await core.run(command)
    }
  }

  static let core: @Sendable (GoldenAdapters, ProfileCommand) async -> ProfileOutcome =
    ProfileCore.golden

  @Test func aScenarioWithoutARecordingFailsUnderNever() async throws {
    let folder = try Folder()
    try folder.write("fresh", Self.scenario)
    let result = await
      (try GoldenRunner(directory: folder.url, model: ExtractiveModelExecutor(), mode: .never))
      .replay(
        "fresh", Self.core)
    #expect(result.status == .failed)
    #expect(
      result.lines == [
        "no recording; record it from this test: GOLDEN_RECORD=missing swift test (xcodebuild: TEST_RUNNER_GOLDEN_RECORD=missing), or mode: .missing, then review it with git diff"
      ])
    // The kit's command line, which runs the reference core, names itself instead.
    let cli = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .never,
        driver: .kitCommandLine))
      .replay(
        "fresh", Self.core)
    #expect(cli.lines == ["no recording; run contract-kit golden record --filter fresh"])
  }

  @Test func recordingReportsFailureThenTheReplayPasses() async throws {
    let folder = try Folder()
    try folder.write("fresh", Self.scenario)
    let recorded = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing, environment: [:]))
      .replay("fresh", Self.core)
    #expect(recorded.status == .recorded && !recorded.passed)
    #expect(recorded.lines.first?.hasSuffix("review with git diff and run again") == true)
    let replayed = await
      (try GoldenRunner(directory: folder.url, model: ExtractiveModelExecutor(), mode: .never))
      .replay(
        "fresh", Self.core)
    #expect(replayed.passed, "\(replayed.lines)")
  }

  /// A "live" model for recording: it answers every chunk with the same headline and a point
  /// carrying a number the pages do not have, and counts its calls.
  struct CountingModel: ProfileModelExecuting {
    final class Calls: @unchecked Sendable {
      private let lock = NSLock()
      private var count = 0
      func add() { lock.withLock { count += 1 } }
      var value: Int { lock.withLock { count } }
    }
    let calls = Calls()
    func generate(_ request: ProfileModelRequest) async throws -> Data {
      calls.add()
      if request.schema == .summaryTitle { return Data(#"{"title": "Ferries"}"#.utf8) }
      return Data(#"{"title": "Ferries", "points": ["The harbor lists 77 ferries."]}"#.utf8)
    }
  }

  @Test func aLiveModelRecordsAndTheReplayNeedsItNot() async throws {
    let folder = try Folder()
    var scenario = Self.scenario
    scenario.model = .init(source: "live")
    try folder.write("live", scenario)
    let refused = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing, environment: [:]))
      .replay("live", Self.core)
    #expect(refused.status == .error)
    #expect(
      refused.lines == [
        "records from a live model; give this runner live: GoldenRunner.LiveModel(executor:name:) to record it"
      ])
    scenario.core = "ProfileCore"
    try folder.write("live-kit", scenario)
    let cli = await
      (try GoldenRunner(
        directory: folder.url, core: "ProfileCore", model: ExtractiveModelExecutor(),
        mode: .missing, driver: .kitCommandLine,
        environment: [:])).replay("live-kit", Self.core)
    #expect(cli.lines.first?.contains("golden record --model openai --base-url URL") == true)

    let model = CountingModel()
    let recorded = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing,
        live: .init(executor: model, name: "tiny-model"), environment: [:])).replay(
        "live", Self.core)
    #expect(recorded.status == .recorded, "\(recorded.lines)")
    #expect(model.calls.value == 3)
    let written = try GoldenScenario.load(folder.url.appendingPathComponent("live.json"))
    #expect(written.model == .init(source: "live", name: "tiny-model"))
    // The fact check withheld the invented number, and the recording keeps the live answers.
    let expected = written.expected.map {
      String(decoding: CanonicalJSON.render($0), as: UTF8.self)
    }
    #expect(expected?.contains(#""unverified":["77"]"#) == true, "\(expected ?? "")")
    #expect(written.recording?.filter { $0.adapter == "model" }.count == 3)

    let replayed = await
      (try GoldenRunner(directory: folder.url, model: ExtractiveModelExecutor(), mode: .never))
      .replay(
        "live", Self.core)
    #expect(replayed.passed, "\(replayed.lines)")
    #expect(model.calls.value == 3, "a replay never calls the live model")
  }

  /// A live model whose server rejects the first chunk, naming its URL with the port it got.
  struct RejectingModel: ProfileModelExecuting {
    let base = CountingModel()
    func generate(_ request: ProfileModelRequest) async throws -> Data {
      if request.stepID == "chunk-1" {
        throw ProfileModelExecutionError.rejected(
          "http://127.0.0.1:41234/v1/chat/completions answered HTTP 400: too long")
      }
      return try await base.generate(request)
    }
  }

  @Test func aLiveRecordingWritesTheServersURLAsItsPlaceholder() async throws {
    let folder = try Folder()
    try folder.write("live", Self.scenario)
    let live = GoldenRunner.LiveModel(
      executor: RejectingModel(), name: "tiny-model",
      replacing: ["http://127.0.0.1:41234/v1": "{baseURL}", "127.0.0.1": "{host}"])
    let recorded = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .all, live: live,
        environment: [:])).replay(
        "live", Self.core)
    #expect(recorded.status == .recorded, "\(recorded.lines)")
    let text = try String(
      contentsOf: folder.url.appendingPathComponent("live.json"), encoding: .utf8)
    // The longer text is replaced first: the URL, not its host.
    #expect(text.contains("rejected: {baseURL}/chat/completions answered HTTP 400: too long"))
    #expect(!text.contains("41234") && !text.contains("{host}"))
    let replayed = await
      (try GoldenRunner(directory: folder.url, model: ExtractiveModelExecutor(), mode: .never))
      .replay(
        "live", Self.core)
    #expect(replayed.passed, "\(replayed.lines)")
    // Every kind keeps its kind; only the text changes.
    let replacing = ReplacingExecutor(base: CountingModel(), replacing: ["a": "b"])
    #expect(replacing.replaced(.transient("a")) == .transient("b"))
    #expect(replacing.replaced(.permanent("xa")) == .permanent("xb"))
    #expect(replacing.replaced(.rejected("aa")) == .rejected("bb"))
    #expect(replacing.replaced(.unavailable) == .unavailable)
  }

  @Test func aLiveModelTurnsAnyRecordedScenarioLive() async throws {
    let folder = try Folder()
    try folder.write("fresh", Self.scenario)
    let recorded = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .all,
        live: .init(executor: CountingModel(), name: "tiny-model"), environment: [:])).replay(
        "fresh", Self.core)
    #expect(recorded.status == .recorded)
    let written = try GoldenScenario.load(folder.url.appendingPathComponent("fresh.json"))
    #expect(written.model.source == "live")
  }

  /// Records scenario `fresh` in `folder` with the default policy, then replays it with a core
  /// that asks for shorter chunk answers: a run that diverges at the first model call.
  static func replayWithShorterChunkAnswers(in folder: Folder) async throws -> GoldenResult {
    var scenario = Self.scenario
    scenario.policy = [:]
    try folder.write("fresh", scenario)
    _ = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing, environment: [:]))
      .replay(
        "fresh", Self.core)
    let changed = GoldenRunnerTests.core(policy: ProfilePolicy(chunkResponseTokens: 300))
    return await
      (try GoldenRunner(directory: folder.url, model: ExtractiveModelExecutor(), mode: .never))
      .replay("fresh", changed)
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
  }

  @Test func backoffIsAPinnedDecision() async throws {
    let folder = try Folder()
    var scenario = Self.scenario
    scenario.faults = [.init(adapter: "model", call: 1, kind: "transient", message: "busy")]
    try folder.write("fresh", scenario)
    _ = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing, environment: [:]))
      .replay(
        "fresh", Self.core)
    let recorded = try GoldenScenario.load(folder.url.appendingPathComponent("fresh.json"))
    #expect(
      recorded.recording?.filter { $0.adapter == "clock" }.map(\.description) == [
        "clock.sleep(milliseconds: 250)"
      ])
    // A core whose backoff no longer starts at the policy's figure makes the same model calls:
    // only the recorded wait tells the two apart.
    let changed = GoldenRunnerTests.core(
      policy: ProfilePolicy(contextTokens: 460, backoffMilliseconds: 100))
    let result = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .never, environment: [:]))
      .replay("fresh", changed)
    #expect(result.divergence?.expected?.description == "clock.sleep(milliseconds: 250)")
    #expect(result.lines.contains("    $.milliseconds: expected 250, got 100"))
  }

  @Test func aCallOutOfOrderIsADivergenceToo() async throws {
    let folder = try Folder()
    try folder.write("fresh", Self.scenario)
    _ = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing, environment: [:]))
      .replay(
        "fresh", Self.core)
    // A core whose window packs all three pages into one chunk reads page 3 where the recording
    // called the model.
    let changed = GoldenRunnerTests.core(policy: ProfilePolicy(contextTokens: 4096))
    let result = await
      (try GoldenRunner(directory: folder.url, model: ExtractiveModelExecutor(), mode: .never))
      .replay(
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
    _ = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .all, environment: [:]))
      .replay(
        "fresh", Self.core)
    var stored = try GoldenScenario.load(folder.url.appendingPathComponent("fresh.json"))
    if case .object(var members)? = stored.expected {
      members["kind"] = .string("partial")
      stored.expected = .object(members)
    }
    try folder.write("fresh", stored)
    let result = await
      (try GoldenRunner(directory: folder.url, model: ExtractiveModelExecutor(), mode: .never))
      .replay(
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
      try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(),
        environment: ["CI": "true", "GOLDEN_RECORD": "all"])
    }
    #expect(throws: GoldenError.self) {
      try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing,
        environment: ["CI": "1"])
    }
    #expect(throws: Never.self) {
      try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing, force: true,
        environment: ["CI": "1"])
    }
    #expect(throws: GoldenError.self) {
      try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(),
        environment: ["GOLDEN_RECORD": "sometimes"])
    }
  }

  @Test func aMisspelledPolicyNameIsAnErrorNamingFileAndPath() async throws {
    let folder = try Folder()
    var scenario = Self.scenario
    scenario.policy = ["contextTokens": 460, "maxModelcalls": 3]
    try folder.write("typo", scenario)
    #expect(
      throws: GoldenError(
        "typo.json: $.policy.maxModelcalls: unknown policy name; use one of backoffDoublings, backoffMilliseconds, chunkResponseTokens, contextTokens, languageProofLetters, languageSampleCharacters, malformedAttempts, maxAttempts, maxModelCalls, maxSplitDepth, titleResponseTokens"
      )
    ) {
      try GoldenScenario.load(
        folder.url.appendingPathComponent("typo.json"), policyKeys: Set(ProfilePolicy.names))
    }
    let runner = try GoldenRunner(
      directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing,
      policyKeys: Set(ProfilePolicy.names),
      environment: [:])
    let result = await runner.replay("typo", Self.core)
    #expect(result.status == .error)
    #expect(result.lines.first?.hasPrefix("typo.json: $.policy.maxModelcalls:") == true)
    // Nothing was recorded over the file.
    #expect(try GoldenScenario.load(folder.url.appendingPathComponent("typo.json")) == scenario)
  }

  @Test func theReferenceCoreRefusesAPolicyNameItLacks() async throws {
    // A runner that accepts any name still cannot make the reference core ignore one.
    let folder = try Folder()
    var scenario = Self.scenario
    scenario.policy = ["maxModelcalls": 3]
    try folder.write("typo", scenario)
    _ = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing, environment: [:]))
      .replay(
        "typo", Self.core)
    let recorded = try GoldenScenario.load(folder.url.appendingPathComponent("typo.json"))
    #expect(recorded.recording == [])
    #expect(recorded.expected?["kind"] == .string("failed"))
    #expect(
      JSONDiff.render(recorded.expected ?? .null).contains(
        "scenario policy: unknown policy name"))
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
    var typo = Self.scenario
    typo.faults = [.init(adapter: "document", call: 1, kind: "unreadable")]
    try folder.write("bad", typo)
    #expect(
      throws: GoldenError(
        "bad.json: $.faults[0].adapter: unknown adapter \"document\"; use one of documents, model, translator"
      )
    ) {
      try GoldenScenario.load(folder.url.appendingPathComponent("bad.json"))
    }
    var unknownSource = Self.scenario
    unknownSource.model = .init(source: "liv")
    try folder.write("bad", unknownSource)
    #expect(
      throws: GoldenError(
        "bad.json: $.model.source: unknown model source \"liv\"; use one of extractive, live, scripted"
      )
    ) {
      try GoldenScenario.load(folder.url.appendingPathComponent("bad.json"))
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

  @Test func failingRunsWriteTheirActualRunToTheTemporaryFolderByDefault() async throws {
    let folder = try GoldenRunnerTests.Folder()
    try folder.write("fresh", GoldenRunnerTests.scenario)
    _ = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing, environment: [:]))
      .replay(
        "fresh", GoldenRunnerTests.core)
    let changed = GoldenRunnerTests.core(policy: ProfilePolicy(contextTokens: 4096))
    let runner = try GoldenRunner(
      directory: folder.url, model: ExtractiveModelExecutor(), mode: .never, environment: [:])
    #expect(runner.artifacts.path.hasPrefix(FileManager.default.temporaryDirectory.path))
    let result = await runner.replay("fresh", changed)
    let written = runner.artifacts.appendingPathComponent("fresh.actual.json")
    #expect(
      result.lines.last == "the run as made: \(written.path); diff it against fresh.json")
    #expect(FileManager.default.fileExists(atPath: written.path))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["fresh.json"])
  }

  @Test func failingRunsWriteTheirActualRecordingIntoGoldenArtifacts() async throws {
    let folder = try GoldenRunnerTests.Folder()
    try folder.write("fresh", GoldenRunnerTests.scenario)
    _ = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing, environment: [:]))
      .replay(
        "fresh", GoldenRunnerTests.core)
    let artifacts = folder.url.appendingPathComponent("artifacts")
    let changed = GoldenRunnerTests.core(policy: ProfilePolicy(contextTokens: 4096))
    let runner = try GoldenRunner(
      directory: folder.url, model: ExtractiveModelExecutor(), mode: .never,
      environment: ["GOLDEN_ARTIFACTS": artifacts.path])
    let result = await runner.replay("fresh", changed)
    #expect(!result.passed)
    let actual = try GoldenScenario.load(artifacts.appendingPathComponent("fresh.actual.json"))
    #expect(actual.recording?.isEmpty == false)
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("fresh.actual.json").path))
  }
}

/// A user's own corpus: a gate that cannot pass empty, a recording that names its core, and
/// artifacts that are the corpus's own.
@Suite struct GoldenRunnerYourCoreTests {
  typealias Folder = GoldenRunnerTests.Folder
  static let core = GoldenRunnerTests.core

  @Test func aMissingOrEmptyFolderIsAnErrorNeverAnEmptyList() async throws {
    let folder = try Folder()
    let runner = try GoldenRunner(
      directory: folder.url, core: "TinyCore", model: ExtractiveModelExecutor(), environment: [:])
    #expect(throws: GoldenError.self) { try runner.scenarios() }
    await #expect(throws: GoldenError.self) { try await runner.replayAll(Self.core) }
    let misspelled = try GoldenRunner(
      directory: folder.url.appendingPathComponent("Goldne"), model: ExtractiveModelExecutor(),
      environment: [:])
    #expect(throws: GoldenError.self) { try misspelled.scenarios() }
    try folder.write("one", GoldenRunnerTests.scenario)
    #expect(try runner.scenarios() == ["one"])
    await #expect(throws: GoldenError.self) {
      try await runner.replayAll(filter: "two", Self.core)
    }
  }

  @Test func theTestRunnerSpellingsAreRead() throws {
    let folder = try Folder()
    let runner = try GoldenRunner(
      directory: folder.url, model: ExtractiveModelExecutor(),
      environment: [
        "TEST_RUNNER_GOLDEN_RECORD": "missing", "TEST_RUNNER_GOLDEN_ARTIFACTS": "/tmp/a",
      ])
    #expect(runner.mode == .missing)
    #expect(runner.artifacts.path == "/tmp/a")
    #expect(throws: GoldenError.self) {
      try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(),
        environment: ["TEST_RUNNER_GOLDEN_RECORD": "all", "TEST_RUNNER_CI": "1"])
    }
    #expect(
      throws: GoldenError(
        "TEST_RUNNER_GOLDEN_RECORD=sometimes is not a record mode; use one of never, missing, failed, all"
      )
    ) {
      try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(),
        environment: ["TEST_RUNNER_GOLDEN_RECORD": "sometimes"])
    }
  }

  @Test func aRecordingNamesItsCoreAndAnotherCoreDoesNotRecordOverIt() async throws {
    let folder = try Folder()
    try folder.write("fresh", GoldenRunnerTests.scenario)
    let tiny = try GoldenRunner(
      directory: folder.url, core: "TinyCore", model: ExtractiveModelExecutor(), mode: .missing,
      environment: [:])
    #expect(await tiny.replay("fresh", Self.core).status == .recorded)
    let url = folder.url.appendingPathComponent("fresh.json")
    let recorded = try GoldenScenario.load(url)
    #expect(recorded.core == "TinyCore")

    let other = try GoldenRunner(
      directory: folder.url, core: "OtherCore", model: ExtractiveModelExecutor(), mode: .all,
      environment: [:])
    let refused = await other.replay("fresh", Self.core)
    #expect(refused.status == .error)
    #expect(refused.lines.first?.contains("recorded by TinyCore") == true)
    #expect(refused.lines.first?.contains("this runner runs OtherCore") == true)
    #expect(try GoldenScenario.load(url) == recorded)

    let forced = try GoldenRunner(
      directory: folder.url, core: "OtherCore", model: ExtractiveModelExecutor(), mode: .all,
      force: true, environment: [:])
    #expect(await forced.replay("fresh", Self.core).status == .recorded)
    #expect(try GoldenScenario.load(url).core == "OtherCore")
  }

  @Test func theKitsCommandLineLeavesAUsersCorpusAlone() async throws {
    let folder = try Folder()
    var mine = GoldenRunnerTests.scenario
    try folder.write("unnamed", mine)
    mine.core = "TinyCore"
    try folder.write("tiny", mine)
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted().map {
      try Data(contentsOf: folder.url.appendingPathComponent($0))
    }
    let cli = try GoldenRunner(
      directory: folder.url, core: "ProfileCore", model: ExtractiveModelExecutor(), mode: .all,
      driver: .kitCommandLine,
      environment: [:])
    let results = try await cli.replayAll(Self.core)
    #expect(results.map(\.status) == [.error, .error])
    #expect(results[0].lines.first?.hasPrefix("recorded by TinyCore; contract-kit runs") == true)
    #expect(results[1].lines.first?.hasPrefix("names no core") == true)
    let after = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted().map {
      try Data(contentsOf: folder.url.appendingPathComponent($0))
    }
    #expect(after == before)
  }

  /// After the first divergence the run goes on as recording would: its artifact is exactly what
  /// recording the changed core writes, and it says where the two parted.
  @Test func theArtifactAfterADivergenceIsTheReRecording() async throws {
    let folder = try Folder()
    let result = try await GoldenRunnerTests.replayWithShorterChunkAnswers(in: folder)
    let divergence = try #require(result.divergence)
    let runner = try GoldenRunner(
      directory: folder.url, model: ExtractiveModelExecutor(), mode: .never)
    var artifact = try GoldenScenario.load(runner.artifactURL("fresh"))
    #expect(artifact.artifact?.divergedAtCall == divergence.index)
    #expect(artifact.artifact?.acceptable == true)
    #expect(
      result.lines.contains { $0.hasPrefix("after call \(divergence.index) the model answered") })

    let changed = GoldenRunnerTests.core(policy: ProfilePolicy(chunkResponseTokens: 300))
    let rerecorded = try await {
      let copy = try Folder()
      var original = try GoldenScenario.load(folder.url.appendingPathComponent("fresh.json"))
      original.recording = nil
      original.expected = nil
      try copy.write("fresh", original)
      _ = await
        (try GoldenRunner(
          directory: copy.url, model: ExtractiveModelExecutor(), mode: .missing, environment: [:]))
        .replay(
          "fresh", changed)
      return try GoldenScenario.load(copy.url.appendingPathComponent("fresh.json"))
    }()
    artifact.artifact = nil
    #expect(artifact == rerecorded)
    // The changed core still summarized every page: the outcome is compared too.
    #expect(artifact.expected?["kind"] == .string("completed"))
  }

  @Test func eachCorpusHasItsOwnArtifactsAndAPassClearsThem() async throws {
    let one = try Folder()
    let two = try Folder()
    #expect(
      GoldenRunner.defaultArtifacts(for: one.url) != GoldenRunner.defaultArtifacts(for: two.url))
    #expect(
      GoldenRunner.defaultArtifacts(for: one.url) == GoldenRunner.defaultArtifacts(for: one.url))
    #expect(
      GoldenRunner.defaultArtifacts(for: one.url).lastPathComponent.hasPrefix(
        one.url.lastPathComponent + "-"))

    _ = try await GoldenRunnerTests.replayWithShorterChunkAnswers(in: one)
    let runner = try GoldenRunner(
      directory: one.url, model: ExtractiveModelExecutor(), mode: .never, environment: [:])
    #expect(FileManager.default.fileExists(atPath: runner.artifactURL("fresh").path))
    #expect(await runner.replay("fresh", Self.core).passed)
    #expect(!FileManager.default.fileExists(atPath: runner.artifactURL("fresh").path))
  }

  @Test func everyReplayIsNotedInGoldenReferences() async throws {
    let folder = try Folder()
    try folder.write("a", GoldenRunnerTests.scenario)
    try folder.write("b", GoldenRunnerTests.scenario)
    let references = folder.url.appendingPathComponent("references.txt")
    let runner = try GoldenRunner(
      directory: folder.url, model: ExtractiveModelExecutor(), mode: .never,
      environment: ["GOLDEN_REFERENCES": references.path])
    _ = await runner.replay("a", Self.core)
    _ = await runner.replay("b", Self.core)
    let lines = try String(contentsOf: references, encoding: .utf8).split(separator: "\n")
    #expect(lines == ["\(runner.directory.path)\ta", "\(runner.directory.path)\tb"])
  }
}

/// A core that loops once it has left its recording still ends: past four times the recording
/// and 64 more calls, the model stops answering, and the artifact says it is not a recording.
@Suite struct GoldenRunawayTests {
  @Test func aRunawayCoreIsStoppedAndItsArtifactCannotBeAccepted() async throws {
    let folder = try GoldenRunnerTests.Folder()
    try folder.write("fresh", GoldenRunnerTests.scenario)
    _ = await
      (try GoldenRunner(
        directory: folder.url, model: ExtractiveModelExecutor(), mode: .missing, environment: [:]))
      .replay(
        "fresh", GoldenRunnerTests.core)
    let recorded = try GoldenScenario.load(folder.url.appendingPathComponent("fresh.json"))
    let runner = try GoldenRunner(
      directory: folder.url, model: ExtractiveModelExecutor(), mode: .never, environment: [:])
    // Asks the model until it refuses: without the limit this never ends.
    let runaway: @Sendable (GoldenAdapters, ProfileCommand) async -> Int = { adapters, _ in
      var answered = 0
      while (try? await adapters.model.generate(
        ProfileModelRequest(
          stepID: "loop", schema: .summaryChunk, instructions: "", prompt: "Page 1.",
          responseTokens: 8))) != nil
      {
        answered += 1
      }
      return answered
    }
    let result = await runner.replay("fresh", runaway)
    #expect(result.status == .failed)
    let artifact = try GoldenScenario.load(runner.artifactURL("fresh"))
    let limit = 4 * (recorded.recording?.count ?? 0) + 64
    #expect(artifact.artifact?.stoppedAfter == limit + 1)
    #expect(artifact.artifact?.acceptable == false)
    #expect(result.lines.contains { $0.contains("so the model stopped answering") })
    #expect(throws: GoldenError.self) { try GoldenReview(runner: runner).accept("fresh") }
    let all = try GoldenReview(runner: runner).acceptAll()
    #expect(all.accepted.isEmpty && all.refused == ["fresh"])
    #expect(try GoldenScenario.load(folder.url.appendingPathComponent("fresh.json")) == recorded)
  }
}
