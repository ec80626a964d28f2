import Foundation
import ProfileContracts
import ProfileCore
import Testing

/// `ProfileOutcome+Rendering.swift`: the outcome as `contract-kit summarize` prints it.
@Suite struct ProfileOutcomeRenderingTests {
  static let command = ProfileCommand(
    profile: .document, attachmentID: "report.txt", sourceLanguage: "ko", targetLanguage: "en")

  static func summary(missing: [PageRange], steps: [ProfileStepRecord]) -> ProfileSummary {
    ProfileSummary(
      command: command, title: "Ferries", language: "ko",
      sections: [
        .init(pages: PageRange(first: 1, last: 3), headline: "Harbor", points: ["10 ferries"]),
        .init(pages: PageRange(page: 4), headline: "Schedule", points: []),
      ],
      coverage: PageCoverage(pageCount: 30, originalPageCount: 100, missingPages: missing),
      withheldPoints: [WithheldPoint(text: "Fares rose to $9", unverified: ["$9"])],
      receipt: ProfileExecutionReceipt(steps: steps))
  }

  @Test func aCompletedSummaryReadsTitleCoverageSectionsWithheldAndNotes() {
    let steps = [
      ProfileStepRecord(
        stepID: "resume", attempts: 0, status: .skipped("continued from chunks:1/2")),
      ProfileStepRecord(stepID: "translate", attempts: 0, status: .skipped("no translator")),
      ProfileStepRecord(stepID: "title", attempts: 0, status: .skipped("not a note")),
    ]
    let text = ProfileOutcome.completed(Self.summary(missing: [], steps: steps)).renderText()
    #expect(
      text == """
        Ferries
        pages 1–30 of 100

        Harbor (pages 1–3)
          - 10 ferries

        Schedule (page 4)

        withheld (facts not found in the source):
          - Fares rose to $9 [not found: $9]
        note: continued from chunks:1/2
        note: no translator
        """)
  }

  @Test func aRefusedTranslationIsANote() {
    let steps = [
      ProfileStepRecord(
        stepID: "translate", attempts: 0,
        status: .notPromoted("field 0 changes the digits of its source; the summary stays in ko"))
    ]
    let text = ProfileOutcome.completed(Self.summary(missing: [], steps: steps)).renderText()
    #expect(
      text.hasSuffix(
        "note: the translation was refused: field 0 changes the digits of its source; the summary stays in ko"
      ), "\(text)")
  }

  @Test func aPartialSummarySaysWhyAndSplitsMissingPagesByCause() {
    let steps = [
      ProfileStepRecord(
        stepID: "page-7", attempts: 0,
        status: .failed(.invalidInput("page 7 could not be read: the scan has no text layer")))
    ]
    let outcome = ProfileOutcome.partial(
      Self.summary(missing: [PageRange(page: 7), PageRange(first: 12, last: 14)], steps: steps),
      failures: [
        .invalidInput("page 7 could not be read"),
        .modelFailed("the model rejected pages 12-14 (the model refused: no)"),
      ])
    let lines = outcome.renderText().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines[0...2] == [
        "partial: 2 part(s) could not be summarized:",
        "  - page 7 could not be read: the scan has no text layer: the document provider cannot read that page; check it in the document",
        "  - the model rejected pages 12-14 (the model refused: no): it is not about length, so neither a retry nor a split will help; use another model, or leave those pages out",
      ])
    #expect(lines[4] == "pages 1–30 of 100; pages 7 unreadable; pages 12-14 not summarized")
    #expect(!outcome.renderText().contains("run the same command again"))
  }

  /// Each kind of failure a partial outcome carries: what it says, and whether it advises a
  /// retry, which only a failure a retry can pass may.
  @Test(arguments: [
    (
      ProfileFailure.modelFailed("still failing after 3 attempts: busy"),
      "the model kept failing (still failing after 3 attempts: busy): run the same command again to retry it",
      true
    ),
    (
      .modelFailed("the model rejected page 3 (HTTP 400 (content_filter): filtered)"),
      "the model rejected page 3 (HTTP 400 (content_filter): filtered): it is not about length, so neither a retry nor a split will help; use another model, or leave those pages out",
      false
    ),
    (
      .malformedModelOutput("the summaryChunk answer did not decode twice"),
      "the model answered out of shape twice (the summaryChunk answer did not decode twice): a retry may pass with a model that samples; --bound-answers binds answers to their schema",
      true
    ),
    (
      .invalidInput("pages 3-4 could not be read again: gone"),
      "pages 3-4 could not be read again: gone: check the document; a retry reads it the same way",
      false
    ),
    (
      .contextWouldOverflow(estimatedTokens: 5000),
      "the model rejected a part as too long for its context (about 5000 tokens by the estimate, which the model counts as more), and halving did not make it fit: lower --context-tokens, or use a model with a larger context",
      false
    ),
  ])
  func eachFailureSaysWhyAndWhatHelps(failure: ProfileFailure, line: String, retry: Bool) {
    let text = ProfileOutcome.partial(Self.summary(missing: [], steps: []), failures: [failure])
      .renderText()
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[1] == "  - " + line)
    #expect(lines[0].contains("run the same command again") == retry, "\(lines[0])")
  }

  @Test(arguments: [
    (ProfileFailure.modelUnavailable, "failed: the model is not available"),
    (
      .modelCallBudgetExceeded(limit: 8),
      "failed: more than 8 model calls were needed; raise --max-model-calls (progress is saved)"
    ),
    (.invalidInput("empty document"), "failed: invalid input: empty document"),
  ])
  func aFailureIsOneLine(failure: ProfileFailure, line: String) {
    let outcome = ProfileOutcome.failed(failure, receipt: ProfileExecutionReceipt(steps: []))
    #expect(outcome.renderText() == line)
  }

  /// A run that failed for a rejection says what the model said and what helps: a refusal that
  /// no retry or split fixes, a piece the model still counts as too long, or, before any call, a
  /// sentence the plan cannot fit.
  @Test func aRejectedRunSaysWhetherSizeExplainsIt() {
    let refused = ProfileOutcome.failed(
      .modelFailed("the model rejected pages 1-5 (the model refused: no)"),
      receipt: ProfileExecutionReceipt(steps: []))
    #expect(
      refused.renderText()
        == "failed: the model rejected pages 1-5 (the model refused: no): it is not about length, so neither a retry nor a split will help; use another model, or leave those pages out"
    )
    let piece = ProfileStepRecord(
      stepID: "chunk-1.1.2", attempts: 1,
      status: .failed(.contextWouldOverflow(estimatedTokens: 90)))
    let tooLong = ProfileOutcome.failed(
      .contextWouldOverflow(estimatedTokens: 90), receipt: ProfileExecutionReceipt(steps: [piece]))
    #expect(
      tooLong.renderText()
        == "failed: the model rejected a part as too long for its context (about 90 tokens by the estimate, which the model counts as more), and halving did not make it fit: lower --context-tokens, or use a model with a larger context"
    )
    let planned = ProfileOutcome.failed(
      .contextWouldOverflow(estimatedTokens: 90),
      receipt: ProfileExecutionReceipt(
        steps: [ProfileStepRecord(stepID: "page-1", attempts: 0, status: .completed)]))
    #expect(planned.renderText().hasPrefix("failed: a sentence of about 90 tokens cannot fit"))
  }

  @Test func jsonIsTheCanonicalFormWithoutATrailingNewline() throws {
    let outcome = ProfileOutcome.completed(Self.summary(missing: [], steps: []))
    let json = try outcome.renderJSON()
    #expect(!json.hasSuffix("\n"))
    #expect(try CanonicalJSON.decode(ProfileOutcome.self, from: Data(json.utf8)) == outcome)
    #expect(
      json + "\n"
        == String(decoding: try CanonicalJSON.encode(outcome, pretty: true), as: UTF8.self))
  }
}
