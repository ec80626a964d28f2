import KitSupport

/// A promise stated over every input the contract admits: how to generate one, how to show
/// one, and the test. A suite's check runs a property over hand-picked examples first (the
/// inputs earlier versions of the suite sent, as Hypothesis's `@example`), then over generated
/// inputs, and shrinks the first generated input that fails to a minimal one.
struct Property<Input> {
  /// Inputs that always run first, in order. They are not shrunk: each is reported as it is.
  var examples: [Input] = []
  /// How many inputs to generate when the suite was not asked for another number.
  var defaultCount: Int
  /// Makes an input from choices; the choices of 0 make the simplest input.
  let generate: (ChoiceSource) throws(ChoiceSource.Overrun) -> Input
  /// The input as a report shows it.
  let describe: (Input) -> String
  /// `nil` when the input keeps the promise, else what went wrong.
  let test: (Input) async -> String?
}

/// How far a property run goes: the seed of its generated inputs, how many to generate, and how
/// many tries shrinking may spend.
struct PropertyBudget: Sendable {
  /// The suite's seed, as the report prints it.
  let seed: UInt64
  /// Generated inputs per property; `nil` for each property's own default.
  let examples: Int?
  /// How many smaller inputs shrinking may try.
  var shrinkTries = 400
}

/// A generated input that failed, shrunk.
struct Counterexample: Sendable {
  /// What went wrong with the minimal input.
  let message: String
  /// The minimal input, as the property shows it.
  let input: String
  /// Which generated input failed first (1-based), of how many were to be generated.
  let example: Int
  let of: Int
  /// How many choices made the first failing input and the minimal one, and how many smaller
  /// failing inputs shrinking went through.
  let originalSize: Int
  let shrunkSize: Int
  let steps: Int
  /// Whether the minimal input failed again when run once more: `false` means the adapter is
  /// not deterministic there (a race, a clock), and the input is a hint rather than a proof.
  let failsAgain: Bool
  /// Whether shrinking stopped at its budget or the time limit rather than at a minimum.
  let stoppedEarly: Bool
  /// The minimal input's choices: generating from them gives the input again.
  let choices: [UInt64]
  /// Whether the input came from the regressions folder rather than this run's generator.
  var replayed = false
}

/// What a property run found.
struct PropertyRun: Sendable {
  /// The failures of the hand-picked examples, each as reported.
  var exampleFailures: [String] = []
  /// How many hand-picked examples ran.
  var examplesRun = 0
  /// How many generated inputs ran, and how many were to.
  var generated = 0
  var planned = 0
  /// How many stored cases of the regressions folder ran, and how many made no input (the
  /// generator changed since they were kept).
  var replayed = 0
  var stale = 0
  /// How many tries overran the generator's choices and were drawn again.
  var overruns = 0
  /// Whether the run stopped at half the check's time before its planned count.
  var outOfTime = false
  /// The first generated input that failed, shrunk.
  var counterexample: Counterexample?
}

extension Property {
  /// Runs the examples, then generated inputs until one fails, the planned count is reached,
  /// or half the check's time is spent; then shrinks the failing one. The first generated
  /// input always runs, however late: a check that ran out of time before its first input
  /// would otherwise pass having tested nothing. A try that overruns the generator's choices is
  /// not an input: it is drawn again, as Hypothesis discards an overrun, up to four times the
  /// planned count in all, so that a large input's rare overrun neither ends the run early nor
  /// thins it.
  ///
  /// - Parameters:
  ///   - stream: names the property's own stream of choices, so that two properties of a suite
  ///     with one seed do not draw the same inputs; usually the rule's ID.
  func run(_ stream: String, budget: PropertyBudget) async -> PropertyRun {
    var run = PropertyRun()
    for example in examples {
      run.examplesRun += 1
      if let message = await test(example) {
        run.exampleFailures.append("\(message) (hand-picked example: \(describe(example)))")
        CheckProgress.current?.found(message)
      }
    }
    run.planned = budget.examples ?? defaultCount
    // The regressions folder's cases for this rule, before anything is generated: each is an
    // input that failed before, already shrunk.
    for stored in StoredRegressions.current[stream] ?? [] {
      let source = ChoiceSource(replaying: stored.choices)
      guard let input = try? generate(source) else {
        run.stale += 1
        continue
      }
      run.replayed += 1
      guard let message = await test(input) else { continue }
      CheckProgress.current?.found(message)
      let again = await test(input)
      run.counterexample = Counterexample(
        message: again ?? message, input: describe(input), example: run.replayed,
        of: run.planned, originalSize: stored.choices.count, shrunkSize: stored.choices.count,
        steps: 0, failsAgain: again != nil, stoppedEarly: false, choices: stored.choices,
        replayed: true)
      return run
    }
    var random = SeededGenerator(seed: budget.seed ^ stableHash(stream))
    let halfway = CheckProgress.current?.halfway
    let tries = run.planned * 4 + 4
    while run.generated < run.planned, run.generated + run.overruns < tries {
      if let halfway, run.generated > 0, ContinuousClock.now > halfway {
        run.outOfTime = true
        break
      }
      let source = ChoiceSource(random: SeededGenerator(seed: random.next()))
      guard let input = try? generate(source) else {
        run.overruns += 1
        continue
      }
      run.generated += 1
      guard let message = await test(input) else { continue }
      CheckProgress.current?.found(message)
      let found = await shrink(
        source.choices, message: message, example: run.generated, of: run.planned,
        tries: budget.shrinkTries, until: halfway)
      run.counterexample = found
      CheckProgress.current?.keep(
        RegressionCase(rule: stream, choices: found.choices, seed: budget.seed, input: found.input))
      break
    }
    return run
  }

  /// The failing input from `choices`, shrunk.
  private func shrink(
    _ choices: [UInt64], message: String, example: Int, of planned: Int, tries: Int,
    until deadline: ContinuousClock.Instant?
  ) async -> Counterexample {
    var messages: [[UInt64]: String] = [choices: message]
    var outOfTime = false
    var shrinker = Shrinker(best: choices, budget: tries) { candidate in
      if let deadline, ContinuousClock.now > deadline {
        outOfTime = true
        return nil
      }
      let source = ChoiceSource(replaying: candidate)
      guard let input = try? self.generate(source), let failure = await self.test(input) else {
        return nil
      }
      messages[source.choices] = failure
      return source.choices
    }
    await shrinker.shrink()
    let best = shrinker.best
    let source = ChoiceSource(replaying: best)
    let input = try? generate(source)
    var again: String?
    if let input { again = await test(input) }
    return Counterexample(
      message: again ?? messages[best] ?? message, input: input.map(describe) ?? "?",
      example: example, of: planned, originalSize: choices.count, shrunkSize: best.count,
      steps: shrinker.steps, failsAgain: again != nil,
      stoppedEarly: outOfTime || shrinker.budget == 0, choices: best)
  }
}

/// FNV-1a over the UTF-8 of `text`: the same on every platform and in every process, unlike
/// `Hasher`.
func stableHash(_ text: String) -> UInt64 {
  var hash: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in text.utf8 {
    hash ^= UInt64(byte)
    hash = hash &* 0x100_0000_01B3
  }
  return hash
}
