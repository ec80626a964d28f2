import Foundation
import ProfileContracts

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

  var policy: ProfilePolicy { core.policy }

  func failed(_ failure: ProfileFailure) -> ProfileOutcome {
    .failed(failure, receipt: receipt)
  }

  mutating func record(_ stepID: String, attempts: Int = 0, _ status: ProfileStepStatus) {
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
  func requireRegisteredProfile() throws(Stop) {
    guard ProfileCore.registeredProfiles.contains(command.profile) else {
      throw Stop(.unsupportedProfile(command.profile))
    }
  }

  /// The checkpoint comes first: a store that cannot be read stops the run before any page is
  /// read or any model call is spent.
  func loadCheckpoint(required: Bool) async throws(Stop) -> ProfileCheckpoint? {
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
  func readPageCounts() async throws(Stop) -> (capped: Int, original: Int) {
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
  mutating func planChunks(pageCount: Int) async throws(Stop) -> ChunkPlan {
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
  mutating func resumedState(from checkpoint: ProfileCheckpoint?, plan: ChunkPlan)
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
  mutating func summarizeChunks(_ plan: ChunkPlan, state: inout CheckpointState)
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

  /// Summarizes one chunk: the whole, or, when the model rejects it and its size can explain
  /// the rejection, its halves in turn (``mayHalve(_:promptTokens:aboutSize:)``). A piece the model
  /// still rejects is given up: `contextWouldOverflow`, with its estimate, when the server said
  /// it did not fit; otherwise `modelFailed`, "the model rejected pages …", with its message.
  ///
  /// - Returns: the sections summarized, in page order (`nil` when there are none), and the
  ///   pieces that failed.
  mutating func summarize(
    _ chunk: ChunkPiece, saving state: CheckpointState, plan: ChunkPlan
  ) async throws(Stop) -> (CheckpointState.CompletedChunk?, [ChunkFailure]) {
    var sections: [ProfileSummary.Section] = []
    var withheld: [WithheldPoint] = []
    var attempts = 0
    var failures: [ChunkFailure] = []
    var pending = [chunk]
    var rejection: String?
    var refusals = 0
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
        let (section, held) = verified(
          answer, pages: piece.pages, source: prompt, language: sourceLanguage(plan.sample))
        sections.append(section)
        withheld += held
        record(piece.stepID, attempts: used, .completed)
        continue
      case .failure(.stepRejected(let message)):
        rejection = rejection ?? message
        let promptTokens = TokenEstimate.tokens(in: prompt)
        let aboutSize = ContextOverflowMessages.isAboutSize(message)
        if mayHalve(piece, promptTokens: promptTokens, aboutSize: aboutSize),
          let (left, right) = piece.halves()
        {
          record(
            piece.stepID, attempts: used,
            .notPromoted(StepFailureText.split(left.stepID, right.stepID, rejected: message)))
          pending.insert(contentsOf: [left, right], at: 0)
          continue
        }
        if aboutSize {
          failure = .contextWouldOverflow(
            estimatedTokens: TokenEstimate.tokens(in: Instructions.chunk) + promptTokens
              + policy.chunkResponseTokens)
        } else {
          failure = .modelFailed(StepFailureText.refused(piece.pages, message))
          refusals += 1
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
    guard let first = sections.first else {
      // Every piece refused: one failure for the chunk's pages, in the model's first words.
      if refusals == failures.count, let message = rejection {
        let refused = ProfileFailure.modelFailed(StepFailureText.refused(chunk.pages, message))
        return (nil, [ChunkFailure(pages: chunk.parts.map(\.pageNumber), failure: refused)])
      }
      return (nil, failures)
    }
    let done = CheckpointState.CompletedChunk(
      section: first, withheld: withheld, attempts: attempts,
      splitSections: sections.count > 1 ? Array(sections.dropFirst()) : nil)
    return (done, failures)
  }

  /// Whether to halve a piece the model rejected: only when its size can explain the rejection,
  /// and never past ``ProfilePolicy/maxSplitDepth``. Sizes are the prompt's estimate against
  /// its room in the window, what the instructions and the answer leave of it.
  ///
  /// - The chunk itself is halved when the server said it did not fit (`aboutSize`, one of
  ///   ``ContextOverflowMessages``), or when its prompt's estimate is over half that room, near
  ///   enough to the window that the model may count it as more: one split tells size from
  ///   refusal.
  /// - A piece already halved is halved again only when the server said it did not fit and its
  ///   prompt is still over a quarter of the room. A size problem does not survive halving
  ///   twice, so a piece well inside the window that is rejected again is given up.
  ///
  /// A rejection not about size therefore costs at most three calls: the chunk and its halves.
  func mayHalve(_ piece: ChunkPiece, promptTokens: Int, aboutSize: Bool) -> Bool {
    guard piece.depth < policy.maxSplitDepth else { return false }
    let room =
      policy.contextTokens - TokenEstimate.tokens(in: Instructions.chunk)
      - policy.chunkResponseTokens
    if piece.depth == 0 { return aboutSize || promptTokens * 2 > room }
    return aboutSize && promptTokens * 4 > room
  }

  /// The completed chunks in plan order, and those summarized in part. A partial success
  /// keeps the good sections; a run with no section at all is a failure, reported as its first
  /// chunk's failure.
  func completedSections(
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
  mutating func assembleSummary(
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
  func finish(_ summary: ProfileSummary, plan: ChunkPlan, failures: [ChunkFailure])
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
}
