import Foundation
import ProfileContracts

extension ExecutionStoreConformance {
  /// How many times the real crash test kills a store: its process, or a child's.
  static let kills = 50

  /// The real crash test for a store in this process, through ``crashChild``: ``kills`` rounds,
  /// each an exit test whose child saves a seeded stream until SIGKILL at a seeded moment
  /// (``StoreCrashRound``); after each, this process reopens the directory and must load a whole
  /// record that was saved, never one older than the last save that returned.
  func killedInChildren(
    _ sandbox: Sandbox, crashChild: @Sendable (StoreCrashRound) async throws -> Void
  ) async throws -> CheckOutcome {
    var failures = Failures()
    var next = 0
    var acknowledged: Int?
    // The children's notes, beside the sandbox: the store's folder a failure shows is the
    // store's alone.
    let notesFolder = scratch.appendingPathComponent(
      "contract-kit-crash-notes-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: notesFolder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: notesFolder) }
    for number in 1...Self.kills {
      let ledger = notesFolder.appendingPathComponent("round-\(number).notes")
      guard FileManager.default.createFile(atPath: ledger.path, contents: nil) else {
        throw CheckFailure("cannot write the crash round's notes in \(scratch.path)")
      }
      let round = StoreCrashRound(
        directory: sandbox.store, number: number, firstSave: next, seed: seed, ledger: ledger)
      do {
        try await crashChild(round)
      } catch {
        failures.addFirst("round \(number): crashChild threw \(describe(error))")
        break
      }
      let notes = StoreCrashRound.Notes(ledger)
      guard notes.started else {
        failures.addFirst(
          "round \(number): no child began saving: crashChild must open the store at round.directory and run round.saveUntilKilled in an exit test, #expect(processExitsWith: .signal(SIGKILL)) { [round = round as StoreCrashRound] in … }; if it does, the store did not open in the child (the exit test's own issue says how the child ended)"
        )
        break
      }
      if let thrown = notes.thrown { failures.add("in round \(number)'s child, \(thrown)") }
      acknowledged = notes.lastReturned ?? acknowledged
      let lastSent = notes.lastSent ?? next - 1
      next = lastSent + 1
      let reopened = try await open(sandbox.store)
      let seed = seed
      let problem = await Self.crashProblem(
        afterKill: number, reopened: reopened, acknowledged: acknowledged
      ) { loaded in
        guard loaded.phase.hasPrefix("save-"), let save = Int(loaded.phase.dropFirst(5)),
          save <= lastSent, loaded == StoreCrashRound.checkpoint(save, seed: seed)
        else { return nil }
        return save
      }
      if let problem { failures.add(problem) }
    }
    return failures.outcome(
      passed:
        "\(Self.kills) SIGKILLs of exit-test children in the middle of saves: every reopen in the test's process loaded a whole record, never older than the last save that returned (seed \(seed))"
    )
  }

  /// What is wrong with what `reopened` loads after kill number `kill`: a load that throws, no
  /// record though save `acknowledged` had returned, a record that is no save whole (`number`
  /// says which save a record is, whole), or one older than `acknowledged`; `nil` when right.
  static func crashProblem(
    afterKill kill: Int, reopened: any ProfileExecutionStoring, acknowledged: Int?,
    number: (ProfileCheckpoint) -> Int?
  ) async -> String? {
    let loaded: ProfileCheckpoint?
    do {
      loaded = try await reopened.loadCheckpoint(for: command)
    } catch {
      return
        "after kill \(kill), loading threw \(describe(error)): the record was torn by the crash; write a new file and rename it over the old one"
    }
    guard let loaded else {
      return acknowledged.map {
        "after kill \(kill), nothing loaded though save \($0) had returned: it was not on disk when it returned"
      }
    }
    guard let saved = number(loaded) else {
      return
        "after kill \(kill), loaded phase \(quote(loaded.phase)) with \(loaded.payload.count) bytes, which matches no save whole: a torn record"
    }
    if let acknowledged, saved < acknowledged {
      return
        "after kill \(kill), loaded save \(saved), older than save \(acknowledged), which had returned"
    }
    return nil
  }
}
