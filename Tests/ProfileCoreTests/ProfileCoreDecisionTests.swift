import Foundation
import KitSupport
import ProfileAdapters
import ProfileContracts
import ProfileCore
import Testing

@_spi(Benchmarks) @testable import ProfileCore

/// One test per decision of the reference core, named by the decision's number in the issue.
@Suite struct ProfileCoreDecisionTests {
  func failure(_ outcome: ProfileOutcome) -> ProfileFailure? {
    if case .failed(let failure, _) = outcome { return failure }
    return nil
  }

  // 1. Profile
  @Test func d01_anUnregisteredProfileFailsBeforeAnyOtherCall() async {
    let store = RecordingStore()
    let model = ScriptedModel()
    let command = ProfileCommand(
      profile: "spreadsheet", attachmentID: "x", sourceLanguage: nil, targetLanguage: "en")
    let outcome = await Fixture.core(model: model, store: store).run(command)
    #expect(failure(outcome) == .unsupportedProfile("spreadsheet"))
    #expect(store.calls.isEmpty && model.requests.isEmpty)
    for profile in [ProfileIdentifier.document, .note, .webLink, .voiceTranscript] {
      #expect(ProfileCore.registeredProfiles.contains(profile))
    }
  }

  // 2. Input
  @Test func d02_anEmptyDocumentAndAllPagesUnreadableAreInvalidInput() async {
    let empty = await Fixture.core(documents: MemoryDocuments(pages: [])).run(Fixture.command)
    #expect(failure(empty) == .invalidInput("empty document"))
    let unreadable = await Fixture.core(
      documents: MemoryDocuments(pages: Fixture.pages(3), unreadable: [0, 1, 2])
    ).run(Fixture.command)
    #expect(failure(unreadable) == .invalidInput("every page could not be read: pages 1-3"))
  }

  // 3. Checkpoint first
  @Test func d03_aStoreThatCannotLoadStopsBeforeAnyModelCall() async {
    let store = RecordingStore()
    store.failLoad = true
    let model = ScriptedModel()
    let outcome = await Fixture.core(model: model, store: store).run(Fixture.command)
    #expect(failure(outcome) == .executionStoreUnavailable)
    #expect(model.requests.isEmpty)
  }

  @Test func d03_theIdenticalCommandResumesWithoutCallingTheModelForDoneChunks() async {
    let store = RecordingStore()
    let documents = MemoryDocuments(pages: Fixture.pages(4))
    // The first run: chunk 3 is rejected, whole and in every piece it is split into, so the run
    // is partial and keeps its checkpoint.
    let flaky = ScriptedModel { request, number in
      if request.stepID.hasPrefix("chunk-3") { throw ProfileModelExecutionError.rejected("no") }
      return try ScriptedModel.extractive(request, number)
    }
    let first = await Fixture.core(
      model: flaky, documents: documents, store: store, policy: Fixture.onePagePerChunk
    ).run(Fixture.command)
    #expect(first.kind == "partial")
    let second = ScriptedModel()
    let again = await Fixture.core(
      model: second, documents: documents, store: store, policy: Fixture.onePagePerChunk
    ).run(Fixture.command)
    #expect(again.kind == "completed")
    #expect(second.stepIDs == ["chunk-3", "title"])
    #expect(again.receipt.steps.first?.stepID == "resume")
  }

  @Test func d03_aCheckpointFromAnotherPlanIsDiscardedAndTheReceiptSaysSo() async {
    let store = RecordingStore()
    let stale = ProfileCheckpoint(
      command: Fixture.command, phase: "chunks:1/9", payload: Data("{}".utf8), receipt: .init())
    try? await store.base.saveCheckpoint(stale)
    let model = ScriptedModel()
    let outcome = await Fixture.core(model: model, store: store).run(Fixture.command)
    #expect(outcome.kind == "completed")
    #expect(
      outcome.receipt.steps.first
        == ProfileStepRecord(
          stepID: "resume", attempts: 0,
          status: .notPromoted(
            "the checkpoint (chunks:1/9) belongs to another chunk plan; started over")))
    #expect(model.stepIDs.contains("chunk-1"))
  }

  @Test func resumeWithoutACheckpointIsMissingCheckpoint() async {
    let outcome = await Fixture.core().resume(Fixture.command)
    #expect(failure(outcome) == .missingCheckpoint)
  }

  // 4. Reading
  @Test func d04_anUnreadablePageIsReportedAndTheRunGoesOn() async {
    let documents = MemoryDocuments(pages: Fixture.pages(5), unreadable: [2])
    let outcome = await Fixture.core(documents: documents, policy: Fixture.onePagePerChunk).run(
      Fixture.command)
    guard case .partial(let summary, let failures) = outcome else {
      Issue.record("expected partial, got \(outcome.kind)")
      return
    }
    #expect(summary.coverage.missingPages == [PageRange(page: 3)])
    #expect(summary.receipt.steps.contains { $0.stepID == "page-3" })
    #expect(failures.contains(.invalidInput("page 3 could not be read")))
    #expect(summary.sections.map(\.pages) == [1, 2, 4, 5].map { PageRange(page: $0) })
  }

  // 5. Token estimate
  @Test func d05_theChunkPlannerCountsTokensExactlyAsTokenEstimate() {
    let texts = ["abc", "한국어 요약", "日本語です。", "a\n\nb", String(repeating: "x", count: 4097)]
    var counter = TokenCounter()
    var joined = ""
    for text in texts {
      counter.add(text)
      joined += text
      #expect(counter.tokens == TokenEstimate.tokens(in: joined))
    }
  }

  @Test func d04_pagesAreReadOneAtATimeInOrder() async {
    let documents = OrderRecordingDocuments(pages: Fixture.pages(4))
    let core = ProfileCore(
      model: ScriptedModel(), translator: nil, documents: documents, store: RecordingStore(),
      policy: Fixture.onePagePerChunk, clock: RecordingClock())
    _ = await core.run(Fixture.command)
    // The plan reads every page in order, then each chunk reads its own pages again.
    #expect(documents.reads == [0, 1, 2, 3, 0, 1, 2, 3])
    #expect(documents.mostAtOnce == 1)
  }

  // 6. Chunking
  @Test func d06_pagesArePackedGreedilyInOrder() async {
    let model = ScriptedModel()
    let policy = ProfilePolicy(contextTokens: 140, chunkResponseTokens: 40, titleResponseTokens: 16)
    let outcome = await Fixture.core(
      model: model, documents: MemoryDocuments(pages: Fixture.pages(5)), policy: policy
    ).run(Fixture.command)
    #expect(
      outcome.summary?.sections.map(\.pages) == [
        PageRange(first: 1, last: 2), PageRange(first: 3, last: 4), PageRange(page: 5),
      ])
    for request in model.requests where request.schema == .summaryChunk {
      #expect(
        TokenEstimate.tokens(in: request.instructions) + TokenEstimate.tokens(in: request.prompt)
          + request.responseTokens <= 140)
    }
  }

  @Test func d06_aLargePageIsSplitAtSentencesAndKeepsItsPageNumber() async {
    let long = (1...12).map { "Sentence \($0) of the long page mentions the harbor." }.joined(
      separator: " ")
    let model = ScriptedModel()
    let outcome = await Fixture.core(
      model: model, documents: MemoryDocuments(pages: [long]), policy: Fixture.onePagePerChunk
    ).run(Fixture.command)
    let sections = outcome.summary?.sections ?? []
    #expect(sections.count > 1)
    #expect(sections.allSatisfy { $0.pages == PageRange(page: 1) })
  }

  @Test func d06_aSentenceThatCannotFitOverflowsBeforeAnyModelCall() async {
    let model = ScriptedModel()
    let huge = String(repeating: "word ", count: 400)
    let outcome = await Fixture.core(
      model: model, documents: MemoryDocuments(pages: [huge]), policy: Fixture.onePagePerChunk
    ).run(Fixture.command)
    guard case .contextWouldOverflow(let estimate)? = failure(outcome) else {
      Issue.record("expected contextWouldOverflow, got \(outcome)")
      return
    }
    #expect(estimate > 100)
    #expect(model.requests.isEmpty)
  }

  // 7. Chunk calls
  @Test func d07_oneSummaryChunkCallPerChunkWithNumberedSteps() async {
    let model = ScriptedModel()
    _ = await Fixture.core(
      model: model, documents: MemoryDocuments(pages: Fixture.pages(3)),
      policy: Fixture.onePagePerChunk
    ).run(Fixture.command)
    #expect(model.stepIDs == ["chunk-1", "chunk-2", "chunk-3", "title"])
    #expect(
      model.requests.prefix(3).allSatisfy { $0.schema == .summaryChunk && $0.responseTokens == 40 })
  }

  @Test func d07_aMalformedAnswerIsRetriedOnceThenTheChunkFails() async {
    let once = ScriptedModel { request, number in
      number == 1 ? Data("not json".utf8) : try ScriptedModel.extractive(request, number)
    }
    let recovered = await Fixture.core(
      model: once, documents: MemoryDocuments(pages: Fixture.pages(1))
    ).run(Fixture.command)
    #expect(recovered.kind == "completed")
    #expect(recovered.receipt.steps.first { $0.stepID == "chunk-1" }?.attempts == 2)
    let always = ScriptedModel { _, _ in Data(#"{"title": ""}"#.utf8) }
    let broken = await Fixture.core(
      model: always, documents: MemoryDocuments(pages: Fixture.pages(1))
    ).run(Fixture.command)
    #expect(failure(broken)?.kind == "malformedModelOutput")
    #expect(always.requests.count == 2)
  }

  // 8. Executor errors
  @Test func d08_transientIsRetriedWithBackoffThroughTheInjectedClock() async {
    let clock = RecordingClock()
    let model = ScriptedModel { request, number in
      if number <= 2 { throw ProfileModelExecutionError.transient("busy") }
      return try ScriptedModel.extractive(request, number)
    }
    let outcome = await Fixture.core(
      model: model, documents: MemoryDocuments(pages: Fixture.pages(1)), clock: clock
    ).run(Fixture.command)
    #expect(outcome.kind == "completed")
    #expect(clock.sleeps == [.milliseconds(250), .milliseconds(500)])
  }

  @Test func d08_transientUntilTheAttemptsRunOutIsModelFailed() async {
    let model = ScriptedModel { _, _ in throw ProfileModelExecutionError.transient("busy") }
    let outcome = await Fixture.core(
      model: model, documents: MemoryDocuments(pages: Fixture.pages(1))
    ).run(Fixture.command)
    #expect(failure(outcome) == .modelFailed("still failing after 3 attempts: busy"))
    #expect(model.requests.count == 3)
  }

  @Test func d08_aRejectedChunkIsNeverAskedAgainAsItIsButSplit() async {
    let model = ScriptedModel { request, number in
      if request.stepID == "chunk-2" { throw ProfileModelExecutionError.rejected("too long") }
      return try ScriptedModel.extractive(request, number)
    }
    let outcome = await Fixture.core(model: model, policy: Fixture.onePagePerChunk).run(
      Fixture.command)
    #expect(outcome.kind == "completed")
    #expect(model.stepIDs == ["chunk-1", "chunk-2", "chunk-2.1", "chunk-2.2", "chunk-3", "title"])
  }

  @Test func d08_aChunkRejectedInEveryPieceFailsAndTheOthersGoOn() async {
    let model = ScriptedModel { request, number in
      if request.stepID.hasPrefix("chunk-2") { throw ProfileModelExecutionError.rejected("unsafe") }
      return try ScriptedModel.extractive(request, number)
    }
    let outcome = await Fixture.core(model: model, policy: Fixture.onePagePerChunk).run(
      Fixture.command)
    #expect(outcome.kind == "partial")
    #expect(outcome.summary?.coverage.missingPages == [PageRange(page: 2)])
    #expect(model.stepIDs.filter { $0 == "chunk-2" }.count == 1)
    #expect(outcome.summary?.sections.map(\.pages) == [1, 3].map { PageRange(page: $0) })
  }

  @Test func d08_permanentStopsTheRunAndUnavailableStopsWithoutRetry() async {
    let permanent = ScriptedModel { _, _ in
      throw ProfileModelExecutionError.permanent("model removed")
    }
    #expect(
      failure(
        await Fixture.core(model: permanent, policy: Fixture.onePagePerChunk).run(Fixture.command))
        == .modelFailed("model removed"))
    #expect(permanent.requests.count == 1)
    let unavailable = ScriptedModel { _, _ in throw ProfileModelExecutionError.unavailable }
    #expect(
      failure(await Fixture.core(model: unavailable).run(Fixture.command)) == .modelUnavailable)
    #expect(unavailable.requests.count == 1)
  }

  // 9. Budget
  @Test func d09_theCallThatWouldExceedTheBudgetIsNotMade() async {
    let model = ScriptedModel()
    var policy = Fixture.onePagePerChunk
    policy.maxModelCalls = 2
    let outcome = await Fixture.core(
      model: model, documents: MemoryDocuments(pages: Fixture.pages(4)), policy: policy
    ).run(Fixture.command)
    #expect(failure(outcome) == .modelCallBudgetExceeded(limit: 2))
    #expect(model.requests.count == 2)
  }

  // 10. Title
  @Test func d10_oneSectionTakesItsHeadlineWithoutACall() async {
    let model = ScriptedModel()
    let outcome = await Fixture.core(
      model: model, documents: MemoryDocuments(pages: Fixture.pages(1))
    ).run(Fixture.command)
    #expect(model.stepIDs == ["chunk-1"])
    #expect(outcome.summary?.title == outcome.summary?.sections.first?.headline)
  }

  @Test func d10_severalSectionsTakeExactlyOneSummaryTitleCall() async {
    let model = ScriptedModel()
    let outcome = await Fixture.core(model: model, policy: Fixture.onePagePerChunk).run(
      Fixture.command)
    let titles = model.requests.filter { $0.stepID == "title" }
    #expect(titles.count == 1)
    #expect(titles.first?.schema == .summaryTitle)
    #expect(titles.first?.responseTokens == 16)
    #expect(outcome.summary?.title.hasPrefix("Overall") == true)
  }

  @Test func d10_headlinesThatDoNotFitAreCutAndTheReceiptSaysHowMany() async {
    let model = ScriptedModel()
    let outcome = await Fixture.core(
      model: model, documents: MemoryDocuments(pages: Fixture.pages(8)),
      policy: Fixture.onePagePerChunk
    ).run(Fixture.command)
    let note = outcome.receipt.steps.first { $0.stepID == "title-headlines" }
    guard case .notPromoted(let reason)? = note?.status else {
      Issue.record("no title-headlines record: \(outcome.receipt.steps)")
      return
    }
    #expect(reason.hasPrefix("used the first ") && reason.contains(" of 8 headlines"))
  }

  // 11. Facts
  @Test func d11_anInventedNumberIsWithheldAndABadHeadlineIsReplaced() async {
    let model = ScriptedModel { request, _ in
      try CanonicalJSON.encode(
        SummaryChunkAnswer(
          title: "Revenue hit 9,999 units",
          points: ["The northern region reported 100 units.", "Sales reached $5M in Paris."]))
    }
    let outcome = await Fixture.core(
      model: model, documents: MemoryDocuments(pages: Fixture.pages(1))
    ).run(Fixture.command)
    let summary = outcome.summary
    #expect(summary?.sections.first?.points == ["The northern region reported 100 units."])
    #expect(summary?.sections.first?.headline == "Page 1")
    #expect(summary?.withheldPoints.map(\.unverified) == [["5", "$5", "Paris"], ["9,999"]])
  }

  @Test func factCheckIgnoresSeparatorsAndFindsAmountsAndNames() {
    let check = FactCheck(source: "Revenue rose to 1,234 units, or $1,234 in total, says Alice.")
    #expect(check.unverified("Revenue was 1234 units.").isEmpty)
    #expect(check.unverified("It cost $1234, Alice said.").isEmpty)
    #expect(check.unverified("It cost €1234 per Bob.") == ["€1234", "Bob"])
  }

  // 12. Page numbers
  @Test func d12_sectionsCarryOriginalPageNumbersNeverChunkNumbers() async {
    let documents = MemoryDocuments(pages: Fixture.pages(3), firstPageNumber: 31)
    let outcome = await Fixture.core(documents: documents, policy: Fixture.onePagePerChunk).run(
      Fixture.command)
    #expect(outcome.summary?.sections.map(\.pages) == [31, 32, 33].map { PageRange(page: $0) })
  }

  // 13. Partial success
  @Test func d13_aPartialSummaryNeverOverwritesTheCanonicalBody() async throws {
    let store = RecordingStore()
    let model = ScriptedModel { request, number in
      if request.stepID.hasPrefix("chunk-1") { throw ProfileModelExecutionError.rejected("no") }
      return try ScriptedModel.extractive(request, number)
    }
    let outcome = await Fixture.core(model: model, store: store, policy: Fixture.onePagePerChunk)
      .run(Fixture.command)
    #expect(outcome.kind == "partial")
    #expect(store.savedSummaries.isEmpty)
    #expect(!store.calls.contains("removeCheckpoint"))
    #expect(try await store.base.loadCheckpoint(for: Fixture.command) != nil)
  }

  @Test func d13_whenNoChunkSucceedsTheRunFailsWithTheFirstChunksFailure() async {
    let model = ScriptedModel { request, _ in
      throw ProfileModelExecutionError.rejected("refused \(request.stepID)")
    }
    var unsplit = Fixture.onePagePerChunk
    unsplit.maxSplitDepth = 0
    let outcome = await Fixture.core(model: model, policy: unsplit).run(Fixture.command)
    #expect(failure(outcome) == .modelFailed("the model rejected page 1 (refused chunk-1)"))
    // Split once to tell size from refusal, the chunk's halves refused too: still the chunk's
    // refusal, in the model's first words.
    let split = await Fixture.core(model: model, policy: Fixture.onePagePerChunk).run(
      Fixture.command)
    #expect(failure(split) == .modelFailed("the model rejected page 1 (refused chunk-1)"))
  }

  // 14. Language
  static let korean = ProfileCommand(
    profile: .note, attachmentID: "doc", sourceLanguage: "ko", targetLanguage: "en")

  @Test func d14_aTranslationIsPromotedInOneBatchWhenItProvesOut() async {
    let batches = BatchCounter()
    let translator = FunctionTranslator { texts in
      batches.add()
      // Each field keeps its source's digits, as a translation must.
      return texts.map {
        "The council approved the new budget after a long debate. " + $0.filter(\.isNumber)
      }
    }
    let outcome = await Fixture.core(translator: translator).run(Self.korean)
    #expect(outcome.summary?.language == "en")
    #expect(batches.count == 1)
    #expect(
      outcome.receipt.steps.contains(
        ProfileStepRecord(stepID: "translate", attempts: 0, status: .completed)))
  }

  @Test func d14_aCountMismatchIsNotPromoted() async {
    let translator = FunctionTranslator { texts in Array(texts.dropLast()) }
    let outcome = await Fixture.core(translator: translator).run(Self.korean)
    #expect(outcome.summary?.language == "ko")
    let step = outcome.receipt.steps.first { $0.stepID == "translate" }
    #expect(step?.status.kind == "notPromoted")
    if case .notPromoted(let reason)? = step?.status {
      #expect(reason.hasPrefix("sent 4 texts, got 3 back"))
    }
  }

  @Test func d14_aTranslationInTheWrongLanguageIsNotPromoted() async {
    let translator = FunctionTranslator { texts in
      texts.map {
        "Der Stadtrat hat den neuen Haushalt nach einer langen Debatte beschlossen. "
          + $0.filter(\.isNumber)
      }
    }
    let outcome = await Fixture.core(translator: translator).run(Self.korean)
    #expect(outcome.summary?.language == "ko")
    if case .notPromoted(let reason)? = outcome.receipt.steps.first(where: {
      $0.stepID == "translate"
    })?.status {
      #expect(reason.contains("reads as de, not en"))
    } else {
      Issue.record("translate should be notPromoted")
    }
  }

  @Test func d14_translatorErrorsNeverLoseTheSummaryAndNoTranslatorIsSaid() async {
    struct Broken: Error {}
    let throwing = await Fixture.core(translator: FunctionTranslator { _ in throw Broken() }).run(
      Self.korean)
    #expect(throwing.kind == "completed")
    let none = await Fixture.core(translator: nil).run(Self.korean)
    #expect(none.receipt.steps.contains { $0.stepID == "translate" && $0.status.kind == "skipped" })
  }

  // 15. Cap
  @Test func d15_coverageCarriesBothCounts() async {
    let outcome = await Fixture.core(documents: MemoryDocuments(pages: Fixture.pages(10), cap: 3))
      .run(Fixture.command)
    #expect(outcome.summary?.coverage.pageCount == 3)
    #expect(outcome.summary?.coverage.originalPageCount == 10)
    #expect(outcome.summary?.coverage.isCapped == true)
  }

  // 16. Progress
  @Test func d16_aCheckpointAfterEachChunkThenTheSummaryThenTheCheckpointGoes() async {
    let store = RecordingStore()
    _ = await Fixture.core(store: store, policy: Fixture.onePagePerChunk).run(Fixture.command)
    #expect(
      store.calls == [
        "loadCheckpoint", "saveCheckpoint chunks:1/3", "saveCheckpoint chunks:2/3",
        "saveCheckpoint chunks:3/3", "saveSummary",
        "removeCheckpoint",
      ])
  }

  @Test func d16_aStoreThatCannotSaveIsExecutionStoreUnavailable() async {
    let store = RecordingStore()
    store.failSave = true
    #expect(
      failure(await Fixture.core(store: store).run(Fixture.command)) == .executionStoreUnavailable)
  }

  // 17. Receipt
  @Test func d17_oneRecordPerStepWithAttemptsAndNoClockReadings() async throws {
    let outcome = await Fixture.core(policy: Fixture.onePagePerChunk).run(Fixture.command)
    #expect(outcome.receipt.steps.map(\.stepID) == ["chunk-1", "chunk-2", "chunk-3", "title"])
    #expect(outcome.receipt.steps.allSatisfy { $0.attempts == 1 && $0.status == .completed })
    let again = await Fixture.core(policy: Fixture.onePagePerChunk).run(Fixture.command)
    #expect(try CanonicalJSON.encode(outcome) == CanonicalJSON.encode(again))
  }

  @Test func hostileProvidersGetATypedOutcome() async {
    let lying = MemoryDocuments(pages: Fixture.pages(2), reportedCount: 5)
    #expect(
      failure(await Fixture.core(documents: lying).run(Fixture.command))
        == .invalidInput("page count 5 exceeds the original page count 2"))
  }

  @Test func aTranslationKeepsItsDigitsInAnyScriptAndSeparator() {
    #expect(Run.digits("3,400 passengers") == Run.digits("3 400 passagers"))
    #expect(Run.digits("passengers: 12") == Run.digits("١٢ راكبا"))  // Arabic-Indic digits
    #expect(Run.digits("१२ यात्री") == Run.digits("12"))  // Devanagari
    #expect(Run.digits("1. Le port") != Run.digits("Harbor"))
    #expect(Run.digits("ferries").isEmpty)
    #expect(Run.digits("route 4, 1990") == [0, 1, 4, 9, 9])
  }

  @Test func outcomesRoundTripTheirJSONForm() async throws {
    let outcome = await Fixture.core(policy: Fixture.onePagePerChunk).run(Fixture.command)
    #expect(
      try CanonicalJSON.decode(ProfileOutcome.self, from: CanonicalJSON.encode(outcome)) == outcome)
    let failed = ProfileOutcome.failed(.missingCheckpoint, receipt: .init())
    #expect(
      String(decoding: try CanonicalJSON.encode(failed), as: UTF8.self)
        == #"{"failure":{"kind":"missingCheckpoint"},"kind":"failed","receipt":{"steps":[]}}"#)
  }
}

final class BatchCounter: @unchecked Sendable {
  private let lock = Lock()
  private var value = 0
  func add() { lock.withCriticalSection { value += 1 } }
  var count: Int { lock.withCriticalSection { value } }
}
