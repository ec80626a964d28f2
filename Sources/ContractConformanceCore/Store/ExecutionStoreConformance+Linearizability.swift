import Foundation
import KitSupport
import ProfileContracts

/// Workers that use one store at once: the input of the linearizability check.
struct ConcurrentStoreHistory: Sendable {
  /// The commands, shared by the workers, as in ``StoreHistory``.
  let pool: StoreHistory
  /// Each worker's steps, in its order.
  let workers: [[StoreHistory.Step]]
  /// Steps run one after another before the workers start (worker 0's numbering).
  var setup: [StoreHistory.Step] = []

  static func generate(_ source: ChoiceSource) throws(ChoiceSource.Overrun)
    -> ConcurrentStoreHistory
  {
    let (commands, derivations) = try StoreHistory.commands(source)
    let workers = try source.list(min: 2, max: 5, average: 3) {
      _ throws(ChoiceSource.Overrun) in
      try source.list(min: 1, max: 8, average: 4) { _ throws(ChoiceSource.Overrun) in
        // Most steps on the first command, so that workers meet on one key.
        let key = try source.chance(30) ? Int(try source.draw(UInt64(commands.count - 1))) : 0
        switch try source.draw(9) {
        case 0...2: return StoreHistory.Step.loadCheckpoint(key: key)
        case 3...5: return .saveCheckpoint(key: key, size: try source.int(0...32_768))
        case 6: return .loadSummary(key: key)
        case 7: return .saveSummary(key: key)
        default: return .removeCheckpoint(key: key)
        }
      }
    }
    return ConcurrentStoreHistory(
      pool: StoreHistory(
        commands: commands, derivations: derivations, steps: []),
      workers: workers)
  }

  /// The number a worker's step saves its record under: worker *w*, step *s* →
  /// `(w + 1) * 1000 + s + 1`; the setup's steps are worker -1.
  static func record(worker: Int, step: Int) -> Int { (worker + 1) * 1000 + step + 1 }

  /// The step that saved record `number`, if any.
  func step(saving number: Int) -> StoreHistory.Step? {
    let (worker, index) = (number / 1000 - 1, number % 1000 - 1)
    let steps = worker < 0 ? setup : workers.indices.contains(worker) ? workers[worker] : []
    return steps.indices.contains(index) ? steps[index] : nil
  }

  /// Hand-picked: one worker replaces a record again and again while three others load it, so
  /// a replacement that is not one step (delete, then write) shows.
  static let examples: [ConcurrentStoreHistory] = {
    let pool = StoreHistory(
      commands: [ExecutionStoreConformance.command], derivations: [(0, "")], steps: [])
    // Ten saves, and three readers of two hundred loads each, so that loads land inside every
    // save, whatever the machine's speed.
    let writer = (0..<10).map { _ in StoreHistory.Step.saveCheckpoint(key: 0, size: 4096) }
    let reader = (0..<200).map { _ in StoreHistory.Step.loadCheckpoint(key: 0) }
    // A record exists before the workers start, so that every load reads a whole record.
    return [
      ConcurrentStoreHistory(
        pool: pool, workers: [writer, reader, reader, reader],
        setup: [.saveCheckpoint(key: 0, size: 4096)])
    ]
  }()

  var description: String {
    // Every command: the final loads name them all.
    var lines = ["", pool.legend(naming: Set(pool.commands.indices))]
    if !setup.isEmpty { lines.append("first: " + Self.show(setup)) }
    for (index, steps) in workers.enumerated() {
      lines.append("worker \(index + 1): " + Self.show(steps))
    }
    lines.append("then, for a durable store, reopen and load every command's records")
    return lines.joined(separator: "\n")
  }

  /// `steps` in order, a run of the same step once with its count: `loadCheckpoint(A) × 200`.
  static func show(_ steps: [StoreHistory.Step]) -> String {
    var shown: [(String, Int)] = []
    for step in steps.map(StoreHistory.show) {
      if shown.last?.0 == step {
        shown[shown.count - 1].1 += 1
      } else {
        shown.append((step, 1))
      }
    }
    return shown.map { $0.1 == 1 ? $0.0 : "\($0.0) × \($0.1)" }.joined(separator: ", ")
  }
}

/// A counter every worker reads when it calls and when it returns: the real-time order of a
/// concurrent history.
// @unchecked: `value` is read and written only under `lock`.
private final class Ticks: @unchecked Sendable {
  private let lock = Lock()
  private var value = 0
  func next() -> Int {
    lock.withCriticalSection {
      value += 1
      return value
    }
  }
}

/// What one worker's step did: its register, effect and times, or what it threw.
private struct Observed: Sendable {
  let register: String
  let operation: RegisterOperation<String>?
  let error: String?
}

extension ExecutionStoreConformance {
  func linearizable() async throws -> CheckOutcome {
    let durable = durability == .durable
    let property = Property<ConcurrentStoreHistory>(
      examples: ConcurrentStoreHistory.examples, defaultCount: 25,
      generate: { source throws(ChoiceSource.Overrun) in
        try ConcurrentStoreHistory.generate(source)
      },
      describe: \.description,
      test: { await self.runConcurrently($0, reopen: durable) })
    return await property.run(Rule.linearizable.id, budget: budget).outcome(
      passed: "every concurrent history was linearizable against the model of the contract",
      rule: Rule.linearizable, budget: budget)
  }

  /// Runs the workers at once on one fresh store, then (for a durable store) reopens and loads
  /// every record; `nil` when each register's operations can be put in an order that explains
  /// every load, else which cannot.
  private func runConcurrently(_ history: ConcurrentStoreHistory, reopen: Bool) async -> String? {
    let sandbox = Sandbox(in: scratch)
    defer { sandbox.remove() }
    return await runConcurrently(history, reopen: reopen, in: sandbox).map(sandbox.scrubbed)
  }

  private func runConcurrently(
    _ history: ConcurrentStoreHistory, reopen: Bool, in sandbox: Sandbox
  ) async -> String? {
    let store: any ProfileExecutionStoring
    do {
      store = try await makeStore(sandbox.store)
    } catch {
      return "opening threw \(describe(error))"
    }
    let ticks = Ticks()
    let pool = history.pool
    var setup: [Observed] = []
    for (index, step) in history.setup.enumerated() {
      let number = ConcurrentStoreHistory.record(worker: -1, step: index)
      setup.append(await Self.observe(step, number: number, in: history, on: store, ticks: ticks))
    }
    let observed = await fanOut(history.workers.count) { worker -> [Observed] in
      var done: [Observed] = []
      for (index, step) in history.workers[worker].enumerated() {
        let number = ConcurrentStoreHistory.record(worker: worker, step: index)
        done.append(
          await Self.observe(step, number: number, in: history, on: store, ticks: ticks))
      }
      return done
    }.flatMap { $0 }
    var all = setup + observed
    if reopen {
      let reopened: any ProfileExecutionStoring
      do {
        reopened = try await makeStore(sandbox.store)
      } catch {
        return "reopening after the workers threw \(describe(error))"
      }
      for key in pool.commands.indices {
        for step in [StoreHistory.Step.loadCheckpoint(key: key), .loadSummary(key: key)] {
          all.append(
            await Self.observe(step, number: 0, in: history, on: reopened, ticks: ticks))
        }
      }
    }
    withExtendedLifetime(store) {}
    if let error = all.compactMap(\.error).first { return error }
    var registers: [String] = []
    for item in all where !registers.contains(item.register) { registers.append(item.register) }
    for register in registers {
      let operations = all.filter { $0.register == register }.compactMap(\.operation)
      if !isLinearizable(operations, initial: nil) {
        var writes: [String] = []
        var reads: [String] = []
        for operation in operations {
          switch operation.effect {
          case .write(let value): writes.append(value ?? "a removal")
          case .read(let value): reads.append(value ?? "nil")
          }
        }
        return
          "no order of the operations on \(register) explains what its loads returned (saved: \(writes.isEmpty ? "nothing" : writes.joined(separator: ", ")); loaded: \(reads.joined(separator: ", "))): a save was lost, torn, seen out of order, or stored under another command"
      }
    }
    return nil
  }

  /// Runs one step, timed on `ticks`. A record is named by what the model compares: the phase
  /// or title, and whether the whole record is the one saved.
  private static func observe(
    _ step: StoreHistory.Step, number: Int, in history: ConcurrentStoreHistory,
    on store: any ProfileExecutionStoring, ticks: Ticks
  ) async -> Observed {
    let pool = history.pool
    guard let key = step.key else {
      return Observed(register: "", operation: nil, error: nil)
    }
    let letter = StoreHistory.letter(key)
    let isSummary: Bool
    switch step {
    case .saveSummary, .loadSummary: isSummary = true
    default: isSummary = false
    }
    let register = isSummary ? "\(letter)'s summary" : "\(letter)'s checkpoint"
    let call = ticks.next()
    do {
      let effect: RegisterOperation<String>.Effect
      switch step {
      case .saveCheckpoint(_, let size):
        let checkpoint = pool.checkpoint(step: number, key: key, size: size)
        try await store.saveCheckpoint(checkpoint)
        effect = .write(Self.identity(checkpoint))
      case .removeCheckpoint:
        try await store.removeCheckpoint(for: pool.commands[key])
        effect = .write(nil)
      case .saveSummary:
        let summary = pool.summary(step: number, key: key)
        try await store.saveSummary(summary)
        effect = .write(summary.title)
      case .loadCheckpoint:
        let loaded = try await store.loadCheckpoint(for: pool.commands[key])
        effect = .read(loaded.map { Self.identity($0, asked: key, in: history) })
      case .loadSummary:
        let loaded = try await store.loadSummary(for: pool.commands[key])
        effect = .read(loaded.map { Self.identity($0, asked: key, expected: pool) })
      case .reopen:
        return Observed(register: "", operation: nil, error: nil)
      }
      return Observed(
        register: register,
        operation: RegisterOperation(effect: effect, call: call, ret: ticks.next()),
        error: nil)
    } catch {
      return Observed(
        register: register, operation: nil,
        error:
          "\(StoreHistory.show(step)) threw \(describe(error)) while other workers used the store; a save must not fail because another is under way"
      )
    }
  }

  /// A saved checkpoint's identity: its phase.
  private static func identity(_ checkpoint: ProfileCheckpoint) -> String { checkpoint.phase }

  /// A loaded checkpoint's identity: its phase when it is, whole, the record that phase's step
  /// saved; otherwise a name no save has, so that no order explains it.
  private static func identity(
    _ loaded: ProfileCheckpoint, asked: Int, in history: ConcurrentStoreHistory
  ) -> String {
    let torn = "\(loaded.phase), torn (\(loaded.payload.count) bytes)"
    guard let number = Int(loaded.phase.dropFirst(5)) else { return torn }
    guard case .saveCheckpoint(let key, let size) = history.step(saving: number) else {
      return torn
    }
    guard history.pool.checkpoint(step: number, key: key, size: size) == loaded else { return torn }
    return loaded.command == history.pool.commands[asked]
      ? loaded.phase : "\(loaded.phase) saved for \(StoreHistory.letter(key))"
  }

  private static func identity(_ loaded: ProfileSummary, asked: Int, expected pool: StoreHistory)
    -> String
  {
    guard let number = Int(loaded.title.dropFirst(5)),
      let key = pool.commands.firstIndex(of: loaded.command)
    else { return "a summary no save made" }
    guard pool.summary(step: number, key: key) == loaded else { return "\(loaded.title), changed" }
    return key == asked ? loaded.title : "\(loaded.title) saved for \(StoreHistory.letter(key))"
  }
}
