extension PropertyBudget {
  /// The line that replays a suite's run, and so reaches the same minimal input: the seed, and
  /// the number of inputs when it is not the default, in the terms of whatever ran the suite.
  var replay: String { ReplayCommand.line(seed: seed, examples: examples) }
}

extension Counterexample {
  /// The failure, the minimal input, and how it was found and shrunk, one part a line.
  func report(replay: String) -> String {
    var lines = [message]
    let shrunk =
      shrunkSize == originalSize
      ? "" : ", shrunk from \(originalSize) to \(shrunkSize) choices in \(steps) steps"
    let early = stoppedEarly ? ", shrinking stopped at its budget" : ""
    if replayed {
      // The seed alone does not make it again: a run with the same folder does, whatever its seed.
      lines.append("minimal input (kept in the regressions folder, replayed first): \(input)")
    } else {
      lines.append(
        "minimal input (generated input \(example) of \(of)\(shrunk)\(early)): \(input)")
    }
    if !failsAgain {
      lines.append(
        "this input passed when run once more: the adapter answers it differently from run to run (a race, a clock, a cache)"
      )
    }
    lines.append(replay)
    return lines.joined(separator: "\n")
  }
}

extension PropertyRun {
  /// The check's outcome: the hand-picked examples' failures count at the rule's first version;
  /// a generated counterexample alone at `sharpened` (for a rule whose generated inputs came
  /// later), else at the rule's first version too. Hand-picked examples that came with a later
  /// version than the rule's first say so with `examplesSince`, and count from it.
  func outcome(
    passed: String, rule: ConformanceRule, budget: PropertyBudget, examplesSince: String? = nil
  ) -> CheckOutcome {
    let replay = budget.replay
    var parts = exampleFailures
    if let counterexample { parts.append(counterexample.report(replay: replay)) }
    guard !parts.isEmpty else {
      guard examplesRun + generated > 0 else {
        return .failed(
          "no input ran: the generator overran its choices on all \(overruns) tries (a defect of the kit, please report it with its \(budget.replay))"
        )
      }
      let cut =
        generated >= planned
        ? ""
        : outOfTime
          ? " (\(planned) were planned; the rest did not fit in half the check's time)"
          : " (\(planned) were planned; \(overruns) tries overran the generator's choices, a defect of the kit: please report it with its \(budget.replay))"
      let stored =
        replayed + stale == 0
        ? ""
        : ", \(replayed) from the regressions folder"
          + (stale == 0
            ? ""
            : " (\(stale) more no longer make an input: the kit's generator changed; delete their lines)")
      return .passed(
        "\(passed): \(examplesRun) hand-picked\(stored) and \(generated) generated inputs\(cut), seed \(budget.seed)"
      )
    }
    let message = parts.joined(separator: "\n")
    if !exampleFailures.isEmpty, let examplesSince {
      return .failedSince(message, version: examplesSince)
    }
    if exampleFailures.isEmpty, let sharpened = rule.sharpened {
      return .failedSince(message, version: sharpened)
    }
    return .failed(message)
  }
}
