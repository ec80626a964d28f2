import Foundation
import GoldenReplayTesting
import ProfileAdapters
import ProfileContracts
import ProfileCore
import ReferenceSuites
import TestSupport
import Testing

/// `contract-kit golden review` and the command line's respect for a user's corpus, run as a
/// user would: a corpus in a scratch folder, its failing runs made by a test-side runner.
@Suite(.integration) struct GoldenReviewCommandTests {
  final class Corpus {
    let url: URL
    let artifacts: URL
    init() throws {
      let base = FileManager.default.temporaryDirectory.appendingPathComponent(
        "golden-review-\(UUID().uuidString)")
      url = base.appendingPathComponent("Golden")
      artifacts = base.appendingPathComponent("artifacts")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    var environment: [String: String] { ["GOLDEN_ARTIFACTS": artifacts.path, "CI": ""] }
    func read(_ name: String) throws -> GoldenScenario {
      try GoldenScenario.load(url.appendingPathComponent(name + ".json"))
    }
  }

  static let scenario = GoldenScenario(
    about: "three pages",
    command: ProfileCommand(
      profile: .document, attachmentID: "doc", sourceLanguage: "en", targetLanguage: "en"),
    document: .init(pages: (1...3).map { "Page \($0) lists \($0 * 10) ferries in the harbor." }),
    core: "TinyCore")

  /// `TinyCore`: the reference core with a policy, standing in for a user's core.
  static func tinyCore(chunkResponseTokens: Int)
    -> @Sendable (GoldenAdapters, ProfileCommand) async -> ProfileOutcome
  {
    { adapters, command in
      await ProfileCore(
        model: adapters.model, translator: adapters.translator, documents: adapters.documents,
        store: adapters.store, policy: ProfilePolicy(chunkResponseTokens: chunkResponseTokens),
        clock: adapters.clock
      ).run(command)
    }
  }

  /// Records `a` and `b` with TinyCore, then replays them with a changed TinyCore: two
  /// failing runs pending review.
  static func twoPending(_ corpus: Corpus) async throws {
    for name in ["a", "b"] {
      try scenario.fileData().write(to: corpus.url.appendingPathComponent(name + ".json"))
    }
    let record = try GoldenRunner(
      directory: corpus.url, core: "TinyCore", model: ExtractiveModelExecutor(), mode: .missing,
      environment: corpus.environment)
    _ = try await record.replayAll(tinyCore(chunkResponseTokens: 384))
    let replay = try GoldenRunner(
      directory: corpus.url, core: "TinyCore", model: ExtractiveModelExecutor(), mode: .never,
      environment: corpus.environment)
    let results = try await replay.replayAll(tinyCore(chunkResponseTokens: 300))
    #expect(results.allSatisfy { $0.status == .failed })
  }

  @Test func reviewListsAcceptsAndRejects() async throws {
    let corpus = try Corpus()
    try await Self.twoPending(corpus)
    let before = try corpus.read("a")
    let list = try ContractKitBinary.run(
      ["golden", "review", "--dir", corpus.url.path], environment: corpus.environment)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("a: \(corpus.artifacts.path)/a.actual.json"), "\(list.stdout)")
    #expect(list.stdout.contains("  call 10 diverged"))
    #expect(list.stdout.contains("      $.responseTokens: expected 384, got 300"), "\(list.stdout)")
    #expect(
      list.stdout.hasSuffix(
        "2 pending; accept or reject with --accept NAME, --accept-all, --reject NAME or --reject-all\n"
      ))

    let accepted = try ContractKitBinary.run(
      ["golden", "review", "--dir", corpus.url.path, "--accept", "a"],
      environment: corpus.environment)
    #expect(accepted.status == 0, "\(accepted.stderr)")
    let after = try corpus.read("a")
    #expect(after != before && after.artifact == nil && after.core == "TinyCore")
    let replayed = await
      (try GoldenRunner(
        directory: corpus.url, core: "TinyCore", model: ExtractiveModelExecutor(), mode: .never,
        environment: corpus.environment))
      .replay("a", Self.tinyCore(chunkResponseTokens: 300))
    #expect(replayed.passed, "\(replayed.lines)")

    let rejected = try ContractKitBinary.run(
      ["golden", "review", "--dir", corpus.url.path, "--reject-all"],
      environment: corpus.environment)
    #expect(rejected.stdout == "rejected 1 pending\n")
    #expect(try corpus.read("b") == before)
    let none = try ContractKitBinary.run(
      ["golden", "review", "--dir", corpus.url.path], environment: corpus.environment)
    #expect(none.stdout.hasPrefix("nothing to review"))
    let unknown = try ContractKitBinary.run(
      ["golden", "review", "--dir", corpus.url.path, "--accept", "../../etc/passwd"],
      environment: corpus.environment)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("../../etc/passwd has no failing run to review"))
  }

  @Test func theCommandLineRecordsNothingOfAUsersCorpusWithoutForce() throws {
    let corpus = try Corpus()
    try Self.scenario.fileData().write(to: corpus.url.appendingPathComponent("mine.json"))
    var unnamed = Self.scenario
    unnamed.core = nil
    try unnamed.fileData().write(to: corpus.url.appendingPathComponent("unnamed.json"))
    let before = try [corpus.read("mine"), corpus.read("unnamed")]
    let record = try ContractKitBinary.run(
      ["golden", "record", "--dir", corpus.url.path, "--mode", "all"],
      environment: corpus.environment)
    #expect(record.status == 1)
    #expect(
      record.stdout.contains(
        "mine: recorded by TinyCore; contract-kit runs the kit's reference core, ProfileCore"))
    #expect(record.stdout.contains("unnamed: names no core"))
    #expect(try [corpus.read("mine"), corpus.read("unnamed")] == before)
    let forced = try ContractKitBinary.run(
      ["golden", "record", "--dir", corpus.url.path, "--mode", "all", "--force"],
      environment: corpus.environment)
    #expect(
      forced.stdout.contains("2 scenarios: 0 passed, 0 failed; recorded 2"), "\(forced.stdout)")
    #expect(try corpus.read("mine").core == "ProfileCore")
  }

  @Test func unreferencedScenariosAreNamedFailedOrDeleted() async throws {
    let corpus = try Corpus()
    for name in ["kept", "orphan"] {
      try Self.scenario.fileData().write(to: corpus.url.appendingPathComponent(name + ".json"))
    }
    let references = corpus.artifacts.deletingLastPathComponent().appendingPathComponent("refs")
    let arguments = ["golden", "review", "--dir", corpus.url.path, "--references", references.path]
    let unread = try ContractKitBinary.run(arguments, environment: corpus.environment)
    #expect(unread.status == 2 && unread.stderr.contains("run the tests with GOLDEN_REFERENCES="))
    let runner = try GoldenRunner(
      directory: corpus.url, core: "TinyCore", model: ExtractiveModelExecutor(), mode: .never,
      environment: ["GOLDEN_REFERENCES": references.path])
    _ = await runner.replay("kept", Self.tinyCore(chunkResponseTokens: 384))

    let warned = try ContractKitBinary.run(arguments, environment: corpus.environment)
    #expect(warned.status == 0)
    #expect(warned.stdout.contains("1 scenarios no test replayed: orphan"))
    let failed = try ContractKitBinary.run(
      arguments + ["--unreferenced", "fail"], environment: corpus.environment)
    #expect(failed.status == 1)
    let deleted = try ContractKitBinary.run(
      arguments + ["--unreferenced", "delete"], environment: corpus.environment)
    #expect(deleted.stdout.contains("deleted 1 unreferenced scenarios: orphan"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: corpus.url.path).sorted() == ["kept.json"]
    )
  }
}

/// Review and the unreferenced report on a copy of the kit's own corpus, with the command line's
/// reference core, as the kit's own developers use them.
@Suite(.integration) struct GoldenReviewOfTheKitsCorpusTests {
  @Test func aChangedRecordingIsReviewedAcceptedAndReplaysAgain() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "golden-kit-\(UUID().uuidString)")
    let copy = base.appendingPathComponent("Golden")
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: GoldenCommandTests.golden), to: copy)
    defer { try? FileManager.default.removeItem(at: base) }
    let environment = [
      "GOLDEN_ARTIFACTS": base.appendingPathComponent("artifacts").path, "CI": "",
    ]
    // The recording asks for other chunk answers than the reference core makes.
    let name = "transient-then-success"
    let url = copy.appendingPathComponent(name + ".json")
    let original = try GoldenScenario.load(url)
    var edited = original
    edited.recording = original.recording?.map { call in
      guard call.adapter == "model", case .object(var members) = call.arguments else { return call }
      members["responseTokens"] = .integer(1)
      var changed = call
      changed.arguments = .object(members)
      return changed
    }
    try edited.fileData().write(to: url)

    let references = base.appendingPathComponent("references")
    let replay = try ContractKitBinary.run(
      ["golden", "replay", "--dir", copy.path, "--filter", "transient"],
      environment: environment.merging(["GOLDEN_REFERENCES": references.path]) { $1 })
    #expect(replay.status == 1)
    #expect(replay.stdout.contains("\(name): call "), "\(replay.stdout)")

    let list = try ContractKitBinary.run(
      ["golden", "review", "--dir", copy.path, "--references", references.path],
      environment: environment)
    #expect(list.stdout.contains("\(name): "), "\(list.stdout)")
    #expect(list.stdout.contains("$.responseTokens: expected 1, got"), "\(list.stdout)")
    // Only the scenarios --filter transient replayed count as referenced.
    #expect(list.stdout.contains("scenarios no test replayed: all-pages-unreadable,"))
    #expect(!list.stdout.contains("replayed: transient-then-success"))

    let accept = try ContractKitBinary.run(
      ["golden", "review", "--dir", copy.path, "--accept", name], environment: environment)
    #expect(accept.status == 0, "\(accept.stderr)")
    #expect(try GoldenScenario.load(url) == original)
    let again = try ContractKitBinary.run(
      ["golden", "replay", "--dir", copy.path], environment: environment)
    #expect(again.status == 0, "\(again.stdout)")
  }
}

#if os(Linux)
  /// The interactive review, on a terminal: `script` gives the command a pseudo-terminal, and
  /// the answers come in on it.
  @Suite(
    .integration,
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
        || ProcessInfo.processInfo.environment["CONTRACT_KIT_REQUIRE_BACKENDS"] == "1",
      "no /usr/bin/script to give the review a terminal; install it with apt-get install -y bsdutils"
    ))
  struct GoldenInteractiveReviewTests {
    @Test func onATerminalReviewAsksForEachScenario() async throws {
      let corpus = try GoldenReviewCommandTests.Corpus()
      try await GoldenReviewCommandTests.twoPending(corpus)
      let before = try corpus.read("b")
      let command =
        "printf 'x\\na\\nr\\n' | /usr/bin/script -qec '\(ContractKitBinary.url.path) golden review --dir \(corpus.url.path)' /dev/null"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", command]
      process.environment = ProcessInfo.processInfo.environment.merging(corpus.environment) { $1 }
      let out = Pipe()
      process.standardOutput = out
      try process.run()
      let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(output.contains("[a]ccept, [r]eject, [s]kip, [q]uit? "), "\(output)")
      #expect(output.contains("accepted") && output.contains("rejected"), "\(output)")
      let review = GoldenReview(
        runner: try GoldenRunner(
          directory: corpus.url, model: ExtractiveModelExecutor(), mode: .never,
          environment: corpus.environment))
      #expect(try review.pending().isEmpty)
      #expect(try corpus.read("a").recording != before.recording, "a was accepted")
      #expect(try corpus.read("b") == before, "b was rejected")
    }
  }
#endif
