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
  /// `window` of its tokens, as a server rejects a request past its context.
  static func denseTokenizer(factor: Double, window: Int) -> ScriptedModel {
    ScriptedModel { request, number in
      let counted = Double(TokenEstimate.tokens(in: request.prompt)) * factor
      if request.schema == .summaryChunk, counted > Double(window) {
        throw ProfileModelExecutionError.rejected("\(Int(counted)) tokens exceed \(window)")
      }
      return try ScriptedModel.extractive(request, number)
    }
  }

  /// Whatever the tokenizer's density, a run with the depth and the calls to spare summarizes
  /// every sentence the model accepts alone, sends no prompt it refused to a completed step,
  /// and is missing exactly the pages holding a sentence it refuses even alone.
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
      let window = Int.random(in: 12...60, using: &random)
      let policy = ProfilePolicy(
        contextTokens: 300, chunkResponseTokens: 40, titleResponseTokens: 16, maxModelCalls: 10_000,
        maxSplitDepth: 16)
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

  @Test func splitStepsAreAskedDepthFirstAndEachCallCounts() async {
    let model = ScriptedModel { request, number in
      if ["chunk-1", "chunk-1.1"].contains(request.stepID) {
        throw ProfileModelExecutionError.rejected("too long")
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
          == .notPromoted("split in two: chunk-1.1 and chunk-1.2, after rejected: too long"))
    }
  }
}
