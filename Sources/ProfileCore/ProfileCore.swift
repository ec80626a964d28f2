import Foundation
import LanguageIdentification
import ProfileContracts

/// The reference summarization core: every decision of the design essay, written down as code.
///
/// It talks to the world only through the four adapter protocols. It plans chunks by
/// `TokenEstimate` before any model call, summarizes each chunk with one `summaryChunk` call,
/// verifies every number, amount and name against the chunk's source, titles several sections
/// with one `summaryTitle` call, translates in one batch and re-proves the target language, and
/// saves a checkpoint after every chunk so the identical command continues where it stopped.
///
/// ```swift
/// let core = ProfileCore(model: m, translator: t, documents: d, store: s, policy: .default,
///                        languages: BuiltinLanguageIdentifier())
/// let outcome = await core.run(command)     // start, or continue from the identical command's checkpoint
/// let again = await core.resume(command)    // continue only: .failed(.missingCheckpoint) without one
/// ```
///
/// `run` never throws and never traps: every path ends in a ``ProfileOutcome``.
public struct ProfileCore: Sendable {
  /// The profiles the engine serves.
  public static let registeredProfiles: Set<ProfileIdentifier> = [
    .document, .note, .webLink, .voiceTranscript,
  ]

  let model: any ProfileModelExecuting
  let translator: (any SummaryTranslating)?
  let documents: any ProfileDocumentProviding
  let store: any ProfileExecutionStoring
  let policy: ProfilePolicy
  let languages: any LanguageIdentifier
  let clock: any ProfileClock

  /// Creates a core over the app's adapters.
  ///
  /// - Parameters:
  ///   - model: the executor; the only adapter that calls the model.
  ///   - translator: the batch translator, or `nil` when none is configured: the summary then
  ///     stays in its source language and the receipt says so.
  ///   - documents: the page provider.
  ///   - store: the progress store.
  ///   - policy: the numbers to decide by (default ``ProfilePolicy/default``).
  ///   - languages: re-proves languages (default `BuiltinLanguageIdentifier`).
  ///   - clock: waits between retries (default: the real clock; tests inject one that never sleeps).
  public init(
    model: any ProfileModelExecuting, translator: (any SummaryTranslating)?,
    documents: any ProfileDocumentProviding,
    store: any ProfileExecutionStoring, policy: ProfilePolicy = .default,
    languages: any LanguageIdentifier = BuiltinLanguageIdentifier(),
    clock: any ProfileClock = SystemProfileClock()
  ) {
    self.model = model
    self.translator = translator
    self.documents = documents
    self.store = store
    self.policy = policy
    self.languages = languages
    self.clock = clock
  }

  /// Summarizes `command`'s attachment, continuing from its checkpoint when one exists.
  public func run(_ command: ProfileCommand) async -> ProfileOutcome {
    var run = Run(core: self, command: command)
    return await run.execute(requireCheckpoint: false)
  }

  /// Continues `command` from its checkpoint; `.failed(.missingCheckpoint)` when there is none.
  public func resume(_ command: ProfileCommand) async -> ProfileOutcome {
    var run = Run(core: self, command: command)
    return await run.execute(requireCheckpoint: true)
  }
}

/// One run's state: the receipt, the call budget, and the steps.
struct Run {
  let core: ProfileCore
  let command: ProfileCommand
  var receipt = ProfileExecutionReceipt()
  var calls = 0

  init(core: ProfileCore, command: ProfileCommand) {
    self.core = core
    self.command = command
  }

  private var policy: ProfilePolicy { core.policy }

  private func failed(_ failure: ProfileFailure) -> ProfileOutcome {
    .failed(failure, receipt: receipt)
  }

  private mutating func record(_ stepID: String, attempts: Int = 0, _ status: ProfileStepStatus) {
    receipt.steps.append(ProfileStepRecord(stepID: stepID, attempts: attempts, status: status))
  }

  /// Why a run ends early: the failure its outcome carries.
  struct Stop: Error {
    let failure: ProfileFailure
    init(_ failure: ProfileFailure) { self.failure = failure }
  }

  /// The run, phase by phase. Each phase either hands the next what it needs or stops the run
  /// with the failure its outcome reports.
  mutating func execute(requireCheckpoint: Bool) async -> ProfileOutcome {
    do {
      try requireRegisteredProfile()
      let checkpoint = try await loadCheckpoint(required: requireCheckpoint)
      let counts = try await readPageCounts()
      let plan = try await planChunks(pageCount: counts.capped)
      var state = resumedState(from: checkpoint, plan: plan)
      let (failures, partial) = try await summarizeChunks(plan, state: &state)
      let completed = try completedSections(
        plan, state: state, partial: partial, failures: failures)
      let summary = try await assembleSummary(
        completed, plan: plan, counts: counts, failures: failures)
      return try await finish(summary, plan: plan, failures: failures)
    } catch {
      return failed(error.failure)
    }
  }

  /// An unknown profile fails before any adapter is called.
  private func requireRegisteredProfile() throws(Stop) {
    guard ProfileCore.registeredProfiles.contains(command.profile) else {
      throw Stop(.unsupportedProfile(command.profile))
    }
  }

  /// The checkpoint comes first: a store that cannot be read stops the run before any page is
  /// read or any model call is spent.
  private func loadCheckpoint(required: Bool) async throws(Stop) -> ProfileCheckpoint? {
    let checkpoint: ProfileCheckpoint?
    do {
      checkpoint = try await core.store.loadCheckpoint(for: command)
    } catch {
      throw Stop(.executionStoreUnavailable)
    }
    if required, checkpoint == nil { throw Stop(.missingCheckpoint) }
    return checkpoint
  }

  /// The capped and original page counts, refused when they cannot describe a document.
  private func readPageCounts() async throws(Stop) -> (capped: Int, original: Int) {
    let pageCount: Int
    let originalPageCount: Int
    do {
      pageCount = try await core.documents.pageCount(for: command.attachmentID)
      originalPageCount = try await core.documents.originalPageCount(for: command.attachmentID)
    } catch {
      throw Stop(.invalidInput("cannot read the document's page count: \(error)"))
    }
    guard pageCount >= 0, originalPageCount >= 0 else {
      throw Stop(.invalidInput("negative page count"))
    }
    guard pageCount <= originalPageCount else {
      throw Stop(
        .invalidInput(
          "page count \(pageCount) exceeds the original page count \(originalPageCount)"))
    }
    guard pageCount > 0 else { throw Stop(.invalidInput("empty document")) }
    return (pageCount, originalPageCount)
  }

  /// Reads every page once and plans the chunks before any model call, so a sentence that can
  /// never fit fails up front instead of after half the budget is spent. Unreadable pages are
  /// recorded, never skipped silently.
  private mutating func planChunks(pageCount: Int) async throws(Stop) -> ChunkPlan {
    let plan: ChunkPlan
    switch await ChunkPlanner(policy: policy).plan(
      pageCount: pageCount, attachmentID: command.attachmentID, documents: core.documents)
    {
    case .success(let made): plan = made
    case .failure(let failure): throw Stop(failure)
    }
    for page in plan.unreadable {
      record(
        "page-\(page.pageNumber)",
        .failed(.invalidInput("page \(page.pageNumber) could not be read: \(page.reason)")))
    }
    guard !plan.chunks.isEmpty else {
      let pages = PageRange.covering(plan.unreadable.map(\.pageNumber)).map(\.description).joined(
        separator: ", ")
      throw Stop(.invalidInput("every page could not be read: pages \(pages)"))
    }
    return plan
  }

  /// The chunks already done, kept only when the checkpoint was made for the same plan: a
  /// changed document or policy starts over rather than mixing two plans' sections.
  private mutating func resumedState(from checkpoint: ProfileCheckpoint?, plan: ChunkPlan)
    -> CheckpointState
  {
    guard let checkpoint else { return CheckpointState(fingerprint: plan.fingerprint) }
    if let saved = CheckpointState.decode(checkpoint.payload),
      saved.fingerprint == plan.fingerprint
    {
      record(
        "resume",
        .skipped(
          "continued from \(checkpoint.phase): \(saved.completed.count) chunks already done"))
      return saved
    }
    record(
      "resume",
      .notPromoted(
        "the checkpoint (\(checkpoint.phase)) belongs to another chunk plan; started over"))
    return CheckpointState(fingerprint: plan.fingerprint)
  }

  /// One `summaryChunk` call per chunk not yet done, with progress saved after each, so a
  /// killed run loses at most the chunk it was in. A chunk that fails is kept as a failure and
  /// the run goes on; a model that is gone or a spent budget stops it with progress saved.
  ///
  /// - Returns: the parts that could not be summarized, and the sections of chunks summarized
  ///   only in part, which this run's summary keeps but the checkpoint does not, so that running
  ///   the command again retries those chunks whole.
  private mutating func summarizeChunks(_ plan: ChunkPlan, state: inout CheckpointState)
    async throws(Stop) -> (failures: [ChunkFailure], partial: [Int: CheckpointState.CompletedChunk])
  {
    let planner = ChunkPlanner(policy: policy)
    var failures: [ChunkFailure] = []
    var partial: [Int: CheckpointState.CompletedChunk] = [:]
    for chunk in plan.chunks {
      if state.completed[chunk.number] != nil {
        record(chunk.stepID, attempts: 0, .skipped("completed before the checkpoint"))
        continue
      }
      let parts: [ChunkPiece.Part]
      do {
        parts = try await planner.parts(
          of: chunk, attachmentID: command.attachmentID, documents: core.documents)
      } catch {
        let failure = ProfileFailure.invalidInput(
          "pages \(chunk.pages) could not be read again: \(error)")
        record(chunk.stepID, .failed(failure))
        failures.append(ChunkFailure(pages: chunk.units.map(\.pageNumber), failure: failure))
        continue
      }
      let piece = ChunkPiece(stepID: chunk.stepID, parts: parts, depth: 0)
      let (done, missing) = try await summarize(piece, saving: state, plan: plan)
      if missing.isEmpty {
        state.completed[chunk.number] = done
      } else {
        partial[chunk.number] = done
        failures += missing
      }
      if let failure = await saveProgress(state, plan: plan) { throw Stop(failure) }
    }
    return (failures, partial)
  }

  /// Summarizes one chunk: the whole, or, when the model rejects it, its halves in turn, each
  /// halved again while the model rejects it, up to ``ProfilePolicy/maxSplitDepth``. A piece
  /// that is still rejected when it cannot be halved again, after at least one split, is taken
  /// to be too long for the model: `contextWouldOverflow`, with its estimate.
  ///
  /// - Returns: the sections summarized, in page order (`nil` when there are none), and the
  ///   pieces that failed.
  private mutating func summarize(
    _ chunk: ChunkPiece, saving state: CheckpointState, plan: ChunkPlan
  ) async throws(Stop) -> (CheckpointState.CompletedChunk?, [ChunkFailure]) {
    var sections: [ProfileSummary.Section] = []
    var withheld: [WithheldPoint] = []
    var attempts = 0
    var failures: [ChunkFailure] = []
    var pending = [chunk]
    while !pending.isEmpty {
      let piece = pending.removeFirst()
      let prompt = piece.prompt
      let request = ProfileModelRequest(
        stepID: piece.stepID, schema: .summaryChunk, instructions: Instructions.chunk,
        prompt: prompt,
        responseTokens: policy.chunkResponseTokens)
      let (result, used) = await call(request, decode: SummaryChunkAnswer.self)
      attempts += used
      var failure: ProfileFailure
      switch result {
      case .success(let answer):
        let (section, held) = verified(answer, pages: piece.pages, source: prompt)
        sections.append(section)
        withheld += held
        record(piece.stepID, attempts: used, .completed)
        continue
      case .failure(.stepRejected(let message)):
        if piece.depth < policy.maxSplitDepth, let (left, right) = piece.halves() {
          record(
            piece.stepID, attempts: used,
            .notPromoted(StepFailureText.split(left.stepID, right.stepID, rejected: message)))
          pending.insert(contentsOf: [left, right], at: 0)
          continue
        }
        failure = .modelFailed(StepFailureText.rejected(message))
        if piece.depth > 0 {
          failure = .contextWouldOverflow(
            estimatedTokens: TokenEstimate.tokens(in: Instructions.chunk)
              + TokenEstimate.tokens(in: prompt) + policy.chunkResponseTokens)
        }
      case .failure(let stopped):
        failure = stopped.failure
        if stopped.endsTheRun {
          record(piece.stepID, attempts: used, .failed(failure))
          _ = await saveProgress(state, plan: plan)
          throw Stop(failure)
        }
      }
      record(piece.stepID, attempts: used, .failed(failure))
      failures.append(ChunkFailure(pages: piece.parts.map(\.pageNumber), failure: failure))
    }
    guard let first = sections.first else { return (nil, failures) }
    let done = CheckpointState.CompletedChunk(
      section: first, withheld: withheld, attempts: attempts,
      splitSections: sections.count > 1 ? Array(sections.dropFirst()) : nil)
    return (done, failures)
  }

  /// The completed chunks in plan order, and those summarized in part. A partial success
  /// keeps the good sections; a run with no section at all is a failure, reported as its first
  /// chunk's failure.
  private func completedSections(
    _ plan: ChunkPlan, state: CheckpointState, partial: [Int: CheckpointState.CompletedChunk],
    failures: [ChunkFailure]
  ) throws(Stop) -> [CheckpointState.CompletedChunk] {
    let completed = plan.chunks.compactMap { state.completed[$0.number] ?? partial[$0.number] }
    guard !completed.isEmpty else {
      throw Stop(failures.first?.failure ?? .invalidInput("nothing to summarize"))
    }
    return completed
  }

  /// The summary: titled, translated when the translation proves out, with coverage in
  /// original page numbers and both page counts, so a reader sees "pages 1–30 of 100".
  private mutating func assembleSummary(
    _ completed: [CheckpointState.CompletedChunk], plan: ChunkPlan,
    counts: (capped: Int, original: Int), failures: [ChunkFailure]
  ) async throws(Stop) -> ProfileSummary {
    var sections = completed.flatMap(\.sections)
    var title = sections[0].headline
    if sections.count > 1 {
      switch await makeTitle(sections.map(\.headline)) {
      case .success(let made): title = made
      case .failure(let failure): throw Stop(failure.failure)
      }
    }
    var language = sourceLanguage(plan.sample)
    if let translated = await translate(title: title, sections: sections, from: language) {
      (title, sections) = translated
      language = command.targetLanguage
    }
    let missingNumbers =
      plan.unreadable.map(\.pageNumber)
      + failures.flatMap(\.pages)
    let coverage = PageCoverage(
      pageCount: counts.capped, originalPageCount: counts.original,
      missingPages: PageRange.covering(missingNumbers))
    return ProfileSummary(
      command: command, title: title, language: language, sections: sections, coverage: coverage,
      withheldPoints: completed.flatMap(\.withheld), receipt: receipt)
  }

  /// A partial summary keeps the checkpoint, so re-submitting retries only what failed, and
  /// never touches the canonical body. A complete one is saved as the body, then the checkpoint
  /// goes.
  private func finish(_ summary: ProfileSummary, plan: ChunkPlan, failures: [ChunkFailure])
    async throws(Stop) -> ProfileOutcome
  {
    if !failures.isEmpty || !plan.unreadable.isEmpty {
      let pageFailures = plan.unreadable.map {
        ProfileFailure.invalidInput("page \($0.pageNumber) could not be read")
      }
      return .partial(summary, failures: pageFailures + failures.map(\.failure))
    }
    do {
      try await core.store.saveSummary(summary)
    } catch {
      throw Stop(.executionStoreUnavailable)
    }
    do {
      try await core.store.removeCheckpoint(for: command)
    } catch {
      // The summary is saved; a leftover checkpoint only makes the next run skip work.
    }
    return .completed(summary)
  }

  /// A chunk that could not be summarized, and why.
  struct ChunkFailure {
    /// The page numbers of the units that are missing, one per unit.
    let pages: [Int]
    let failure: ProfileFailure
  }

  // MARK: - Model calls

  /// How a step's call ended badly. Only the first case lets the run go on.
  enum CallFailure: Error {
    /// This step failed (still transient after every attempt, malformed twice); the run goes on
    /// without it.
    case stepFailed(ProfileFailure)
    /// The model rejected this input, with its message: a chunk may be split and asked again;
    /// any other step goes on without it.
    case stepRejected(String)
    /// The model cannot go on: it is unavailable, failed permanently, or the executor broke its
    /// contract. The run stops.
    case modelStopped(ProfileFailure)
    /// The call budget is spent. The run stops with its progress saved; a title falls back to
    /// the first headline instead.
    case budgetSpent(ProfileFailure)

    /// The failure the receipt and the outcome report.
    var failure: ProfileFailure {
      switch self {
      case .stepFailed(let failure), .modelStopped(let failure), .budgetSpent(let failure): failure
      case .stepRejected(let message): .modelFailed(StepFailureText.rejected(message))
      }
    }

    /// Whether a chunk failing this way stops the run.
    var endsTheRun: Bool {
      switch self {
      case .stepFailed, .stepRejected: false
      case .modelStopped, .budgetSpent: true
      }
    }
  }

  /// Calls the model for one step: transient errors retried with backoff up to
  /// `maxAttempts`, a malformed answer retried once, every call counted against the budget.
  mutating func call<Answer: Decodable>(_ request: ProfileModelRequest, decode: Answer.Type) async
    -> (Result<Answer, CallFailure>, attempts: Int)
  {
    var attempts = 0
    var malformed = 0
    var transient = 0
    while true {
      guard calls < policy.maxModelCalls else {
        return (
          .failure(.budgetSpent(.modelCallBudgetExceeded(limit: policy.maxModelCalls))), attempts
        )
      }
      calls += 1
      attempts += 1
      do {
        let data = try await core.model.generate(request)
        if let answer = Self.decode(data, as: Answer.self) { return (.success(answer), attempts) }
        malformed += 1
        if malformed >= 2 {
          return (
            .failure(
              .stepFailed(
                .malformedModelOutput("the \(request.schema) answer did not decode twice"))),
            attempts
          )
        }
      } catch let error as ProfileModelExecutionError {
        switch error {
        case .unavailable:
          return (.failure(.modelStopped(.modelUnavailable)), attempts)
        case .permanent(let message):
          return (.failure(.modelStopped(.modelFailed(message))), attempts)
        case .rejected(let message):
          return (.failure(.stepRejected(message)), attempts)
        case .transient(let message):
          transient += 1
          if attempts >= policy.maxAttempts {
            return (
              .failure(
                .stepFailed(
                  .modelFailed(StepFailureText.stillFailing(attempts: attempts, message)))),
              attempts
            )
          }
          let delay = policy.backoffMilliseconds << min(transient - 1, 16)
          await core.clock.sleep(for: .milliseconds(delay))
        }
      } catch {
        // The executor broke its contract: the core does not guess, it stops.
        return (
          .failure(
            .modelStopped(
              .modelFailed(
                "the executor threw \(type(of: error)), not a ProfileModelExecutionError"))),
          attempts
        )
      }
    }
  }

  static func decode<Answer: Decodable>(_ data: Data, as type: Answer.Type) -> Answer? {
    guard let answer = try? CanonicalJSON.decode(type, from: data) else { return nil }
    if let chunk = answer as? SummaryChunkAnswer,
      chunk.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    {
      return nil
    }
    if let title = answer as? SummaryTitleAnswer,
      title.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    {
      return nil
    }
    return answer
  }

  // MARK: - Facts

  /// The section, with points whose facts stand in the source; the others withheld. A headline
  /// whose facts do not stand is replaced by a neutral one naming its pages.
  func verified(_ answer: SummaryChunkAnswer, pages: PageRange, source: String) -> (
    ProfileSummary.Section, [WithheldPoint]
  ) {
    let check = FactCheck(source: source)
    var points: [String] = []
    var withheld: [WithheldPoint] = []
    for point in answer.points {
      let missing = check.unverified(point)
      if missing.isEmpty {
        points.append(point)
      } else {
        withheld.append(WithheldPoint(text: point, unverified: missing))
      }
    }
    var headline = answer.title.trimmingCharacters(in: .whitespacesAndNewlines)
    let missing = check.unverified(headline)
    if !missing.isEmpty {
      withheld.append(WithheldPoint(text: headline, unverified: missing))
      headline =
        pages.first == pages.last ? "Page \(pages.first)" : "Pages \(pages.first)–\(pages.last)"
    }
    return (ProfileSummary.Section(pages: pages, headline: headline, points: points), withheld)
  }

  // MARK: - Title

  mutating func makeTitle(_ headlines: [String]) async -> Result<String, CallFailure> {
    let budget =
      policy.contextTokens - TokenEstimate.tokens(in: Instructions.title)
      - policy.titleResponseTokens
    var used: [String] = []
    for headline in headlines {
      let next = (used + [headline]).joined(separator: "\n")
      if TokenEstimate.tokens(in: next) > budget, !used.isEmpty { break }
      used.append(headline)
    }
    if used.count < headlines.count {
      record(
        "title-headlines",
        .notPromoted(
          "used the first \(used.count) of \(headlines.count) headlines; the rest did not fit the context window"
        ))
    }
    let request = ProfileModelRequest(
      stepID: "title", schema: .summaryTitle, instructions: Instructions.title,
      prompt: used.joined(separator: "\n"),
      responseTokens: policy.titleResponseTokens)
    let (result, attempts) = await call(request, decode: SummaryTitleAnswer.self)
    switch result {
    case .success(let answer):
      record("title", attempts: attempts, .completed)
      return .success(answer.title.trimmingCharacters(in: .whitespacesAndNewlines))
    case .failure(let failure):
      record("title", attempts: attempts, .failed(failure.failure))
      // A title that failed falls back to the first headline; only a model that stopped stops
      // the run here.
      if case .modelStopped = failure { return .failure(failure) }
      return .success(headlines[0])
    }
  }

  // MARK: - Language

  func sourceLanguage(_ sample: String) -> String {
    if let language = command.sourceLanguage { return language }
    return core.languages.identify(sample)?.language ?? command.targetLanguage
  }

  /// The decimal digits `text` holds, sorted, in any script (Arabic-Indic, Devanagari… count as
  /// their values): separators and order may change in translation, the digits may not.
  static func digits(_ text: String) -> [Double] {
    text.unicodeScalars.compactMap { scalar in
      scalar.properties.numericType == .decimal ? scalar.properties.numericValue : nil
    }.sorted()
  }

  /// The translated title and sections, when the translation proves out (as many fields as were
  /// sent, each with its source's digits, and every field of 12 letters or more, at least one,
  /// in the target language); otherwise `nil`, with the reason in the receipt.
  mutating func translate(title: String, sections: [ProfileSummary.Section], from source: String)
    async
    -> (String, [ProfileSummary.Section])?
  {
    guard primarySubtag(source) != primarySubtag(command.targetLanguage) else { return nil }
    guard let translator = core.translator else {
      record("translate", .skipped("no translator is configured; the summary stays in \(source)"))
      return nil
    }
    var texts = [title]
    for section in sections {
      texts.append(section.headline)
      texts.append(contentsOf: section.points)
    }
    let output: [String]
    do {
      output = try await translator.translate(texts, from: source, to: command.targetLanguage)
    } catch {
      record(
        "translate",
        .notPromoted("the translator threw \(type(of: error)); the summary stays in \(source)"))
      return nil
    }
    guard output.count == texts.count else {
      record(
        "translate",
        .notPromoted(
          "sent \(texts.count) texts, got \(output.count) back; the summary stays in \(source)"))
      return nil
    }
    // Digits are the same in every language: a field that gains or loses one (a list number
    // echoed in front, a figure dropped) is not a translation of its source.
    for (index, (text, original)) in zip(output, texts).enumerated()
    where Self.digits(text) != Self.digits(original) {
      record(
        "translate",
        .notPromoted(
          "field \(index) changes the digits of its source (\"\(text.prefix(60))\" for \"\(original.prefix(60))\"); the summary stays in \(source)"
        ))
      return nil
    }
    var proven = false
    for (index, text) in output.enumerated() where text.filter(\.isLetter).count >= 12 {
      guard core.languages.proves(text, isIn: command.targetLanguage) else {
        let found = core.languages.identify(text)?.language ?? "nothing"
        record(
          "translate",
          .notPromoted(
            "field \(index) reads as \(found), not \(command.targetLanguage); the summary stays in \(source)"
          ))
        return nil
      }
      proven = true
    }
    // Nothing long enough to identify proves nothing: the translation is not taken on trust.
    guard proven else {
      record(
        "translate",
        .notPromoted(
          "no field has the 12 letters it takes to prove \(command.targetLanguage); the summary stays in \(source)"
        ))
      return nil
    }
    record("translate", .completed)
    var cursor = 1
    var translated: [ProfileSummary.Section] = []
    for section in sections {
      let headline = output[cursor]
      let points = Array(output[(cursor + 1)..<(cursor + 1 + section.points.count)])
      cursor += 1 + section.points.count
      translated.append(
        ProfileSummary.Section(pages: section.pages, headline: headline, points: points))
    }
    return (output[0], translated)
  }

  // MARK: - Progress

  /// Saves the progress; the failure to return when the store cannot.
  mutating func saveProgress(_ state: CheckpointState, plan: ChunkPlan) async -> ProfileFailure? {
    let checkpoint = ProfileCheckpoint(
      command: command, phase: "chunks:\(state.completed.count)/\(plan.chunks.count)",
      payload: state.encoded(),
      receipt: receipt)
    do {
      try await core.store.saveCheckpoint(checkpoint)
      return nil
    } catch {
      return .executionStoreUnavailable
    }
  }
}
