import ContractConformance
import Foundation
import ProfileAdapters
import ProfileContracts
import ReferenceSuites
import Testing

@Suite(.serialized) struct ModelExecutorConformanceTests {
  static let knownErrors =
    ExtractiveModelExecutor.NativeError.allCases.map { KnownError($0, expected: .rejected) }

  static let expectations: [ExecutorMutant: [MutantExpectation]] = [
    .wrongChunkKeys: [
      MutantExpectation(
        mutant: "wrongChunkKeys", failing: "executor.chunkShape",
        message: "summaryChunk: the answer has no string \"title\""),
      MutantExpectation(
        mutant: "wrongChunkKeys", failing: "executor.concurrency",
        message: "the answer has no string \"title\""),
    ],
    .titleWithoutTitle: [
      MutantExpectation(
        mutant: "titleWithoutTitle", failing: "executor.titleShape",
        message: "summaryTitle: the answer has no string \"title\"")
    ],
    .titleReusesChunk: [
      MutantExpectation(
        mutant: "titleReusesChunk", failing: "executor.titleHasNoPoints",
        message: "the summaryTitle answer carries \"points\"")
    ],
    .leaksRawError: [
      MutantExpectation(
        mutant: "leaksRawError", failing: "executor.provokedFailures",
        message: "an empty prompt threw CocoaError")
    ],
    .everythingTransient: [
      MutantExpectation(
        mutant: "everythingTransient", failing: "executor.knownErrors",
        message: "mapped to transient, expected rejected"),
      MutantExpectation(
        mutant: "everythingTransient", failing: "executor.cancellationNotTransient",
        message: "CancellationError mapped to transient"),
      MutantExpectation(
        mutant: "everythingTransient", failing: "executor.unknownIsPermanent",
        message: "an unknown error type mapped to transient"),
    ],
    .flakyMapping: [
      MutantExpectation(
        mutant: "flakyMapping", failing: "executor.deterministicMapping",
        message: "NativeError: emptyPrompt mapped to ")
    ],
    .ignoresCancellation: [
      MutantExpectation(
        mutant: "ignoresCancellation", failing: "executor.cancellation",
        message: "a cancelled call was still running after 2 s")
    ],
    .unicodeBlankAsTransient: [
      MutantExpectation(
        mutant: "unicodeBlankAsTransient", failing: "executor.provokedFailures",
        message: "threw transient, but a model refuses this input (a whitespace prompt"),
      MutantExpectation(
        mutant: "unicodeBlankAsTransient", failing: "executor.provokedFailures",
        message: "minimal input"),
    ],
    .sharedSession: [
      MutantExpectation(mutant: "sharedSession", failing: "executor.concurrency", message: "call ")
    ],
    .emptyTitleForBlankPrompt: [
      MutantExpectation(
        mutant: "emptyTitleForBlankPrompt", failing: "executor.provokedFailures",
        message: "a monitor saw executor.chunkShape broken by generate(")
    ],
    .ignoresBudget: [
      MutantExpectation(
        mutant: "ignoresBudget", failing: "executor.answerLength",
        message: "words for responseTokens 1 (at most 10")
    ],
    .cutsTitleAtASpace: [
      MutantExpectation(
        mutant: "cutsTitleAtASpace", failing: "executor.titleShape",
        message: "summaryTitle: the title is empty (hand-picked example: the news item in Japanese")
    ],
    .expiresWhenIdle: [
      MutantExpectation(
        mutant: "expiresWhenIdle", failing: "executor.idle",
        message:
          "after 1.5 seconds unused, the executor threw ProfileModelExecutionError: permanent")
    ],
    .titleOnlyChunks: [
      MutantExpectation(
        mutant: "titleOnlyChunks", failing: "executor.chunkShape",
        message: "\"points\" holds no written point")
    ],
    .answersAnotherCallsPrompt: [
      MutantExpectation(
        mutant: "answersAnotherCallsPrompt", failing: "executor.session",
        message: "which only another call's prompt held")
    ],
    .brokenAfterCancellation: [
      MutantExpectation(
        mutant: "brokenAfterCancellation", failing: "executor.session",
        message: "which a fresh executor answered")
    ],
  ]

  /// Only a long-lived executor, its calls overlapping and some cancelled, shows these: every
  /// other rule passes them.
  @Test(arguments: [ExecutorMutant.answersAnotherCallsPrompt, .brokenAfterCancellation])
  func onlyTheSessionCatches(mutant: ExecutorMutant) async {
    let report = await ModelExecutorConformance(
      errorMapping: mutant.mapping, knownErrors: Self.knownErrors, timeout: testTimeout
    ) { mutant.make() }.run()
    #expect(report.failures.map(\.id) == ["executor.session"], "\(report.renderText())")
  }

  /// Only an executor left unused for a while shows this: every other rule keeps it busy.
  @Test func onlyTheIdleRuleCatchesAnExecutorThatExpiresWhenIdle() async {
    let mutant = ExecutorMutant.expiresWhenIdle
    let report = await ModelExecutorConformance(
      errorMapping: mutant.mapping, knownErrors: Self.knownErrors, timeout: testTimeout
    ) { mutant.make() }.run()
    #expect(report.failures.map(\.id) == ["executor.idle"], "\(report.renderText())")
  }

  @Test(arguments: ExecutorMutant.allCases)
  func mutantIsCaught(mutant: ExecutorMutant) async {
    // Only the rules each mutant is to fail: the rest would only spend the loop's time, and
    // ignoresCancellation blocks a thread of the shared pool for 3 s at each cancelled call of
    // executor.session, holding back every test running beside it.
    let expected = Set((Self.expectations[mutant] ?? []).map(\.failing))
    // The cancellation bound is a fifth of the timeout: its mutant keeps the default.
    let report = await ConformanceSettings.$scoped.withValue(
      ConformanceSettings(selection: expected)
    ) {
      await ModelExecutorConformance(
        errorMapping: mutant.mapping, knownErrors: Self.knownErrors,
        timeout: mutant == .ignoresCancellation ? .seconds(10) : testTimeout
      ) {
        mutant.make()
      }.run()
    }
    expect(report, failsAll: Self.expectations[mutant] ?? [])
    #expect(Self.expectations[mutant]?.isEmpty == false, "\(mutant) has no expectation")
  }

  @Test func theExtractiveExecutorPassesEveryCheck() async {
    let runs = await ReferenceSuites.run("executor", timeout: .seconds(30))
    for run in runs {
      expectClean(run.report, run.label)
      #expect(run.report.counts.passed == ModelExecutorConformance.rules.count)
    }
  }

  @Test func aGenerousExecutorPasses() async {
    let report = await ModelExecutorConformance(
      errorMapping: ExtractiveModelExecutor.map, knownErrors: Self.knownErrors
    ) {
      GenerousExecutor()
    }.run()
    expectClean(report, "GenerousExecutor")
  }

  @Test func noKnownErrorsIsASkipWithAReason() async {
    let report = await ModelExecutorConformance(
      errorMapping: ExtractiveModelExecutor.map, knownErrors: []
    ) {
      ExtractiveModelExecutor()
    }.run()
    let result = report.result("executor.knownErrors")
    #expect(result?.status == .skipped)
    #expect(result?.message.contains("no known errors were supplied") == true)
  }
}
