import Foundation
import ProfileAdapters
import ProfileContracts
import Testing

@testable import ContractConformanceCore

/// `executor.answerLength`: the words an answer holds against the bound its budget sets.
@Suite struct AnswerLengthTests {
  @Test func wordsAreCountedInTheAnswersStringsNotItsKeys() {
    let answer = Data(
      #"{"title": "Ferries leave hourly", "points": ["Tickets cost 3 euros."]}"#.utf8)
    #expect(ModelExecutorConformance.answerWords(answer) == 7)
  }

  @Test func aRunOfCJKCharactersIsOneWordAndTextThatIsNotJSONIsCountedWhole() {
    #expect(ModelExecutorConformance.answerWords(Data(#"{"title": "渡轮每小时出发"}"#.utf8)) == 1)
    #expect(ModelExecutorConformance.answerWords(Data("{ not json, four words".utf8)) == 4)
  }

  @Test func theBoundIsTwiceTheBudgetAndEightAndABudgetBelowOneIsNotJudged() {
    #expect(ModelExecutorConformance.wordBound(responseTokens: 1) == 10)
    #expect(ModelExecutorConformance.wordBound(responseTokens: 384) == 776)
    #expect(ModelExecutorConformance.wordBound(responseTokens: 0) == nil)
    #expect(ModelExecutorConformance.wordBound(responseTokens: -5) == nil)
  }

  @Test func anAnswerPastTheBoundIsNamedWithItsCounts() {
    let request = ProfileModelRequest(
      stepID: "chunk-1", schema: .summaryChunk, instructions: "Summarize.", prompt: "Ferries.",
      responseTokens: 2)
    let long = Data(
      #"{"title": "one two three four five six", "points": ["seven eight nine ten eleven twelve"]}"#
        .utf8)
    // Twelve words is the bound for two tokens: no problem.
    #expect(ModelExecutorConformance.lengthProblem(long, request) == nil)
    #expect(
      ModelExecutorConformance.lengthProblem(
        Data(#"{"title": "Ferries", "points": []}"#.utf8), request)
        == nil)
    let longer = Data(
      #"{"title": "\#(Array(repeating: "word", count: 13).joined(separator: " "))"}"#.utf8)
    #expect(
      ModelExecutorConformance.lengthProblem(longer, request)?.hasPrefix(
        "the answer holds 13 words for responseTokens 2 (at most 12") == true)
  }

  /// An executor that ignores its budget breaks only the length promise: the rule and the monitor
  /// name executor.answerLength in every failure, whichever rule's call it was.
  @Test func anExecutorThatIgnoresItsBudgetFailsOnlyTheLengthPromise() async {
    let report = await ModelExecutorConformance(
      errorMapping: ExtractiveModelExecutor.map,
      knownErrors: ModelExecutorConformanceTests.knownErrors, timeout: testTimeout
    ) { ExecutorMutant.ignoresBudget.make() }.run()
    #expect(report.result("executor.answerLength")?.status == .failed)
    for failure in report.failures {
      #expect(
        failure.message.contains("executor.answerLength") || failure.id == "executor.answerLength",
        "\(failure.id): \(failure.message)")
    }
  }
}
