import Foundation
import ProfileContracts
import Testing

@testable import ProfileAdapters

@Suite struct ExtractiveModelExecutorTests {
  let executor = ExtractiveModelExecutor()
  let text = """
    The harbor authority approved the new ferry schedule on Monday. Ferries will leave every \
    twenty minutes during the summer. The ferry schedule adds three evening departures. \
    Ticket prices stay the same for residents.
    """

  func request(_ schema: ProfileModelSchema, prompt: String, tokens: Int = 384)
    -> ProfileModelRequest
  {
    ProfileModelRequest(
      stepID: "chunk-1", schema: schema, instructions: "Summarize.", prompt: prompt,
      responseTokens: tokens)
  }

  @Test func chunkAnswersCopySourceSentencesInOrder() async throws {
    let data = try await executor.generate(request(.summaryChunk, prompt: text))
    let answer = try CanonicalJSON.decode(SummaryChunkAnswer.self, from: data)
    #expect(!answer.title.isEmpty)
    #expect(!answer.points.isEmpty)
    let sentences = ExtractiveModelExecutor.sentences(in: text)
    let positions = answer.points.map { sentences.firstIndex(of: $0) }
    #expect(positions.allSatisfy { $0 != nil })
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
  }

  @Test func titleAnswersHaveNoPoints() async throws {
    let data = try await executor.generate(
      request(.summaryTitle, prompt: "Ferry schedule\nTicket prices"))
    let value = try JSONValue(parsing: data)
    #expect(value["points"] == nil)
    #expect(value["title"] == .string("Ferry schedule"))
  }

  @Test func answersFitTheResponseBudgetAndAreDeterministic() async throws {
    for tokens in [1, 8, 20, 48, 384] {
      let first = try await executor.generate(request(.summaryChunk, prompt: text, tokens: tokens))
      let second = try await executor.generate(request(.summaryChunk, prompt: text, tokens: tokens))
      #expect(first == second)
      let answer = try CanonicalJSON.decode(SummaryChunkAnswer.self, from: first)
      let used =
        TokenEstimate.tokens(in: answer.title)
        + answer.points.map(TokenEstimate.tokens(in:)).reduce(0, +)
      #expect(used <= max(tokens, 1), "responseTokens \(tokens)")
    }
  }

  @Test(arguments: [
    ("", 384), ("   \n ", 384), ("text", 0), ("text", -5), ("<200,000 characters>", 384),
  ])
  func provokedFailuresAreRejected(label: String, tokens: Int) async {
    let prompt = label == "<200,000 characters>" ? String(repeating: "word ", count: 40_000) : label
    do {
      _ = try await executor.generate(request(.summaryChunk, prompt: prompt, tokens: tokens))
      Issue.record("expected a rejection")
    } catch let error as ProfileModelExecutionError {
      #expect(error.kind == "rejected")
    } catch {
      Issue.record("leaked a foreign error: \(error)")
    }
  }

  @Test func mappingNeverCallsCancellationTransient() {
    #expect(ExtractiveModelExecutor.map(CancellationError()) == .permanent("cancelled"))
    #expect(ExtractiveModelExecutor.map(CocoaError(.fileNoSuchFile)).kind == "permanent")
    #expect(
      ExtractiveModelExecutor.map(ProfileModelExecutionError.transient("x")) == .transient("x"))
  }

  @Test func koreanAndJapaneseSentencesSplit() {
    #expect(
      ExtractiveModelExecutor.sentences(in: "첫 문장입니다. 둘째 문장입니다.") == ["첫 문장입니다.", "둘째 문장입니다."])
    #expect(ExtractiveModelExecutor.sentences(in: "一つ目。二つ目。") == ["一つ目。", "二つ目。"])
  }
}
