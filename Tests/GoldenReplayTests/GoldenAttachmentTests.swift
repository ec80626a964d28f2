import Foundation
import GoldenReplayTesting
import ProfileAdapters
import ProfileCore
import ReferenceSuites
import Testing

private let folder = GoldenCorpusTests.folder

/// What a failed replay carries and attaches, and a review of the runs a test run attached.
@Suite struct GoldenAttachmentTests {
  static let scenario = "all-pages-unreadable"

  /// The kit's scenario replayed by a core whose outcome changed, with its artifact written into
  /// `artifacts`.
  static func failedReplay(artifacts: URL) async throws -> GoldenResult {
    let runner = try GoldenRunner(
      directory: folder, core: ProfileCore.goldenName, model: ExtractiveModelExecutor(),
      mode: .never, environment: ["GOLDEN_ARTIFACTS": artifacts.path])
    return await runner.replay(scenario) { adapters, command in
      _ = await ProfileCore.golden(adapters, command)
      return "an outcome that changed"
    }
  }

  static func temporaryFolder(_ label: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "contract-kit-\(label)-\(UUID().uuidString)", isDirectory: true)
  }

  /// Run by `AttachmentCommandTests` with `--attachments-path`, which finds the two files: the
  /// issue is recorded inside a known issue, so this test passes whatever it records.
  @Test func aFailedReplayAttachesItsRunAndItsDiff() async throws {
    let artifacts = Self.temporaryFolder("golden-artifacts")
    defer { try? FileManager.default.removeItem(at: artifacts) }
    let result = try await Self.failedReplay(artifacts: artifacts)
    #expect(result.status == .failed)
    let actual = try #require(result.actual)
    // What is attached is what the artifacts folder holds, byte for byte.
    #expect(
      try Data(contentsOf: artifacts.appendingPathComponent(Self.scenario + ".actual.json"))
        == actual)
    #expect(String(decoding: actual, as: UTF8.self).contains("\"an outcome that changed\""))
    withKnownIssue { result.recordIssue() }
  }

  @Test func onlyAFailedReplayCarriesItsRun() async throws {
    let runner = try ProfileCore.goldenRunner(directory: folder)
    let passed = await runner.replay(Self.scenario, ProfileCore.golden)
    #expect(passed.status == .passed)
    #expect(passed.actual == nil)
  }

  /// An attachments folder as Swift Testing leaves it after two runs: the second run's file of
  /// the same name gets letters before `.actual.json`. The newest is the run reviewed; accepting
  /// it replaces the golden and removes both.
  @Test func aReviewReadsTheNewestRunOfAnAttachmentsFolder() async throws {
    let corpus = Self.temporaryFolder("golden-corpus")
    let attachments = Self.temporaryFolder("golden-attachments")
    let artifacts = Self.temporaryFolder("golden-artifacts")
    defer {
      for url in [corpus, attachments, artifacts] { try? FileManager.default.removeItem(at: url) }
    }
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
    let golden = corpus.appendingPathComponent(Self.scenario + ".json")
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent(Self.scenario + ".json"), to: golden)
    let actual = try #require(try await Self.failedReplay(artifacts: artifacts).actual)
    let older = attachments.appendingPathComponent(Self.scenario + ".actual.json")
    let newer = attachments.appendingPathComponent(Self.scenario + "-e3m553om6shp.actual.json")
    try Data("{}".utf8).write(to: older)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: older.path)
    try actual.write(to: newer)
    // Not runs of a scenario in the corpus: a diff, and a run of a scenario it does not hold.
    try Data("diff".utf8).write(to: attachments.appendingPathComponent(Self.scenario + ".diff.txt"))
    try actual.write(to: attachments.appendingPathComponent("elsewhere.actual.json"))

    let review = GoldenReview(
      runner: try GoldenRunner(directory: corpus, model: ExtractiveModelExecutor(), mode: .never),
      artifacts: attachments)
    let pending = try review.pending()
    #expect(pending.map(\.name) == [Self.scenario])
    #expect(pending.first?.artifact == newer)
    #expect(pending.first?.lines.contains("  the outcome differs") == true)
    try review.accept(Self.scenario)
    #expect(try GoldenScenario.load(golden).expected == .string("an outcome that changed"))
    #expect(!FileManager.default.fileExists(atPath: older.path))
    #expect(!FileManager.default.fileExists(atPath: newer.path))
    #expect(try review.pending().isEmpty)
  }
}

/// `.goldenRecord(_:)` sets the mode of the runners a test creates without one.
@Suite(.goldenRecord(.missing)) struct GoldenRecordTraitTests {
  @Test func aRunnerInsideTheTraitTakesItsMode() throws {
    let runner = try GoldenRunner(
      directory: folder, model: ExtractiveModelExecutor(), environment: [:])
    #expect(runner.mode == .missing)
  }
}

/// Which mode wins, and what the trait may not do.
@Suite(.goldenRecord(.missing)) struct GoldenRecordTraitPrecedenceTests {
  @Test(.goldenRecord(.all)) func aTestsTraitWinsOverItsSuites() throws {
    let runner = try GoldenRunner(
      directory: folder, model: ExtractiveModelExecutor(), environment: [:])
    #expect(runner.mode == .all)
  }

  @Test func aModeInCodeWinsOverTheTrait() throws {
    let runner = try GoldenRunner(
      directory: folder, model: ExtractiveModelExecutor(), mode: .never, environment: [:])
    #expect(runner.mode == .never)
  }

  /// A trait left in a commit records nothing under CI: the runner refuses, naming the trait.
  @Test func underCITheTraitIsRefusedByName() {
    #expect {
      try GoldenRunner(
        directory: folder, model: ExtractiveModelExecutor(), environment: ["CI": "true"])
    } throws: { error in
      "\(error)".contains("Remove the test's .goldenRecord(.missing) trait before you commit")
    }
  }

  /// A runner the trait sets to record does record: a scenario without a recording is recorded,
  /// never failed as missing.
  @Test func aRunnerInsideTheTraitRecordsAMissingScenario() async throws {
    let corpus = GoldenAttachmentTests.temporaryFolder("golden-trait")
    defer { try? FileManager.default.removeItem(at: corpus) }
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    var scenario = try GoldenScenario.load(
      folder.appendingPathComponent(GoldenAttachmentTests.scenario + ".json"))
    scenario.recording = nil
    scenario.expected = nil
    try scenario.fileData().write(to: corpus.appendingPathComponent("unrecorded.json"))
    let runner = try GoldenRunner(
      directory: corpus, core: ProfileCore.goldenName, model: ExtractiveModelExecutor(),
      environment: [:])
    let result = await runner.replay("unrecorded", ProfileCore.golden)
    #expect(result.status == .recorded, "\(result.lines)")
  }
}
