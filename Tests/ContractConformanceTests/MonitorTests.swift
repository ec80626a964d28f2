import ContractConformance
import Foundation
import ProfileAdapters
import ProfileContracts
import ReferenceSuites
import Testing

@testable import ContractConformanceCore

/// The monitors: each judges every call of its suite, so a broken promise that no check was
/// written to look for still fails the check that was running. Each mutant here passes every
/// check of its suite without the monitor, and fails with it, naming the promise and the call.
@Suite struct MonitorTests {
  /// The report of every check of `suite` run without its monitor.
  static func unmonitored<Suite: CheckedSuite>(_ suite: Suite) async -> ConformanceReport {
    await CheckRunner(suite: Suite.name, timeout: testTimeout, rules: suite.rules)
      .run(Suite.checks, on: suite, seed: suite.seed)
  }

  /// The failures of `report`, as one line each, for messages.
  static func failures(_ report: ConformanceReport) -> String {
    report.failures.map { "\($0.id): \($0.message.prefix(300))" }.joined(separator: "\n")
  }

  @Test func anEmptyTitleForABlankPromptIsCaughtOnlyByTheExecutorsMonitor() async {
    let suite = ModelExecutorConformance(
      errorMapping: ExtractiveModelExecutor.map, knownErrors: [], timeout: testTimeout
    ) { ExecutorMutant.emptyTitleForBlankPrompt.make() }
    let without = await Self.unmonitored(suite)
    #expect(without.failures.isEmpty, "\(Self.failures(without))")
    let with = await suite.run()
    let provoked = with.result("executor.provokedFailures")
    #expect(provoked?.status == .failed)
    #expect(
      provoked?.message.hasPrefix("a monitor saw executor.chunkShape broken by generate(") == true,
      "\(provoked?.message ?? "")")
    #expect(provoked?.message.contains("the title is empty") == true)
  }

  /// A model cut at a budget too small for any answer answers out of shape, as SmolLM2 behind
  /// llama-server answers `{` for one token: not a broken promise, so the executor passes.
  @Test func anAnswerCutByATinyBudgetIsNoViolation() async {
    struct CutAtTheBudget: ProfileModelExecuting {
      let base = ExtractiveModelExecutor()
      func generate(_ request: ProfileModelRequest) async throws -> Data {
        let data = try await base.generate(request)
        return request.responseTokens < 16 ? Data("{".utf8) : data
      }
    }
    let report = await ModelExecutorConformance(
      errorMapping: ExtractiveModelExecutor.map, knownErrors: [], timeout: testTimeout
    ) { CutAtTheBudget() }.run()
    #expect(report.failures.isEmpty, "\(Self.failures(report))")
  }

  /// A provider that answers right for its first calls and then counts a page short: only a
  /// session with one provider reaches it (document.history), and the monitor names the promise
  /// it broke first.
  @Test func aCountThatDriftsWithAgeIsCaughtOnlyByTheHistory() async {
    let suite = DocumentProviderConformance(timeout: testTimeout) { fixture in
      (MemoryProvider(fixture, mutant: .countDriftsWithAge), "doc")
    }
    let without = await Self.unmonitored(suite)
    #expect(without.failures.map(\.id) == ["document.history"], "\(Self.failures(without))")
    let with = await suite.run()
    #expect(with.failures.map(\.id) == ["document.history"], "\(Self.failures(with))")
    let message = with.result("document.history")?.message ?? ""
    #expect(
      message.hasPrefix("a monitor saw document.repeatable broken by pageCount(for: \"doc\")"),
      "\(message)")
    #expect(message.contains("minimal input"), "the session is shrunk: \(message)")
  }

  /// A translator right for its first ten calls, then shifting its answers: only a session
  /// with one translator reaches it (translator.session).
  @Test func aTranslatorThatShiftsWithAgeIsCaughtOnlyByTheSession() async {
    let suite = TranslatorConformance(
      pairs: ReferenceSuites.translatorPairs, timeout: testTimeout
    ) { TranslatorMutant.swapsWithAge.make() }
    let report = await suite.run()
    #expect(report.failures.map(\.id) == ["translator.session"], "\(Self.failures(report))")
    let message = report.result("translator.session")?.message ?? ""
    #expect(message.contains("minimal input"), "the session is shrunk: \(message)")
  }

  /// A translator torn down by a cancelled call: only a session with cancellations in it
  /// reaches it (translator.session).
  @Test func aTranslatorBrokenByACancellationIsCaughtOnlyByTheSession() async {
    let suite = TranslatorConformance(
      pairs: ReferenceSuites.translatorPairs, timeout: testTimeout
    ) { TranslatorMutant.brokenAfterCancellation.make() }
    let report = await suite.run()
    #expect(report.failures.map(\.id) == ["translator.session"], "\(Self.failures(report))")
  }

  /// Under a pin older than the monitors, what only a monitor found is pending: shown, never
  /// failing.
  @Test func aFindingOnlyAMonitorMakesIsPendingUnderAnOlderPin() async {
    let suite = ModelExecutorConformance(
      errorMapping: ExtractiveModelExecutor.map, knownErrors: [], timeout: testTimeout,
      rules: .pinned("0.5")
    ) { ExecutorMutant.emptyTitleForBlankPrompt.make() }
    let report = await suite.run()
    #expect(report.isPassing, "\(Self.failures(report))")
    let provoked = report.result("executor.provokedFailures")
    #expect(provoked?.pending == true)
    #expect(provoked?.message.contains("executor.chunkShape broken by generate(") == true)
  }
}
