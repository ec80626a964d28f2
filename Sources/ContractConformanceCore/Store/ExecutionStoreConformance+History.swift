import Foundation
import ProfileContracts

extension ExecutionStoreConformance {
  /// The budget of this suite's generated inputs.
  var budget: PropertyBudget { PropertyBudget(seed: seed, examples: examples) }

  /// Hand-picked histories that always run first: one command's summary must not overwrite
  /// another's that differs in one field, across a reopen (the essay's first defect, for
  /// summaries), and a removal must not reach a near miss.
  static let historyExamples: [StoreHistory] = {
    let base = command
    let other = ProfileCommand(
      profile: base.profile, attachmentID: base.attachmentID, sourceLanguage: base.sourceLanguage,
      targetLanguage: "de")
    let derivations = [(parent: 0, change: ""), (parent: 0, change: "target language de")]
    return [
      StoreHistory(
        commands: [base, other], derivations: derivations,
        steps: [
          .saveSummary(key: 0), .saveSummary(key: 1), .reopen, .loadSummary(key: 0),
          .loadSummary(key: 1),
        ]),
      StoreHistory(
        commands: [base, other], derivations: derivations,
        steps: [
          .saveCheckpoint(key: 0, size: 3), .saveCheckpoint(key: 1, size: 5),
          .removeCheckpoint(key: 1), .loadCheckpoint(key: 0), .saveSummary(key: 1),
          .loadSummary(key: 0),
        ]),
    ]
  }()

  func history() async throws -> CheckOutcome {
    let durable = durability == .durable
    let examples = durable ? Self.historyExamples : Self.historyExamples.map(\.withoutReopens)
    let property = Property<StoreHistory>(
      examples: examples, defaultCount: 40,
      generate: { source throws(ChoiceSource.Overrun) in
        try StoreHistory.generate(source, maxSteps: 30, reopens: durable)
      },
      describe: \.description,
      test: { await self.replay($0) })
    return await property.run(Rule.history.id, budget: budget).outcome(
      passed: "every step of every history agreed with the model of the contract",
      rule: Rule.history, budget: budget)
  }

  /// Runs `history` on a fresh store and compares each step with the contract's model:
  /// checkpoints and summaries each keyed by the whole command. `nil` when every step agreed.
  func replay(_ history: StoreHistory) async -> String? {
    let sandbox = Sandbox(in: scratch)
    defer { sandbox.remove() }
    return await replay(history, in: sandbox).map(sandbox.scrubbed)
  }

  private func replay(_ history: StoreHistory, in sandbox: Sandbox) async -> String? {
    var store: (any ProfileExecutionStoring)?
    do {
      store = try await makeStore(sandbox.store)
    } catch {
      return "step 1 open threw \(describe(error))"
    }
    var model = StoreModel()
    for (offset, step) in history.steps.enumerated() {
      let number = offset + 2
      let shown = "step \(number) \(StoreHistory.show(step))"
      do {
        if case .reopen = step {
          store = nil  // the old instance is gone (its process ends) before the new one opens
          store = try await makeStore(sandbox.store)
          continue
        }
        guard let store else { return "\(shown): no store is open" }
        if let wrong = try await model.apply(step, number: number, history: history, to: store) {
          return "\(shown) returned \(wrong)"
        }
      } catch {
        return "\(shown) threw \(describe(error))"
      }
    }
    return nil
  }
}

/// The contract's model of a store: the latest checkpoint and the latest summary of each
/// command, and every record saved, so a wrong answer can be named by the step that saved it.
struct StoreModel {
  private var checkpoints: [ProfileCommand: Int] = [:]
  private var summaries: [ProfileCommand: Int] = [:]
  private var savedCheckpoints: [Int: ProfileCheckpoint] = [:]
  private var savedSummaries: [Int: ProfileSummary] = [:]

  /// Runs `step` on `store` and on the model; what the store answered and the model did not
  /// expect, if anything.
  mutating func apply(
    _ step: StoreHistory.Step, number: Int, history: StoreHistory,
    to store: any ProfileExecutionStoring
  ) async throws -> String? {
    switch step {
    case .reopen:
      return nil
    case .saveCheckpoint(let key, let size):
      let checkpoint = history.checkpoint(step: number, key: key, size: size)
      try await store.saveCheckpoint(checkpoint)
      checkpoints[checkpoint.command] = number
      savedCheckpoints[number] = checkpoint
    case .removeCheckpoint(let key):
      try await store.removeCheckpoint(for: history.commands[key])
      checkpoints[history.commands[key]] = nil
    case .saveSummary(let key):
      let summary = history.summary(step: number, key: key)
      try await store.saveSummary(summary)
      summaries[summary.command] = number
      savedSummaries[number] = summary
    case .loadCheckpoint(let key):
      let command = history.commands[key]
      let loaded = try await store.loadCheckpoint(for: command)
      let expected = checkpoints[command]
      if loaded != expected.flatMap({ savedCheckpoints[$0] }) {
        return
          "\(name(loaded, history)); expected \(expected.map { "the checkpoint of step \($0)" } ?? "nil")"
      }
    case .loadSummary(let key):
      let command = history.commands[key]
      let loaded = try await store.loadSummary(for: command)
      let expected = summaries[command]
      if loaded != expected.flatMap({ savedSummaries[$0] }) {
        return
          "\(name(loaded, history)); expected \(expected.map { "the summary of step \($0)" } ?? "nil")"
      }
    }
    return nil
  }

  /// A loaded checkpoint, named by the step that saved it and the command it was saved for.
  private func name(_ loaded: ProfileCheckpoint?, _ history: StoreHistory) -> String {
    guard let loaded else { return "nil" }
    let owner = history.commands.firstIndex(of: loaded.command).map(StoreHistory.letter) ?? "?"
    guard let step = Int(loaded.phase.dropFirst(5)), let saved = savedCheckpoints[step] else {
      return
        "a checkpoint no step saved (phase \(quote(loaded.phase)), \(loaded.payload.count) bytes)"
    }
    if saved == loaded { return "the checkpoint of step \(step) (saved for \(owner))" }
    if saved.payload != loaded.payload {
      return
        "the checkpoint of step \(step) with its payload changed (\(loaded.payload.count) bytes where \(saved.payload.count) were saved)"
    }
    return "the checkpoint of step \(step), changed in another field"
  }

  /// A loaded summary, named by the step that saved it and the command it was saved for.
  private func name(_ loaded: ProfileSummary?, _ history: StoreHistory) -> String {
    guard let loaded else { return "nil" }
    let owner = history.commands.firstIndex(of: loaded.command).map(StoreHistory.letter) ?? "?"
    guard let step = Int(loaded.title.dropFirst(5)), let saved = savedSummaries[step] else {
      return "a summary no step saved (title \(quote(loaded.title)))"
    }
    if saved == loaded { return "the summary of step \(step) (saved for \(owner))" }
    return "the summary of step \(step), changed"
  }
}

extension StoreHistory {
  /// The same history with its reopens left out, for a volatile store.
  var withoutReopens: StoreHistory {
    StoreHistory(
      commands: commands, derivations: derivations,
      steps: steps.filter { if case .reopen = $0 { false } else { true } })
  }
}
