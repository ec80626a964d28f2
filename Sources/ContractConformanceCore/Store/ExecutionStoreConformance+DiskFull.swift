import AdapterProcess
import Foundation
import KitSupport
import ProfileContracts

extension ExecutionStoreConformance {
  /// The most points `store.diskFull` fills the disk at: the calls of one save, in turn.
  static let diskFullPoints = 32

  /// `store.diskFull`: a record saved with room to spare, then, for *n* = 1, 2, …, a new store
  /// process whose *n*th write, truncate or sync under its directory fails with `ENOSPC` (and
  /// every one after) saves another. The save throws or keeps its record, the process lives,
  /// and the next process loads the record before or the new one, whole, and saves again.
  func diskFull() async throws -> CheckOutcome {
    try await inRecordedProcess("a full disk") { command, harness, sandbox, library in
      #if os(Linux)
        return try await diskFull(
          command: command, harness: harness, sandbox: sandbox, library: library)
      #else
        return .skipped("")  // inRecordedProcess calls this on Linux only
      #endif
    }
  }

  /// What a save on a full disk did.
  private enum FullDiskSave {
    case returned
    case threw(String)
    case died
    case hung(Duration)

    init(_ error: any Error) {
      if let process = error as? AdapterProcessError, process.isBreakdown {
        self = .died
      } else {
        self = .threw(describe(error))
      }
    }
  }

  #if os(Linux)
    private func diskFull(
      command: String, harness: StoreCrashHarness, sandbox: Sandbox, library: URL
    ) async throws -> CheckOutcome {
      let root = sandbox.root.resolvingSymlinksInPath().appendingPathComponent(
        "outer/inner/store", isDirectory: true)
      let log = sandbox.root.appendingPathComponent("file-operations.log")
      var tally = FullDiskTally()
      // A store after one save of a key, then after two: the save after them can make other
      // calls (the bundled store's second save creates its second slot file, a third writes
      // over it).
      for saves in 1...2 {
        try? FileManager.default.removeItem(at: root)
        // The record a full disk must not take away, saved while there is room.
        var before = Self.checkpoint(phase: "saved with room to spare")
        for number in 1...saves {
          before = Self.checkpoint(
            phase: "save \(number) of \(saves) with room to spare",
            payload: Self.fullDiskPayload(number))
          try await withStoreProcess(command, root, [:], harness, "with room to spare") {
            store in
            try await attempt("saving with room to spare") {
              try await store.saveCheckpoint(before)
            }
          }
        }
        // Each point starts from this directory, so that the save makes the same calls each
        // time; a directory the check cannot copy (a socket, a link) goes on as it is.
        let start = DiskImage.read(root)
        if let outcome = try await fillEachCall(
          of: saves, before: before, start: start.unreadable == nil ? start.image : nil,
          command: command, harness: harness, root: root, log: log, library: library,
          tally: &tally)
        {
          return outcome
        }
      }
      guard tally.points > 0 else {
        return .skipped(
          "the store made no write, truncate or sync under its directory during a save, as the file-operation recorder sees them (a helper process, io_uring, or writes through a map), so store.diskFull cannot fill its disk"
        )
      }
      return .passed(
        tally.summary
          + (tally.cut ? " (the first \(Self.diskFullPoints) calls of a save that makes more)" : "")
      )
    }

    /// Fails, in turn, the first call of a save, then the second, and so on, from `start` (when
    /// given) with `before` the record saved last; the failure, or `nil` when every point held.
    // swift-format-ignore: FunctionParameterCount
    private func fillEachCall(
      of saves: Int, before: ProfileCheckpoint, start: DiskImage?, command: String,
      harness: StoreCrashHarness, root: URL, log: URL, library: URL, tally: inout FullDiskTally
    ) async throws -> CheckOutcome? {
      var kept = before
      let halfway = CheckProgress.current?.halfway
      for point in 1...Self.diskFullPoints {
        if let halfway, tally.points > 0, ContinuousClock.now > halfway {
          return .passed(
            "\(tally.summary); the check's time ran out there, so later calls were not failed")
        }
        if let start {
          try start.write(to: root)
          kept = before
        }
        try? FileManager.default.removeItem(at: log)
        let attempted = Self.checkpoint(
          phase: "saved on a full disk at call \(point)", payload: Self.fullDiskPayload(point + 2))
        var environment = FileOperationRecorder.environment(
          library: library, log: log, root: root.path)
        environment["CONTRACT_KIT_FULL_DISK_AFTER"] = String(point)
        let (save, recorded) = try await saveOnFullDisk(
          attempted, command: command, root: root, environment: environment, harness: harness,
          log: log)
        if let problem = recorded.problem { return .skipped(problem) }
        // No call failed: the save made fewer writes, truncates and syncs than `point`, and the
        // points before failed each of them.
        guard recorded.filled else { return nil }
        tally.points += 1
        tally.cut = tally.cut || point == Self.diskFullPoints
        let after = saves == 1 ? "the key's second save" : "a later save of the key"
        let at =
          "write, truncate or sync number \(point) since the store's process started (in \(after)) failed with ENOSPC (a full disk)"
        switch save {
        case .died:
          return .failed(
            "\(at), and the store's process ended: a full disk must make the save throw, not end the app"
          )
        case .hung(let limit):
          return .failed(
            "\(at), and the save neither returned nor threw within \(limit): a store that retries a failed write never gives the app its answer; throw, and let the core retry later"
          )
        case .threw: tally.threw += 1
        case .returned: break
        }
        // With room again, one process loads, then saves: a failed save left nothing in the way.
        let again = Self.checkpoint(
          phase: "saved with room again after call \(point)",
          payload: Self.fullDiskPayload(point + 2 + Self.diskFullPoints))
        let (loaded, reloaded) = try await withStoreProcess(
          command, root, [:], harness, "with room again, after \(at)"
        ) { store in
          let loaded: Result<ProfileCheckpoint?, CheckFailure>
          do {
            loaded = .success(try await store.loadCheckpoint(for: Self.command))
          } catch {
            loaded = .failure(CheckFailure(describe(error)))
          }
          guard case .success = loaded else { return (loaded, ProfileCheckpoint?.none) }
          try await attempt("with room again, after \(at), saving") {
            try await store.saveCheckpoint(again)
          }
          let reloaded = try await attempt("loading that save") {
            try await store.loadCheckpoint(for: Self.command)
          }
          return (loaded, reloaded)
        }
        if let problem = Self.fullDiskProblem(loaded, save: save, kept: kept, attempted: attempted)
        {
          let did = if case .threw(let error) = save { "threw \(error)" } else { "returned" }
          return .failed("\(at), and the save \(did); \(problem); fix: \(Self.fullDiskFix(save))")
        }
        guard reloaded == again else {
          return .failed(
            "\(at); with room again, a new save returned but loading gave \(reloaded.map { quote($0.phase) } ?? "nothing"): remove what a failed save leaves (a temporary file, a lock, a journal) or read past it"
          )
        }
        kept = again
      }
      return nil
    }

    /// Opens the store in a process started with `environment`, saves `checkpoint`, and ends
    /// the process; what the save did, and what the recorder saw.
    private func saveOnFullDisk(
      _ checkpoint: ProfileCheckpoint, command: String, root: URL,
      environment: [String: String], harness: StoreCrashHarness, log: URL
    ) async throws -> (FullDiskSave, (filled: Bool, problem: String?)) {
      let save: FullDiskSave
      var process: Int32?
      var executable: String?
      do {
        let store = try await harness.open(command, root, environment)
        let running = harness.process(serving: store)
        process = running?.processIdentifier
        executable = process.flatMap(Self.executable(of:))
        // A save that neither returns nor throws (one that retries a failed write for ever) is
        // ended here, within the check's time, so that its process does not spin on.
        let limit = timeout / 2
        let stuck = Locked(false)
        let watch = Task {
          try? await Task.sleep(for: limit)
          guard !Task.isCancelled else { return }
          stuck.withValue { $0 = true }
          running?.kill()
        }
        do {
          try await store.saveCheckpoint(checkpoint)
          save = .returned
        } catch {
          save = stuck.withValue { $0 } ? .hung(limit) : FullDiskSave(error)
        }
        watch.cancel()
        await running?.close(.seconds(5))
        withExtendedLifetime(store) {}
      } catch {
        save = FullDiskSave(error)  // opening met the full disk
      }
      let operations = try FileOperationLog.parse(
        (try? Data(contentsOf: log)) ?? Data(), root: root.path)
      let filled = operations.contains {
        if case .diskFull = $0 { return true }
        return false
      }
      guard let process else { return (save, (filled, nil)) }
      return (
        save,
        (
          filled,
          Self.unrecorded(
            operations, process: process, executable: executable, rule: "store.diskFull")
        )
      )
    }

    /// Runs `body` on the store a new process at `root` serves, then ends the process; `when`
    /// says when, for a failure to open.
    private func withStoreProcess<T>(
      _ command: String, _ root: URL, _ environment: [String: String],
      _ harness: StoreCrashHarness, _ when: String,
      _ body: (any ProfileExecutionStoring) async throws -> T
    ) async throws -> T {
      let store = try await attempt("\(when), opening the store") {
        try await harness.open(command, root, environment)
      }
      let result: T
      do {
        result = try await body(store)
      } catch {
        await harness.process(serving: store)?.close(.seconds(5))
        throw error
      }
      await harness.process(serving: store)?.close(.seconds(5))
      withExtendedLifetime(store) {}
      return result
    }
  #endif

  /// What is wrong with what a reopened store loaded after a save on a full disk, or `nil`.
  private static func fullDiskProblem(
    _ load: Result<ProfileCheckpoint?, CheckFailure>, save: FullDiskSave,
    kept: ProfileCheckpoint, attempted: ProfileCheckpoint
  ) -> String? {
    let loaded: ProfileCheckpoint?
    switch load {
    case .success(let checkpoint): loaded = checkpoint
    case .failure(let error):
      return
        "with room again, a new process threw \(error.message) when loading: the record saved before (\(quote(kept.phase))) is lost"
    }
    switch loaded {
    case attempted: return nil
    case kept:
      guard case .returned = save else { return nil }
      return
        "yet a new process loaded the record saved before it (\(quote(kept.phase))): the store reported progress kept that it lost"
    case nil:
      return
        "with room again, a new process loaded nothing: the record saved before (\(quote(kept.phase))) is lost"
    case let other?:
      return
        "with room again, a new process loaded a record that matches neither the one saved before nor the new one whole (phase \(quote(other.phase)), \(other.payload.count) bytes)"
    }
  }

  /// The fix for a store that lost or misreported a save on a full disk.
  private static func fullDiskFix(_ save: FullDiskSave) -> String {
    if case .returned = save {
      return
        "check the result of every write, truncate and sync (never try? or an unchecked fwrite), and throw when one fails"
    }
    return
      "write the new record beside the old one (a temporary file, or a second slot) and switch to it only once it is whole and synced, so a failed write leaves the old record"
  }

  /// What `store.diskFull` has tried so far.
  private struct FullDiskTally {
    /// The calls failed, over both starting points.
    var points = 0
    /// The saves that threw.
    var threw = 0
    /// Whether a save made more calls than the check fails.
    var cut = false

    var summary: String {
      "the disk filled at each write, truncate and sync of a save in turn, in a key's second save and in a later one (\(points) calls): \(threw) of the saves threw and \(points - threw) kept their record, no process ended, and each time a new process loaded a whole record, then saved and loaded again"
    }
  }

  /// A payload of 6 KiB that differs for every `number`.
  private static func fullDiskPayload(_ number: Int) -> Data {
    Data((0..<6144).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ number &* 13) })
  }
}
