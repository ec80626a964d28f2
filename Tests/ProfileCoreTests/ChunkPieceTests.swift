import Foundation
import ProfileContracts
import Testing

@testable import ProfileCore

/// A rejected chunk split in two, and the core's decision around it: properties over seeded
/// random documents and models whose tokenizer counts more than the estimate. Replay one seed
/// with `SPLIT_SEED=<seed> swift test --filter ChunkPieceTests`.
@Suite struct ChunkPieceTests {
  static let seeds: [UInt64] =
    ProcessInfo.processInfo.environment["SPLIT_SEED"].flatMap(UInt64.init).map { [$0] }
    ?? Array(0..<300)

  static func sentence(_ random: inout ProfileCoreFuzzTests.Generator, page: Int, index: Int)
    -> String
  {
    let words = ["ferries", "route", "harbor", "council", "Monday", "report", "crossing", "dock"]
    let count = Int.random(in: 1...14, using: &random)
    let body = (0..<count).map { _ in words.randomElement(using: &random) ?? "dock" }
    return "Page \(page) line \(index) \(body.joined(separator: " "))."
  }

  @Test func halvesKeepEveryUnitAndSentenceInOrder() {
    for seed in Self.seeds {
      var random = ProfileCoreFuzzTests.Generator(state: seed)
      let count = Int.random(in: 1...6, using: &random)
      let parts = (0..<count).map { index in
        let sentences = (0..<Int.random(in: 1...5, using: &random)).map {
          Self.sentence(&random, page: index + 1, index: $0)
        }
        return ChunkPiece.Part(pageNumber: index + 1, text: sentences.joined(separator: " "))
      }
      let piece = ChunkPiece(stepID: "chunk-4", parts: parts, depth: 2)
      let context = "seed \(seed) (replay with SPLIT_SEED=\(seed))"
      guard let (left, right) = piece.halves() else {
        #expect(count == 1 && Sentences.split(parts[0].text).count == 1, "\(context)")
        continue
      }
      #expect([left.stepID, right.stepID] == ["chunk-4.1", "chunk-4.2"], "\(context)")
      #expect(left.depth == 3 && right.depth == 3, "\(context)")
      if count > 1 {
        // Along units: the first half takes the odd one.
        #expect(left.parts + right.parts == parts, "\(context)")
        #expect(left.parts.count == (count + 1) / 2, "\(context)")
      } else {
        let sentences = Sentences.split(parts[0].text)
        let halves = Sentences.split(left.prompt) + Sentences.split(right.prompt)
        #expect(halves == sentences, "\(context)")
        #expect(Sentences.split(left.prompt).count == (sentences.count + 1) / 2, "\(context)")
        #expect(left.pages == piece.pages && right.pages == piece.pages, "\(context)")
      }
    }
  }

  @Test func aSingleSentenceCannotBeHalved() {
    let piece = ChunkPiece(
      stepID: "chunk-1", parts: [.init(pageNumber: 3, text: "One sentence only.")], depth: 0)
    #expect(piece.halves() == nil)
  }

  /// A model whose tokenizer counts `factor` times the estimate, rejecting a prompt over
  /// `window` of its tokens with llama-server's words, as a server rejects a request past its
  /// context.
  static func denseTokenizer(factor: Double, window: Int) -> ScriptedModel {
    ScriptedModel { request, number in
      let counted = Double(TokenEstimate.tokens(in: request.prompt)) * factor
      if request.schema == .summaryChunk, counted > Double(window) {
        throw ProfileModelExecutionError.rejected(
          "request (\(Int(counted)) tokens) exceeds the available context size (\(window) tokens), try increasing it"
        )
      }
      return try ScriptedModel.extractive(request, number)
    }
  }

  /// The room a chunk's prompt has in `policy`'s window.
  static func room(_ policy: ProfilePolicy) -> Int {
    policy.contextTokens - TokenEstimate.tokens(in: Instructions.chunk) - policy.chunkResponseTokens
  }

  /// A document of 1 to `maxPages` pages of 1 to 6 random sentences each.
  static func document(_ random: inout ProfileCoreFuzzTests.Generator, maxPages: Int) -> [String] {
    (1...Int.random(in: 1...maxPages, using: &random)).map { page in
      (0..<Int.random(in: 1...6, using: &random)).map {
        Self.sentence(&random, page: page, index: $0)
      }.joined(separator: " ")
    }
  }

  /// The chunk a piece's step belongs to (`chunk-2` for `chunk-2.1.2`), and its depth.
  static func chunkAndDepth(_ stepID: String) -> (chunk: String, depth: Int) {
    let parts = stepID.split(separator: ".")
    return (String(parts[0]), parts.count - 1)
  }

  /// Whatever the tokenizer's density, a run against a server whose window holds a quarter of
  /// the planned room summarizes every sentence the model accepts alone, sends no prompt it
  /// refused to a completed step, and is missing exactly the pages holding a sentence it refuses
  /// even alone.
  @Test func everySentenceTheModelAcceptsAloneIsSummarized() async {
    for seed in Self.seeds.prefix(120) {
      var random = ProfileCoreFuzzTests.Generator(state: seed &+ 7_000)
      let pageCount = Int.random(in: 1...6, using: &random)
      let pages = (1...pageCount).map { page in
        (0..<Int.random(in: 1...6, using: &random)).map {
          Self.sentence(&random, page: page, index: $0)
        }.joined(separator: " ")
      }
      let factor = Double.random(in: 1.0...4.0, using: &random)
      let policy = ProfilePolicy(
        contextTokens: 300, chunkResponseTokens: 40, titleResponseTokens: 16, maxModelCalls: 10_000,
        maxSplitDepth: 16)
      // A size problem that halving twice can fix: a quarter of the room always fits.
      let quarter = Int((factor * Double(Self.room(policy)) / 4).rounded(.up))
      let window = Int.random(in: quarter...(quarter * 4), using: &random)
      let model = Self.denseTokenizer(factor: factor, window: window)
      let outcome = await Fixture.core(
        model: model, documents: MemoryDocuments(pages: pages), policy: policy
      ).run(Fixture.command)
      let context = "seed \(seed) (replay with SPLIT_SEED=\(seed))"
      let refusedAlone = Set(
        pages.enumerated().filter { _, text in
          Sentences.split(text).contains {
            Double(TokenEstimate.tokens(in: $0)) * factor > Double(window)
          }
        }.map { $0.offset + 1 })
      guard let summary = outcome.summary else {
        // Nothing summarized: every page holds a sentence refused alone.
        #expect(refusedAlone == Set(1...pageCount), "\(context): \(outcome)")
        continue
      }
      let missing = Set(summary.coverage.missingPages.flatMap { Array($0.first...$0.last) })
      #expect(missing == refusedAlone, "\(context)")
      #expect(outcome.kind == (refusedAlone.isEmpty ? "completed" : "partial"), "\(context)")
      // Every sentence accepted alone is a point of some section (the model quotes its first
      // two sentences, so each section's first sentence stands for the piece).
      let summarized = model.requests.filter { request in
        request.schema == .summaryChunk
          && Double(TokenEstimate.tokens(in: request.prompt)) * factor <= Double(window)
      }
      #expect(summarized.count == summary.sections.count, "\(context)")
      let covered = summarized.flatMap { Sentences.split($0.prompt) }
      let accepted = pages.flatMap(Sentences.split).filter {
        Double(TokenEstimate.tokens(in: $0)) * factor <= Double(window)
      }
      #expect(covered == accepted, "\(context)")
      // Sections stand in page order.
      let firsts = summary.sections.map(\.pages.first)
      #expect(firsts == firsts.sorted(), "\(context)")
    }
  }

  @Test func aChunkSummarizedInPiecesIsRestoredWholeFromItsCheckpoint() async throws {
    let store = RecordingStore()
    let documents = MemoryDocuments(pages: Fixture.pages(3))
    // The first run: chunk 1 is summarized in two pieces, chunk 2 fails in both of its.
    let first = ScriptedModel { request, number in
      if request.stepID == "chunk-1" || request.stepID.hasPrefix("chunk-2") {
        throw ProfileModelExecutionError.rejected("too long")
      }
      return try ScriptedModel.extractive(request, number)
    }
    let partial = await Fixture.core(
      model: first, documents: documents, store: store, policy: Fixture.onePagePerChunk
    ).run(Fixture.command)
    #expect(partial.kind == "partial")
    #expect(partial.summary?.sections.map(\.pages) == [1, 1, 3].map { PageRange(page: $0) })
    #expect(partial.summary?.coverage.missingPages == [PageRange(page: 2)])
    let checkpoint = try #require(try await store.base.loadCheckpoint(for: Fixture.command))
    let state = try #require(CheckpointState.decode(checkpoint.payload))
    // Chunk 1 is kept with both its sections; chunk 2, summarized in part, is not kept.
    #expect(state.completed[1]?.sections.count == 2)
    #expect(state.completed[1]?.attempts == 3)
    #expect(state.completed[2] == nil)
    #expect(state.completed[3]?.splitSections == nil)
    // The second run asks only about chunk 2, whole, and restores chunk 1's two sections.
    let second = ScriptedModel()
    let again = await Fixture.core(
      model: second, documents: documents, store: store, policy: Fixture.onePagePerChunk
    ).run(Fixture.command)
    #expect(again.kind == "completed")
    #expect(second.stepIDs == ["chunk-2", "title"])
    #expect(again.summary?.sections.map(\.pages) == [1, 1, 2, 3].map { PageRange(page: $0) })
    #expect(again.summary?.sections.prefix(2) == partial.summary?.sections.prefix(2))
  }

  /// A rejection whose words are not about size, from a content filter, a refusal or a server
  /// the core does not know, costs each chunk at most three calls, whatever the document, the
  /// window and the pages refused: the refused pages are missing, named with the model's words,
  /// and only pages that shared a piece with them are missing too; the budget is never spent.
  @Test func aRejectionNotAboutSizeCostsAChunkAtMostThreeCalls() async {
    let messages = [
      "the server's content filter stopped the answer",
      "the model refused: I can't help with that.",
      "HTTP 400 (content_filter): The response was filtered", "too long", "policy violation",
      "request rejected", "",
    ]
    for seed in Self.seeds.prefix(150) {
      var random = ProfileCoreFuzzTests.Generator(state: seed &+ 9_000)
      let pages = Self.document(&random, maxPages: 10)
      let refused = Set((1...pages.count).filter { _ in Bool.random(using: &random) })
      let message = messages.randomElement(using: &random) ?? ""
      let policy = ProfilePolicy(
        contextTokens: Int.random(in: 120...600, using: &random), chunkResponseTokens: 40,
        titleResponseTokens: 16)
      let model = ScriptedModel { request, number in
        if request.schema == .summaryChunk,
          refused.contains(where: { request.prompt.contains("Page \($0) line") })
        {
          throw ProfileModelExecutionError.rejected(message)
        }
        return try ScriptedModel.extractive(request, number)
      }
      let outcome = await Fixture.core(
        model: model, documents: MemoryDocuments(pages: pages), policy: policy
      ).run(Fixture.command)
      let context = "seed \(seed) (replay with SPLIT_SEED=\(seed))"
      let calls = Dictionary(grouping: model.stepIDs.filter { $0.hasPrefix("chunk-") }) {
        Self.chunkAndDepth($0).chunk
      }
      #expect(calls.values.allSatisfy { $0.count <= 3 }, "\(context): \(model.stepIDs)")
      let failures: [ProfileFailure]
      switch outcome {
      case .failed(let failure, _): failures = [failure]
      case .partial(_, let partial): failures = partial
      case .completed: failures = []
      }
      #expect(refused.isEmpty == failures.isEmpty, "\(context): \(outcome)")
      for failure in failures {
        guard case .modelFailed(let text) = failure else {
          Issue.record("\(context): \(failure) is not the model's rejection")
          continue
        }
        #expect(text.hasPrefix("the model rejected page"), "\(context): \(text)")
        #expect(text.hasSuffix("(\(message))"), "\(context): \(text)")
      }
      if let summary = outcome.summary {
        let missing = Set(summary.coverage.missingPages.flatMap { Array($0.first...$0.last) })
        #expect(refused.isSubset(of: missing), "\(context)")
        // A page is missing only beside a refused one, in a piece the model was asked about.
        for page in missing.subtracting(refused) {
          let shared = model.requests.contains { request in
            request.prompt.contains("Page \(page) line")
              && refused.contains(where: { request.prompt.contains("Page \($0) line") })
          }
          #expect(shared, "\(context): page \(page) missing alone")
        }
      }
    }
  }

  /// A server that rejects every call as too long is believed while halving can plausibly help:
  /// a piece is halved again only while its prompt fills over a quarter of its room, and the
  /// run ends with the pieces given up as contextWouldOverflow, never with the budget spent.
  @Test func aSizeRejectionThatPersistsIsGivenUpWellInsideTheWindow() async {
    for seed in Self.seeds.prefix(150) {
      var random = ProfileCoreFuzzTests.Generator(state: seed &+ 11_000)
      let pages = Self.document(&random, maxPages: 8)
      let policy = ProfilePolicy(
        contextTokens: Int.random(in: 120...600, using: &random), chunkResponseTokens: 40,
        titleResponseTokens: 16, maxModelCalls: 10_000, maxSplitDepth: 16)
      let model = ScriptedModel { request, _ in
        throw ProfileModelExecutionError.rejected(
          "This model's maximum context length is 10 tokens. However, you requested 90 tokens.")
      }
      let outcome = await Fixture.core(
        model: model, documents: MemoryDocuments(pages: pages), policy: policy
      ).run(Fixture.command)
      let context = "seed \(seed) (replay with SPLIT_SEED=\(seed))"
      guard case .failed(.contextWouldOverflow, _) = outcome else {
        Issue.record("\(context): \(outcome)")
        continue
      }
      let prompts = Dictionary(
        model.requests.map { ($0.stepID, TokenEstimate.tokens(in: $0.prompt)) },
        uniquingKeysWith: { first, _ in first })
      for request in model.requests where Self.chunkAndDepth(request.stepID).depth >= 2 {
        let parent = String(request.stepID.dropLast(2))
        let tokens = prompts[parent] ?? 0
        #expect(tokens * 4 > Self.room(policy), "\(context): \(parent) was halved at \(tokens)")
      }
    }
  }

  @Test func splitStepsAreAskedDepthFirstAndEachCallCounts() async {
    let tooLong = "the request exceeds the available context size, try increasing it"
    let model = ScriptedModel { request, number in
      if ["chunk-1", "chunk-1.1"].contains(request.stepID) {
        throw ProfileModelExecutionError.rejected(tooLong)
      }
      return try ScriptedModel.extractive(request, number)
    }
    let policy = ProfilePolicy(
      contextTokens: 200, chunkResponseTokens: 40, titleResponseTokens: 16, maxModelCalls: 4)
    let outcome = await Fixture.core(
      model: model, documents: MemoryDocuments(pages: Fixture.pages(4)), policy: policy
    ).run(Fixture.command)
    // Four pages in one chunk: halves of two pages, then of one; the fifth call is over budget.
    #expect(model.stepIDs == ["chunk-1", "chunk-1.1", "chunk-1.1.1", "chunk-1.1.2"])
    #expect(outcome.kind == "failed")
    if case .failed(let failure, let receipt) = outcome {
      #expect(failure == .modelCallBudgetExceeded(limit: 4))
      #expect(
        receipt.steps.map(\.status).first
          == .notPromoted("split in two: chunk-1.1 and chunk-1.2, after rejected: \(tooLong)"))
    }
  }
}
