import Foundation
import ProfileContracts
import Testing

@testable import ProfileCore

/// The decision loop under seeded random fault schedules: a thousand documents, each with random
/// unreadable pages, budgets, and a model that fails at random. Replay one seed with
/// `CORE_FUZZ_SEED=<seed> swift test --filter ProfileCoreFuzzTests`.
@Suite struct ProfileCoreFuzzTests {
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// A model whose every call draws its fate from the seed.
  static func faultyModel(seed: UInt64) -> ScriptedModel {
    ScriptedModel { request, number in
      var random = Generator(state: seed &* 31 &+ UInt64(number))
      let roll = Double.random(in: 0..<1, using: &random)
      switch roll {
      case ..<0.15: throw ProfileModelExecutionError.transient("busy")
      case ..<0.20: throw ProfileModelExecutionError.rejected("refused")
      case ..<0.22: throw ProfileModelExecutionError.permanent("gone")
      case ..<0.24: throw ProfileModelExecutionError.unavailable
      case ..<0.32: return Data("{\"title\": 3}".utf8)
      case ..<0.34: return Data(repeating: 0x7B, count: 100_000)
      case ..<0.36: return Data()
      default: return try ScriptedModel.extractive(request, number)
      }
    }
  }

  @Test func invariantsHoldForAThousandFaultSchedules() async throws {
    let seeds: [UInt64] =
      ProcessInfo.processInfo.environment["CORE_FUZZ_SEED"].flatMap(UInt64.init).map { [$0] }
      ?? Array(0..<1000)
    var violations: [String] = []
    for seed in seeds {
      var random = Generator(state: seed)
      let pageCount = Int.random(in: 1...10, using: &random)
      let unreadable = Set(
        (0..<pageCount).filter { _ in Double.random(in: 0..<1, using: &random) < 0.1 })
      let cap = Bool.random(using: &random) ? Int.random(in: 1...pageCount, using: &random) : nil
      var policy = Fixture.onePagePerChunk
      policy.maxModelCalls = Int.random(in: 2...25, using: &random)
      let documents = MemoryDocuments(
        pages: Fixture.pages(pageCount), cap: cap, unreadable: unreadable)
      let store = RecordingStore()
      let model = Self.faultyModel(seed: seed)
      let core = Fixture.core(model: model, documents: documents, store: store, policy: policy)
      // Run, then re-submit the identical command once, as a person would after a failure.
      for round in 0..<2 {
        // What the checkpoint holds before the round: a chunk skipped as done brings back every
        // section it was summarized in, one or (after a split) several.
        let restored =
          try await store.base.loadCheckpoint(for: Fixture.command).flatMap {
            CheckpointState.decode($0.payload)
          }?.completed ?? [:]
        let outcome = await core.run(Fixture.command)
        let prefix = "seed \(seed) round \(round) (\(outcome.kind))"
        if model.requests.count > policy.maxModelCalls * (round + 1) {
          violations.append(
            "\(prefix): \(model.requests.count) calls over a budget of \(policy.maxModelCalls) per run"
          )
        }
        if store.savedSummaries.contains(where: { !$0.coverage.missingPages.isEmpty }) {
          violations.append("\(prefix): a partial summary was saved as the canonical body")
        }
        // Steps by chunk: `chunk-3`, and the pieces `chunk-3.1`, `chunk-3.1.2`… it was split into.
        var chunks: [Int: [ProfileStepRecord]] = [:]
        for step in outcome.receipt.steps where step.stepID.hasPrefix("chunk-") {
          let number = step.stepID.dropFirst(6).prefix { $0 != "." }
          if let number = Int(number) { chunks[number, default: []].append(step) }
        }
        let summarized = chunks.values.joined().filter { $0.status == .completed }.count
        let skipped = chunks.filter {
          $0.value.first?.status == .skipped("completed before the checkpoint")
        }
        let expectedSections =
          summarized + skipped.keys.map { restored[$0]?.sections.count ?? 0 }.reduce(0, +)
        // A chunk is done when one of its steps completed and none failed: a split chunk whose
        // every piece was summarized.
        let done = chunks.filter { _, steps in
          steps.contains {
            $0.status == .completed || $0.status == .skipped("completed before the checkpoint")
          }
            && !steps.contains { if case .failed = $0.status { true } else { false } }
        }.count
        if let summary = outcome.summary {
          if summary.sections.count != expectedSections {
            violations.append(
              "\(prefix): \(expectedSections) sections summarized or restored but \(summary.sections.count) kept"
            )
          }
          let covered =
            summary.sections.flatMap { Array($0.pages.first...$0.pages.last) }
            + summary.coverage.missingPages.flatMap { Array($0.first...$0.last) }
          let capped = Set(1...(cap.map { min($0, pageCount) } ?? pageCount))
          if Set(covered) != capped {
            violations.append(
              "\(prefix): sections and missing pages cover \(Set(covered).sorted()), not \(capped.sorted())"
            )
          }
        } else if let checkpoint = try await store.base.loadCheckpoint(for: Fixture.command),
          let state = CheckpointState.decode(checkpoint.payload),
          state.completed.count < done
        {
          violations.append(
            "\(prefix): \(done) chunks done but the checkpoint keeps \(state.completed.count)"
          )
        }
      }
    }
    print("core fuzz: \(seeds.count) seeds × 2 runs, \(violations.count) invariant violations")
    #expect(violations.isEmpty, "\(violations.prefix(5))")
  }
}
