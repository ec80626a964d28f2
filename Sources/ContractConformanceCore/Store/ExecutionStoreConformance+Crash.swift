import AdapterProcess
import Foundation
import KitSupport
import ProfileContracts

// The real crash test kills an adapter process: macOS and Linux only (iOS has no Process).
#if os(macOS) || os(Linux)
  extension ExecutionStoreConformance {
    /// The real crash test, for a store in a process of its own: SIGKILL in the middle of a stream
    /// of saves, at seeded points, ``kills`` times; after each, a fresh process on the same
    /// directory must load a whole record that was saved, never one older than the last save that
    /// returned.
    func killedMidSave(
      _ directory: URL, first: any ProfileExecutionStoring, process: StoreCrashHarness.StoreProcess,
      harness: StoreCrashHarness
    ) async throws -> CheckOutcome {
      var random = SeededGenerator(seed: seed ^ 0x5EED_C4A5_0000_0001)
      var failures = Failures()
      let ledger = SaveLedger()
      var store = first
      var process = process
      var next = 0
      for kill in 1...Self.kills {
        // A stream of saves of 1 to 256 KiB; the kill lands 0.5 to 15 ms into it.
        let sizes = (0..<64).map { _ in Int.random(in: 1024...(256 << 10), using: &random) }
        let delay = Duration.microseconds(Int.random(in: 500...15_000, using: &random))
        let first = next
        next += sizes.count
        let current = store
        let writer = Task {
          for (offset, size) in sizes.enumerated() {
            let number = first + offset
            let checkpoint = Self.checkpoint(
              phase: "save-\(number)", payload: Data(repeating: UInt8(number % 251), count: size))
            ledger.sent(number, checkpoint)
            do {
              try await current.saveCheckpoint(checkpoint)
            } catch {
              return
            }
            ledger.acknowledged(number)
          }
        }
        try? await Task.sleep(for: delay)
        process.kill()
        await writer.value
        let reopened = try await open(directory)
        guard let reopenedProcess = harness.process(serving: reopened) else {
          throw CheckFailure("the factory stopped returning a store in its own process")
        }
        store = reopened
        process = reopenedProcess
        let problem = await Self.crashProblem(
          afterKill: kill, reopened: reopened, acknowledged: ledger.lastAcknowledged,
          number: ledger.number(of:))
        if let problem { failures.add(problem) }
      }
      process.kill()
      withExtendedLifetime(store) {}
      return failures.outcome(
        passed:
          "\(Self.kills) SIGKILLs in the middle of saves: every reopen loaded a whole record, never older than the last save that returned (seed \(seed))"
      )
    }
  }

  /// The saves of the real crash test: what was sent, by number, and the last that returned.
  // @unchecked: `records` and `latest` are read and written only under `lock`.
  final class SaveLedger: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [Int: ProfileCheckpoint] = [:]
    private var latest: Int?

    func sent(_ number: Int, _ checkpoint: ProfileCheckpoint) {
      lock.lock()
      defer { lock.unlock() }
      records[number] = checkpoint
    }

    func acknowledged(_ number: Int) {
      lock.lock()
      defer { lock.unlock() }
      latest = max(latest ?? number, number)
    }

    var lastAcknowledged: Int? {
      lock.lock()
      defer { lock.unlock() }
      return latest
    }

    /// The number of the save `checkpoint` is, whole; `nil` when it matches none.
    func number(of checkpoint: ProfileCheckpoint) -> Int? {
      guard checkpoint.phase.hasPrefix("save-"), let number = Int(checkpoint.phase.dropFirst(5))
      else { return nil }
      lock.lock()
      defer { lock.unlock() }
      return records[number] == checkpoint ? number : nil
    }
  }
#endif
