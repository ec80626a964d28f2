import AnchorCheck
import ContractConformance
import Foundation
import GoldenReplayTesting
import KitSupport
import MyApp
import OpenAICompatible
import ProfileAdapters
import ProfileContracts
import ProfileCore
import ReferenceSuites
import Testing

/// The examples of the libraries' doc comments: every `/// ```swift` block in `Sources/` is a
/// run of lines of a file under `Tests/` (DocCodeBlocksTests checks it), and here they compile
/// and run, each followed by what it promises. The out-of-process ones are in
/// AdapterProcessTests, beside the executable they start.
@Suite struct DocCommentExamples {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A fresh temporary folder, removed at the end of `body`.
  static func withFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "doc-comment-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
  }

  static let command = ProfileCommand(
    profile: .document, attachmentID: "report.txt", sourceLanguage: "en",
    targetLanguage: "en")

  @Test func glob() {
    let archived = Glob("docs/archive/**").matches("docs/archive/2026/ai-core/a.md")  // true
    let readme = Glob("*.md").matches("README.md")  // true
    #expect(archived && readme)
    #expect(!Glob("docs/archive/**").matches("docs/guide.md"))
  }

  @Test func tokenEstimate() {
    let latin = TokenEstimate.tokens(in: "abcdefgh")  // 2
    let korean = TokenEstimate.tokens(in: "요약해 주세요")  // 6 + 1 (the space): 7
    #expect(latin == 2)
    #expect(korean == 7)
  }

  @Test func sentences() {
    let sentences = Sentences.split("First one. Second one!\n第三。")
    // ["First one.", "Second one!", "第三。"]
    #expect(sentences == ["First one.", "Second one!", "第三。"])
  }

  @Test func languageIdentifier() {
    let identifier = BuiltinLanguageIdentifier()
    let guess = identifier.identify("The council approved the budget on Monday.")  // en
    let proven = identifier.proves("회의는 월요일에 열립니다.", isIn: "ko")  // true
    #expect(guess?.language == "en")
    #expect(proven)
    #expect(!identifier.proves("회의는 월요일에 열립니다.", isIn: "ja"))
  }

  @Test func sha256() {
    let digest = SHA256.hex(Array("abc".utf8))
    // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    #expect(digest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func kitEnvironment() {
    let environment = ["TEST_RUNNER_CONTRACT_KIT_SEED": "7"]  // as xcodebuild passes it
    let seed = KitEnvironment.value("CONTRACT_KIT_SEED", in: environment)  // "7"
    #expect(seed == "7")
    #expect(KitEnvironment.value("CONTRACT_KIT_SEED", in: [:]) == nil)
  }

  @Test func canonicalJSON() throws {
    let command = Self.command
    let bytes = try CanonicalJSON.encode(command)  // compact, for hashing and storage
    let text = try CanonicalJSON.encode(command, pretty: true)  // two-space indent, for review
    let back = try CanonicalJSON.decode(ProfileCommand.self, from: bytes)
    #expect(back == command)
    #expect(String(decoding: text, as: UTF8.self).contains("\n  \""))
    #expect(!String(decoding: bytes, as: UTF8.self).contains("\n"))
  }

  @Test func textDocumentProvider() async throws {
    try await Self.withFolder { docsURL in
      let lines = (1...4000).map { "Line \($0) of the report." }.joined(separator: "\n")
      try Data(lines.utf8).write(to: docsURL.appendingPathComponent("report.txt"))
      let documents = try TextDocumentProvider(directory: docsURL, pageCap: 30)
      let pages = try await documents.pageCount(for: "report.txt")  // 30
      let original = try await documents.originalPageCount(for: "report.txt")  // 100
      #expect(pages == 30)
      #expect(original == 100)
    }
  }

  @Test func fileExecutionStore() async throws {
    try await Self.withFolder { folder in
      let storeURL = folder.appendingPathComponent("store")
      let checkpoint = ProfileCheckpoint(
        command: Self.command, phase: "chunks:3/10", payload: Data([1, 2, 3]),
        receipt: ProfileExecutionReceipt())
      let store = try FileExecutionStore(directory: storeURL)
      try await store.saveCheckpoint(checkpoint)
      let again = try await store.loadCheckpoint(for: checkpoint.command)  // survives a crash
      #expect(again == checkpoint)
      let reopened = try await FileExecutionStore(directory: storeURL).loadCheckpoint(
        for: checkpoint.command)
      #expect(reopened == checkpoint)
    }
  }

  @Test func profileCore() async throws {
    try await Self.withFolder { folder in
      let text = "The clinic treated 212 patients in week 3. It opened a second ward."
      try Data(text.utf8).write(to: folder.appendingPathComponent("report.txt"))
      let model = ExtractiveModelExecutor()
      let documents = try TextDocumentProvider(directory: folder)
      let store = try FileExecutionStore(directory: folder.appendingPathComponent("store"))
      let command = Self.command
      let core = ProfileCore(
        model: model, translator: nil, documents: documents, store: store,
        languages: BuiltinLanguageIdentifier())
      let early = await core.resume(command)  // .failed(.missingCheckpoint, …): nothing to resume
      let outcome = await core.run(command)  // starts, or continues from its checkpoint
      guard case .failed(.missingCheckpoint, _) = early else {
        Issue.record("resume without a checkpoint answered \(early)")
        return
      }
      guard case .completed(let summary) = outcome else {
        Issue.record("the run answered \(outcome)")
        return
      }
      #expect(summary.coverage.pageCount == 1)
    }
  }

  @Test func conformanceSettingsReportAndSARIF() async {
    let pairs = [LanguagePair(source: "ko", target: "en")]
    let settings = ConformanceSettings(seed: 7, examples: 20, rules: .pinned("0.2"))
    let report = await ConformanceSettings.$scoped.withValue(settings) {
      await TranslatorConformance(pairs: pairs, timeout: .seconds(60)) { MyTranslator() }.run()
    }
    let passing = report.isPassing  // no required check failed
    let failures = report.failures  // the failed checks, required and recommended
    let sarif = ConformanceReport.renderSARIF([("translator (MyTranslator)", report)])
    #expect(passing, "\(failures)")
    #expect(report.seed == 7)
    #expect(sarif.contains("\"2.1.0\""))
  }

  @Test func translationSamples() {
    let samples = TranslationSamples(
      templates: [
        "en": ["Room {n} is on the second floor."], "sv": ["Rum {n} ligger på andra våningen."],
      ])
    #expect(samples.templates.count == 2)
    for templates in samples.templates.values {
      #expect(templates.allSatisfy { $0.contains(TranslationSamples.placeholder) })
    }
  }

  @Test func anchorChecker() async throws {
    try await Self.withFolder { repositoryURL in
      try Data("let a = 1\nlet b = 2\n".utf8).write(
        to: repositoryURL.appendingPathComponent("A.swift"))
      try Data("See `A.swift:9`.\n".utf8).write(
        to: repositoryURL.appendingPathComponent("README.md"))
      let report = try AnchorChecker.check(root: repositoryURL)
      let stale = report.findings.filter { $0.status != .ok }  // each with doc, line and message
      let summary = report.summaryLine  // "1 anchor in 1 file: 0 ok, 1 out of range"
      #expect(stale.map(\.doc) == ["README.md"])
      #expect(
        stale.map(\.message) == [
          "A.swift has 2 lines; A.swift:9 runs past its end: cite lines that exist"
        ])
      #expect(summary == "1 anchor in 1 file: 0 ok, 1 out of range")
    }
  }

  @Test func goldenReport() async throws {
    let runner = try ProfileCore.goldenRunner(directory: Self.root.appendingPathComponent("Golden"))
    let myCore: @Sendable (GoldenAdapters, ProfileCommand) async -> ProfileOutcome =
      ProfileCore.golden
    let report = GoldenReport(try await runner.replayAll(myCore))
    let text = report.renderText()  // failures first, then "N scenarios: N passed, 0 failed"
    let code: Int32 = report.isPassing ? 0 : 1
    #expect(code == 0, "\(text)")
    let count = try runner.scenarios().count
    #expect(text == "\(count) scenarios: \(count) passed, 0 failed")
  }

  @Test func goldenReview() async throws {
    try await Self.withFolder { folder in
      let goldenURL = folder.appendingPathComponent("Golden")
      try FileManager.default.createDirectory(at: goldenURL, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: Self.root.appendingPathComponent("Golden/transient-then-success.json"),
        to: goldenURL.appendingPathComponent("transient-then-success.json"))
      let environment = ["GOLDEN_ARTIFACTS": folder.appendingPathComponent("artifacts").path]
      let runner = try GoldenRunner(
        directory: goldenURL, core: "ProfileCore", model: ExtractiveModelExecutor(),
        policyKeys: Set(ProfilePolicy.names),
        environment: environment)
      // A core that changed: it no longer calls the model.
      let changed: @Sendable (GoldenAdapters, ProfileCommand) async -> ProfileOutcome = { _, _ in
        .failed(.modelUnavailable, receipt: ProfileExecutionReceipt())
      }
      #expect(await runner.replay("transient-then-success", changed).status != .passed)
      let review = GoldenReview(runner: runner)
      let pending = try review.pending()  // the scenarios whose last run failed, and how
      try review.accept("transient-then-success")  // its recording replaces the golden
      #expect(pending.map(\.name) == ["transient-then-success"])
      #expect(try review.pending().isEmpty)
      #expect(await runner.replay("transient-then-success", changed).status == .passed)
    }
  }

  @Test func openAICompatibleClients() async throws {
    let model = OpenAICompatibleModelExecutor(
      OpenAICompatibleConfiguration(baseURL: URL(string: "http://127.0.0.1:8080/v1")!))
    #expect(model.configuration.baseURL.port == 8080)
    // Nothing listens on the discard port: each client says so.
    var configuration = model.configuration
    configuration.baseURL = URL(string: "http://127.0.0.1:9/v1")!
    await #expect(throws: OpenAICompatibleServerProblem.self) {
      let served = try await OpenAICompatibleServerCheck(configuration).run()
      Issue.record("served \(served) from a port nothing listens on")
    }
    await #expect(throws: OpenAINativeError.self) {
      let tokenizer = ServerTokenizer(configuration)
      let count = try await tokenizer.count("In week 3 the clinic treated 212 patients.")
      Issue.record("counted \(String(describing: count)) tokens on a port nothing listens on")
    }
  }

  @Test func contextWindow() {
    var policy = ProfilePolicy.default
    let context = ServerContext(tokens: 4096, source: "/props")
    let window = ContextWindow.choose(
      given: nil, server: context, fallback: policy.contextTokens)
    policy.contextTokens = window.tokens
    let line = window.line  // "context window: 4032 tokens, from the server's 4096 (/props) …"
    #expect(policy.contextTokens == 4032)
    #expect(
      line
        == "context window: 4032 tokens, from the server's 4096 (/props) less 64 for the chat template"
    )
  }
}
