import AdapterProcess
import Foundation
import KitSupport
import ProfileContracts

#if canImport(Glibc)
  import Glibc
#endif

extension ExecutionStoreConformance {
  /// How many saves `store.powerLoss` records when no example count is set.
  static let powerLossSaves = 12

  /// The largest recording `store.powerLoss` replays: 12 saves of at most 64 KiB need well under
  /// a MiB; a store that writes more than this per run is refused with a line, never replayed
  /// into the kit's memory.
  static let maximumRecordingBytes = 256 << 20

  /// `store.powerLoss`: the store's process runs a stream of saves with the file-operation
  /// recorder preloaded; the recording is replayed under ``powerLossModel``, and at every save
  /// that returned, and before every sync, rename and unlink inside a save, the directory is
  /// built as a power loss could leave it. A new process of the store loads from each state.
  func powerLoss() async throws -> CheckOutcome {
    try await inRecordedProcess("a power loss") { command, harness, sandbox, library in
      #if os(Linux) && canImport(Glibc)
        return try await powerLoss(
          command: command, harness: harness, sandbox: sandbox, library: library)
      #else
        return .skipped("")  // inRecordedProcess calls this on Linux only
      #endif
    }
  }

  /// Runs `body` with the command line of the store's own process, its harness, a sandbox and
  /// the built file-operation recorder: on Linux, for a durable store served by a process of
  /// its own. Otherwise the skip that says why `what` (such as "a power loss") is not tried.
  func inRecordedProcess(
    _ what: String,
    _ body: (String, StoreCrashHarness, Sandbox, URL) async throws -> CheckOutcome
  ) async throws -> CheckOutcome {
    if let skip = skipUnlessDurable { return skip }
    #if os(macOS) || os(Linux)
      return try await inSandbox { sandbox in
        let first = try await open(sandbox.store)
        guard let harness = crashHarness, let process = harness.process(serving: first) else {
          return .skipped(
            "\(what) is tried on a store in a process of its own: serve the store with AdapterHost (or any program that speaks Conformance/protocol.md) and run contract-kit conformance run --suite store --adapter-command \"…\" on Linux"
          )
        }
        await process.close(.seconds(5))
        withExtendedLifetime(first) {}
        #if os(Linux) && canImport(Glibc)
          switch FileOperationRecorder.library() {
          case .success(let library):
            return try await body(process.command, harness, sandbox, library)
          case .failure(let reason): return .skipped(reason.message)
          }
        #else
          return .skipped(FileOperationRecorder.library().failureMessage ?? "")
        #endif
      }
    #else
      return .skipped(
        "\(what) is tried on a store in a process of its own, which this platform cannot start: run contract-kit conformance run --suite store --adapter-command \"…\" on Linux"
      )
    #endif
  }

  /// What a reopened store did with one crash state.
  enum PowerLossLoad: Hashable {
    /// Per key: the save it loaded, `nil` for nothing, or what went wrong.
    case loaded([KeyLoad])
    /// Opening the store on the state threw.
    case unopenable(String)

    enum KeyLoad: Hashable {
      case save(Int?)
      case unknown(String)
      case threw(String)
    }
  }

  // The recorder is preloaded into the store's process, and the replay reads Linux's /proc.
  #if os(Linux) && canImport(Glibc)
    private func powerLoss(
      command: String, harness: StoreCrashHarness, sandbox: Sandbox, library: URL
    ) async throws -> CheckOutcome {
      let root = sandbox.root.resolvingSymlinksInPath().appendingPathComponent(
        "outer/inner/store", isDirectory: true)
      try? FileManager.default.removeItem(at: root)
      let log = sandbox.root.appendingPathComponent("file-operations.log")
      let plan = PowerLossPlan(saves: examples ?? Self.powerLossSaves, seed: seed)

      // The recording: every save in one process with the recorder preloaded, each between two
      // marks the suite appends to the log.
      let recorded: any ProfileExecutionStoring
      let recording: StoreCrashHarness.StoreProcess
      do {
        recorded = try await harness.open(
          command, root,
          FileOperationRecorder.environment(library: library, log: log, root: root.path))
      } catch {
        throw CheckFailure(
          "opening the store with the file-operation recorder threw \(describe(error))")
      }
      guard let process = harness.process(serving: recorded) else {
        throw CheckFailure("the crash harness opened a store that runs in no process of its own")
      }
      recording = process
      let executable = Self.executable(of: recording.processIdentifier)
      let marks = Glibc.open(log.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
      guard marks >= 0 else { throw CheckFailure("cannot append to \(log.path)") }
      defer { _ = Glibc.close(marks) }
      for (number, save) in plan.saves.enumerated() {
        Self.append(FileOperationLog.mark(save: number + 1, returned: false), to: marks)
        try await attempt("save \(number + 1) (\(save.checkpoint.payload.count) bytes)") {
          try await recorded.saveCheckpoint(save.checkpoint)
        }
        Self.append(FileOperationLog.mark(save: number + 1, returned: true), to: marks)
      }
      await recording.close(.seconds(10))

      let size = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
      guard size <= Self.maximumRecordingBytes else {
        return .skipped(
          "the store wrote \(size >> 20) MiB of file operations during \(plan.saves.count) saves, more than the \(Self.maximumRecordingBytes >> 20) MiB store.powerLoss replays; check it with fewer saves (--examples)"
        )
      }
      let operations = try FileOperationLog.parse(
        (try? Data(contentsOf: log)) ?? Data(), root: root.path)
      if let skip = Self.unrecorded(
        operations, process: recording.processIdentifier, executable: executable)
      {
        return .skipped(skip)
      }
      let model = Self.judgedModel(powerLossModel, operations)
      let replay = PowerLossReplay(
        operations: operations, keys: plan.keys, keyCount: plan.commands.count, model: model)
      let (onDisk, unreadable) = DiskImage.read(root)
      if let problem = replay.unfollowed.first ?? unreadable
        ?? onDisk.difference(from: replay.final)
      {
        return .skipped(
          "the recording does not account for what the store wrote (\(problem)): it writes by a route the recorder does not see (stdio's fwrite, io_uring, a helper process, a static binary), so store.powerLoss cannot judge it"
        )
      }
      let outcome = try await judge(
        replay, model: model, plan: plan, command: command, harness: harness, root: root)
      return model == powerLossModel ? outcome : Self.unjudgedApple(outcome, operations)
    }

    /// The model the recording is replayed under: `requested`, except that the apple model falls
    /// back to posix for a store that made no `F_FULLFSYNC` call. Linux has no `F_FULLFSYNC`, so
    /// a store calls it only in its Apple build, and Linux cannot show what that build does.
    static func judgedModel(_ requested: PowerLossModel, _ operations: [FileOperation])
      -> PowerLossModel
    {
      guard requested == .apple else { return requested }
      let fullSynced = operations.contains {
        if case .sync(_, .fullfsync) = $0 { return true }
        return false
      }
      return fullSynced ? .apple : .posix
    }

    /// The outcome of a store the apple model could not judge, judged under posix: a posix
    /// failure stays a failure; a posix pass is a skip, never a pass of the apple model.
    static func unjudgedApple(_ posix: CheckOutcome, _ operations: [FileOperation])
      -> CheckOutcome
    {
      let sqlite = operations.contains {
        if case .open(_, let path, _, _, _) = $0 {
          return path.hasSuffix("-wal") || path.hasSuffix("-journal")
        }
        return false
      }
      let appleBuild =
        sqlite
        ? "SQLite calls it only where the platform has it, with PRAGMA fullfsync=ON (and checkpoint_fullfsync=ON), which the store's Apple build must set"
        : "a store calls it only in its Apple build (behind #if canImport(Darwin))"
      switch posix {
      case .passed(let message):
        return .skipped(
          "the apple model judges a store by its F_FULLFSYNC calls, and this one made none: Linux has no F_FULLFSYNC, and \(appleBuild). Under posix: \(message). For the apple model on Linux, make the Apple build's call here too: fcntl(fd, 51), Darwin's F_FULLFSYNC, falling back to fsync when it fails (Linux refuses it; the recorder carries it out)"
        )
      case .failed(let message), .failedSince(let message, _):
        return .failed(
          "\(message); the store made no F_FULLFSYNC call for the apple model to judge, so it was judged under posix"
        )
      case .skipped:
        return posix
      }
    }

    /// Loads from every distinct state, once, and judges each point's states.
    private func judge(
      _ replay: PowerLossReplay, model: PowerLossModel, plan: PowerLossPlan, command: String,
      harness: StoreCrashHarness, root: URL
    ) async throws -> CheckOutcome {
      // Distinct states by digest, so memory holds one point's states, not every state's bytes.
      var loads: [UInt64: PowerLossLoad] = [:]
      var first: String?
      var failed = 0
      var statesAtFailure = 0
      var tried = 0
      var stopped = false
      let halfway = CheckProgress.current?.halfway
      try await replay.forEachPoint(seed: seed ^ stableHash("store.powerLoss")) { point in
        for state in point.states {
          let digest = state.image.digest
          if loads[digest] == nil {
            // The first state always loads, however late: a check must not end having tried none.
            if let halfway, !loads.isEmpty, ContinuousClock.now > halfway {
              stopped = true
              return false
            }
            loads[digest] = try await load(
              state.image, plan: plan, command: command, harness: harness, at: root)
          }
          tried += 1
          guard let load = loads[digest], let problem = Self.problem(load, point: point, plan: plan)
          else { continue }
          failed += 1
          guard first == nil else { continue }
          let fix =
            replay.fix(at: point)
            ?? "write a whole new record and switch to it (a temporary file, a sync, a rename, a sync of the directory; or a second slot with a checksum); never overwrite a record in place"
          first =
            "\(point.description), with \(state.description) (\(model) model): \(problem); fix: \(fix)"
          CheckProgress.current?.found(first ?? "")
        }
        // The first failing point is the finding; the points after it would only repeat it.
        guard first == nil else {
          statesAtFailure = point.states.count
          return false
        }
        return true
      }
      let budget =
        stopped
        ? "; the check's time ran out after \(tried) states, so the rest were not tried" : ""
      if let first {
        let more =
          failed > 1
          ? "; so did \(failed - 1) more of the \(statesAtFailure) states built there" : ""
        return .failed(first + more + budget + " (seed \(seed))")
      }
      guard tried > 0 else {
        return .failed(
          "no crash state was tried within half the check's time: the store is too slow to open")
      }
      return .passed(
        "\(tried) crash states (\(loads.count) distinct) at \(replay.pointCount) points over \(plan.saves.count) saves of \(plan.sizeRange) under the \(model) model: every reopen loaded a whole record, never older than the last save that returned\(budget) (seed \(seed))"
      )
    }

    /// Builds `image` at `root`, opens the store on it in a new process and loads every key.
    private func load(
      _ image: DiskImage, plan: PowerLossPlan, command: String, harness: StoreCrashHarness,
      at root: URL
    ) async throws -> PowerLossLoad {
      do {
        try image.write(to: root)
      } catch {
        throw CheckFailure(
          "cannot build a crash state at \(root.path): \(error.localizedDescription)")
      }
      let store: any ProfileExecutionStoring
      do {
        store = try await harness.open(command, root, [:])
      } catch {
        return .unopenable(describe(error))
      }
      var keys: [PowerLossLoad.KeyLoad] = []
      for command in plan.commands {
        do {
          let loaded = try await store.loadCheckpoint(for: command)
          if let loaded {
            keys.append(plan.number(of: loaded).map { .save($0) } ?? .unknown(loaded.phase))
          } else {
            keys.append(.save(nil))
          }
        } catch {
          keys.append(.threw(describe(error)))
        }
      }
      // Gone before the next state is written into its directory.
      await harness.process(serving: store)?.close(.seconds(5))
      withExtendedLifetime(store) {}
      return .loaded(keys)
    }

    /// What is wrong with `load` at `point`, in words; `nil` when nothing is.
    private static func problem(
      _ load: PowerLossLoad, point: PowerLossReplay.CrashPoint, plan: PowerLossPlan
    )
      -> String?
    {
      let keys: [PowerLossLoad.KeyLoad]
      switch load {
      case .unopenable(let error): return "the reopened store threw \(error) at open"
      case .loaded(let loaded): keys = loaded
      }
      for (key, loaded) in keys.enumerated() where key < point.allowed.count {
        let allowed = point.allowed[key]
        let returned = point.lastReturned[key]
        let name = plan.commands.count > 1 ? " for key \(key + 1)" : ""
        switch loaded {
        case .save(let number) where allowed.contains(number): continue
        case .save(nil):
          return
            "the reopened store loaded nothing\(name), though save \(returned ?? 0) had returned"
        case .save(let number?):
          if let returned, number < returned {
            return
              "the reopened store loaded save \(number)\(name), older than save \(returned), which had returned"
          }
          return "the reopened store loaded save \(number)\(name), which was not the one expected"
        case .unknown(let phase):
          return
            "the reopened store loaded a record\(name) that matches no save whole (phase \(quote(phase))): a torn record"
        case .threw(let error):
          return "loading\(name) threw \(error)"
        }
      }
      return nil
    }

    /// Why the recording cannot be trusted to hold the store's operations, or `nil`.
    static func unrecorded(
      _ operations: [FileOperation], process: Int32, executable: String?,
      rule: String = "store.powerLoss"
    )
      -> String?
    {
      let hellos = operations.compactMap { operation -> String? in
        if case .hello(process, let running) = operation { return running }
        return nil
      }
      guard let last = hellos.last else {
        return
          "the store's process never loaded the file-operation recorder (a static binary, or a runtime that ignores LD_PRELOAD), so \(rule) cannot see its file operations"
      }
      if let executable, last != executable {
        return
          "\(executable), the program the store's process runs, never loaded the file-operation recorder (a static binary, or a runtime that ignores LD_PRELOAD), so \(rule) cannot see its file operations"
      }
      return nil
    }

    /// The program process `pid` runs, by `/proc`.
    static func executable(of pid: Int32) -> String? {
      try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }

    private static func append(_ data: Data, to fd: Int32) {
      data.withUnsafeBytes { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
    }
  #endif
}

/// The saves `store.powerLoss` records: seeded sizes over two keys that differ in one field.
struct PowerLossPlan {
  struct Save {
    let key: Int
    let checkpoint: ProfileCheckpoint
  }

  let commands: [ProfileCommand]
  let saves: [Save]

  init(saves count: Int, seed: UInt64) {
    var random = SeededGenerator(seed: seed ^ stableHash("store.powerLoss.plan"))
    let base = ExecutionStoreConformance.command
    let commands = [
      base,
      ProfileCommand(
        profile: base.profile, attachmentID: base.attachmentID,
        sourceLanguage: base.sourceLanguage, targetLanguage: "fr"),
    ]
    self.commands = commands
    saves = (1...max(1, count)).map { number in
      let size =
        switch Int.random(in: 0..<4, using: &random) {
        case 0: Int.random(in: 0...64, using: &random)
        case 1: Int.random(in: 500...5000, using: &random)
        case 2: Int.random(in: 16_384...65_536, using: &random)
        default: Int.random(in: 1...512, using: &random)
        }
      let key = number <= 2 ? number - 1 : Int.random(in: 0..<2, using: &random)
      let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ number) })
      return Save(
        key: key,
        checkpoint: ExecutionStoreConformance.checkpoint(
          commands[key], phase: "save-\(number)", payload: payload))
    }
  }

  /// Each save's key, by save number (from 1).
  var keys: [Int: Int] {
    Dictionary(uniqueKeysWithValues: saves.enumerated().map { ($0.offset + 1, $0.element.key) })
  }

  /// The number of the save `checkpoint` is, whole; `nil` when it matches none.
  func number(of checkpoint: ProfileCheckpoint) -> Int? {
    guard checkpoint.phase.hasPrefix("save-"), let number = Int(checkpoint.phase.dropFirst(5)),
      number >= 1, number <= saves.count, saves[number - 1].checkpoint == checkpoint
    else { return nil }
    return number
  }

  /// The payload sizes, in words.
  var sizeRange: String {
    let sizes = saves.map(\.checkpoint.payload.count)
    return "\(sizes.min() ?? 0) to \(sizes.max() ?? 0) bytes"
  }
}

extension Result where Failure == CheckFailure {
  /// The failure's message, if it failed.
  var failureMessage: String? {
    if case .failure(let failure) = self { return failure.message }
    return nil
  }
}
