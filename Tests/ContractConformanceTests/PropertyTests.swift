import ContractConformance
import Foundation
import KitSupport
import ProfileAdapters
import ProfileContracts
import Testing

@testable import ContractConformanceCore

/// The property core: generation from a seed, shrinking over the choice sequence, and the
/// linearizability checker.
@Suite(.serialized) struct PropertyTests {
  /// A pure property that fails when a list holds two equal neighbours above 50.
  static var neighbours: Property<[Int]> {
    Property<[Int]>(
      defaultCount: 200,
      generate: { source throws(ChoiceSource.Overrun) in
        try source.list(max: 40, average: 12) { _ throws(ChoiceSource.Overrun) in
          try source.int(0...99)
        }
      },
      describe: { "\($0)" },
      test: { list in
        zip(list, list.dropFirst()).contains { $0 == $1 && $0 > 50 } ? "equal neighbours" : nil
      })
  }

  @Test func aFailureShrinksToTheSmallestInputThatStillFails() async throws {
    let run = await Self.neighbours.run(
      "neighbours", budget: PropertyBudget(seed: 1, examples: nil))
    let counterexample = try #require(run.counterexample)
    #expect(counterexample.input == "[51, 51]")
    #expect(counterexample.failsAgain)
    #expect(!counterexample.stoppedEarly)
  }

  @Test func theSameSeedGivesTheSameInputsAndTheSameMinimum() async {
    for seed: UInt64 in [1, 2, 3] {
      let first = await Self.neighbours.run(
        "neighbours", budget: PropertyBudget(seed: seed, examples: nil))
      let second = await Self.neighbours.run(
        "neighbours", budget: PropertyBudget(seed: seed, examples: nil))
      #expect(first.counterexample?.choices == second.counterexample?.choices)
      #expect(first.counterexample?.example == second.counterexample?.example)
    }
    // The stream of choices is SplitMix64 and the stdlib's bounded draw: fixed on every platform.
    var random = SeededGenerator(seed: 20_261_129)
    // (The values of a reference SplitMix64 in Python, for this seed.)
    #expect([random.next(), random.next()] == [0xA2A8_2270_9C0C_7F3E, 0x9534_2BB2_E411_911F])
  }

  @Test func handPickedExamplesRunFirstAndAreNotShrunk() async {
    var property = Self.neighbours
    property.examples = [[1, 2, 90, 90, 3]]
    let run = await property.run("neighbours", budget: PropertyBudget(seed: 1, examples: 0))
    #expect(run.examplesRun == 1)
    #expect(run.generated == 0)
    #expect(run.exampleFailures == ["equal neighbours (hand-picked example: [1, 2, 90, 90, 3])"])
  }

  @Test func theExampleCountDeepensTheRun() async {
    let passing = Property<Int>(
      defaultCount: 10, generate: { source throws(ChoiceSource.Overrun) in try source.int(0...9) },
      describe: { "\($0)" }, test: { _ in nil })
    #expect(await passing.run("p", budget: PropertyBudget(seed: 1, examples: nil)).generated == 10)
    #expect(await passing.run("p", budget: PropertyBudget(seed: 1, examples: 300)).generated == 300)
    #expect(ConformanceExamples.current(["CONTRACT_KIT_EXAMPLES": "500"]) == 500)
    #expect(ConformanceExamples.current(["CONTRACT_KIT_EXAMPLES": "many"]) == nil)
  }

  /// CI, stop 59: under load a check reached half its time before its first generated input,
  /// ran nothing, and passed. The first input now always runs; a run of none fails.
  @Test func aCheckOutOfTimeBeforeItsFirstInputStillRunsOne() async {
    let late = CheckProgress(halfway: ContinuousClock.now.advanced(by: .seconds(-1)))
    let run = await CheckProgress.$current.withValue(late) {
      await Self.neighbours.run("neighbours", budget: PropertyBudget(seed: 1, examples: nil))
    }
    #expect(run.generated == 1)
    #expect(run.planned == 200)
    let rule = ConformanceRule(
      id: "p.rule", level: .required, asserts: "a rule", why: "a test", whenItFails: "fix it")
    let budget = PropertyBudget(seed: 1, examples: nil)
    guard
      case .passed(let message) = run.outcome(passed: "ok", rule: rule, budget: budget)
    else { return #expect(Bool(false), "one passing input is a pass") }
    #expect(message.contains("0 hand-picked and 1 generated inputs (200 were planned"))
    let overrunning = Property<Int>(
      defaultCount: 3,
      generate: { source throws(ChoiceSource.Overrun) in
        throw ChoiceSource.Overrun()
      }, describe: { "\($0)" }, test: { _ in nil })
    let none = await overrunning.run("o", budget: budget)
    guard
      case .failed(let failure) = none.outcome(passed: "ok", rule: rule, budget: budget)
    else { return #expect(Bool(false), "a run of no input must not pass") }
    #expect(failure.hasPrefix("no input ran"))
  }

  /// A try that overruns is drawn again: a generator that overruns on every other try still
  /// runs every planned input, and the report says how many tries overran.
  @Test func anOverrunIsDrawnAgainNotCountedAsAnInput() async {
    let rule = ConformanceRule(
      id: "p.rule", level: .required, asserts: "a rule", why: "a test", whenItFails: "fix it")
    let budget = PropertyBudget(seed: 3, examples: nil)
    let sometimes = Property<Int>(
      defaultCount: 20,
      generate: { source throws(ChoiceSource.Overrun) in
        guard try source.chance(50) else { throw ChoiceSource.Overrun() }
        return try source.int(0...9)
      }, describe: { "\($0)" }, test: { _ in nil })
    let run = await sometimes.run("s", budget: budget)
    #expect(run.generated == 20)
    #expect(run.overruns > 0)
    let mostly = Property<Int>(
      defaultCount: 20,
      generate: { source throws(ChoiceSource.Overrun) in
        guard try source.chance(5) else { throw ChoiceSource.Overrun() }
        return 1
      }, describe: { "\($0)" }, test: { _ in nil })
    let thin = await mostly.run("m", budget: budget)
    #expect(thin.generated > 0 && thin.generated < 20)
    #expect(thin.generated + thin.overruns == 84)
    guard case .passed(let message) = thin.outcome(passed: "ok", rule: rule, budget: budget)
    else { return #expect(Bool(false), "what ran passed") }
    #expect(message.contains("\(thin.overruns) tries overran the generator's choices"))
  }

  /// A check's two parts that both fail keep both messages, and count from the earlier
  /// version: a part failing since 0.6 used to drop the other part's failure.
  @Test func bothPartsFailuresAreKeptAndCountFromTheEarlierVersion() {
    let later = CheckOutcome.failedSince("generated", version: "0.6")
    guard
      case .failedSince(let message, let version) = later.then(.failedSince("b", version: "0.3"))
    else { return #expect(Bool(false), "two pending failures are pending") }
    #expect(message == "generated\nb" && version == "0.3")
    guard case .failed(let both) = later.then(.failed("c")) else {
      return #expect(Bool(false), "a failure of the rule's first version fails under any pin")
    }
    #expect(both == "generated\nc")
  }

  /// CI, stop 60: a drawn seed gave executor.session two sessions of up to 40 prompts of up to
  /// 64 sentences each; both overran a try's 20,000 choices and the rule failed with "no input
  /// ran". Its prompts are now at most four sentences, and no session comes near the limit.
  @Test func aGeneratedSessionStaysFarWithinATrysChoices() {
    var largest = 0
    for seed in UInt64(0)..<1_000 {
      let source = ChoiceSource(random: SeededGenerator(seed: seed))
      #expect(throws: Never.self, "seed \(seed)") {
        _ = try ModelExecutorConformance.session(source)
      }
      largest = max(largest, source.choices.count)
    }
    #expect(largest < 10_000, "the largest session made \(largest) choices")
  }

  // MARK: - Store histories

  /// The store suite over a mutant, and the history its generated check shrank to.
  private func shrunkHistory(_ mutant: StoreMutant, seed: UInt64) async -> (
    ExecutionStoreConformance, StoreHistory
  )? {
    let suite = ExecutionStoreConformance(durability: .durable, timeout: testTimeout, seed: seed) {
      try mutant.make($0)
    }
    let property = Property<StoreHistory>(
      defaultCount: 40,
      generate: { source throws(ChoiceSource.Overrun) in
        try StoreHistory.generate(source, maxSteps: 30, reopens: true)
      },
      describe: \.description, test: { await suite.replay($0) })
    let run = await property.run("store.history", budget: suite.budget)
    guard let choices = run.counterexample?.choices,
      let history = try? StoreHistory.generate(
        ChoiceSource(replaying: choices), maxSteps: 30, reopens: true)
    else { return nil }
    return (suite, history)
  }

  @Test(arguments: [StoreMutant.partialSummaryKey, .recentSessionsOnly, .keyByAttachment])
  func aShrunkHistoryFailsWhenReplayedAndPassesWithoutAnyOneOfItsSteps(mutant: StoreMutant) async {
    guard let (suite, history) = await shrunkHistory(mutant, seed: 20_261_129) else {
      Issue.record("\(mutant) was not caught by store.history")
      return
    }
    #expect(
      await suite.replay(history) != nil, "the printed history passes: \(history.description)")
    for index in history.steps.indices {
      var steps = history.steps
      steps.remove(at: index)
      let smaller = StoreHistory(
        commands: history.commands, derivations: history.derivations, steps: steps)
      #expect(
        await suite.replay(smaller) == nil,
        "\(mutant): without step \(index + 2) the history still fails: \(smaller.description)")
    }
  }

  @Test func theSameSeedShrinksToTheSameHistory() async {
    let first = await shrunkHistory(.partialSummaryKey, seed: 7)?.1.description
    let second = await shrunkHistory(.partialSummaryKey, seed: 7)?.1.description
    #expect(first != nil)
    #expect(first == second)
  }

  @Test func aFailingHistoryIsPrintedAsNumberedStepsWithItsReplayLine() async {
    let report = await ExecutionStoreConformance(
      durability: .durable, timeout: testTimeout, seed: 7
    ) {
      try StoreMutant.partialSummaryKey.make($0)
    }.run()
    let message = report.result("store.history")?.message ?? ""
    #expect(message.contains("\n1 open\n2 "), "\(message)")
    #expect(message.contains("commands: A = "), "\(message)")
    #expect(
      message.hasSuffix("\nreplay: CONTRACT_KIT_SEED=7 with the same test or command"),
      "\(message)")
    // Run by the command line, the line is the command that was run, with the seed.
    let typed = await ReplayCommand.$current.withValue(
      ReplayCommand { seed, _ in "contract-kit conformance run --suite store --seed \(seed)" }
    ) {
      await ExecutionStoreConformance(durability: .durable, timeout: testTimeout, seed: 7) {
        try StoreMutant.partialSummaryKey.make($0)
      }.run()
    }
    #expect(
      typed.result("store.history")?.message.hasSuffix(
        "\nreplay: contract-kit conformance run --suite store --seed 7") == true)
  }

  /// Issue 50: the hand-picked concurrent history printed each of its 600 loads. A run of one
  /// step is shown once, with its count.
  @Test func aRunOfTheSameStepIsShownOnceWithItsCount() {
    let steps: [StoreHistory.Step] =
      [.saveCheckpoint(key: 0, size: 4096)] + Array(repeating: .loadCheckpoint(key: 0), count: 200)
      + [.loadSummary(key: 1)]
    #expect(
      ConcurrentStoreHistory.show(steps)
        == "saveCheckpoint(A, 4096 bytes), loadCheckpoint(A) × 200, loadSummary(B)")
  }

  // MARK: - Linearizability

  private typealias Op = RegisterOperation<String>

  @Test func overlappingSavesMayLoadEitherOrder() {
    // save a [1,4] overlaps save b [2,5]; a load after both may see either, but not nothing.
    let saves = [
      Op(effect: .write("a"), call: 1, ret: 4), Op(effect: .write("b"), call: 2, ret: 5),
    ]
    for value in ["a", "b"] {
      #expect(isLinearizable(saves + [Op(effect: .read(value), call: 6, ret: 7)], initial: nil))
    }
    #expect(!isLinearizable(saves + [Op(effect: .read(nil), call: 6, ret: 7)], initial: nil))
  }

  @Test func aLoadCannotSeeAnOlderSaveAfterANewerOneReturned() {
    let history = [
      Op(effect: .write("a"), call: 1, ret: 2), Op(effect: .write("b"), call: 3, ret: 4),
      Op(effect: .read("a"), call: 5, ret: 6),
    ]
    #expect(!isLinearizable(history, initial: nil))
    // The same load overlapping the second save may still see the first.
    let overlapping = [
      Op(effect: .write("a"), call: 1, ret: 2), Op(effect: .write("b"), call: 3, ret: 6),
      Op(effect: .read("a"), call: 4, ret: 5),
    ]
    #expect(isLinearizable(overlapping, initial: nil))
  }

  @Test func aRemovalIsAWriteOfNothing() {
    let history = [
      Op(effect: .write("a"), call: 1, ret: 2), Op(effect: .write(nil), call: 3, ret: 4),
      Op(effect: .read(nil), call: 5, ret: 6), Op(effect: .read("a"), call: 7, ret: 8),
    ]
    #expect(!isLinearizable(history, initial: nil))
    #expect(isLinearizable(Array(history.prefix(3)), initial: nil))
  }
}
