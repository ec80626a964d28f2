import AdapterProcess
import ProfileContracts

/// A store that notes each call the store suite makes while it is under way, so a slow store
/// whose calls keep returning is told from a hung one, and a hung call is named. It judges no
/// answer itself: the store suite's histories already check every answer against the store's
/// model.
struct StoreMonitor: ProfileExecutionStoring {
  let base: any ProfileExecutionStoring

  private static func call(_ name: String, _ command: ProfileCommand) -> @Sendable () -> String {
    { describeCall(name, [("command", quote(command.attachmentID, limit: 40))]) }
  }

  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    Traffic.note("loadCheckpoint", ["command": command])
    return try await CallsInFlight.watch(Self.call("loadCheckpoint", command)) {
      try await base.loadCheckpoint(for: command)
    }
  }

  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    Traffic.note("saveCheckpoint", ["checkpoint": checkpoint])
    return try await CallsInFlight.watch(Self.call("saveCheckpoint", checkpoint.command)) {
      try await base.saveCheckpoint(checkpoint)
    }
  }

  func removeCheckpoint(for command: ProfileCommand) async throws {
    Traffic.note("removeCheckpoint", ["command": command])
    return try await CallsInFlight.watch(Self.call("removeCheckpoint", command)) {
      try await base.removeCheckpoint(for: command)
    }
  }

  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    Traffic.note("loadSummary", ["command": command])
    return try await CallsInFlight.watch(Self.call("loadSummary", command)) {
      try await base.loadSummary(for: command)
    }
  }

  func saveSummary(_ summary: ProfileSummary) async throws {
    Traffic.note("saveSummary", ["summary": summary])
    return try await CallsInFlight.watch(Self.call("saveSummary", summary.command)) {
      try await base.saveSummary(summary)
    }
  }
}

extension StoreCrashHarness {
  /// The process serving `store`, seen through the suite's ``StoreMonitor``: a harness knows
  /// the stores its own `open` returns, not the monitor around them.
  func process(serving store: any ProfileExecutionStoring) -> StoreProcess? {
    process((store as? StoreMonitor)?.base ?? store)
  }
}
