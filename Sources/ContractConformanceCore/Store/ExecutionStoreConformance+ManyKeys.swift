import Foundation
import KitSupport
import ProfileContracts

extension ExecutionStoreConformance {
  /// How many distinct commands `store.manyKeys` saves: 320, or 8 for every example asked for
  /// (`CONTRACT_KIT_EXAMPLES=500` makes 4,000), more than any cache of open files or handles a
  /// store plausibly keeps, and past the 256 files Apple platforms let an app open.
  var manyKeysCount: Int { max(320, 8 * (examples ?? 0)) }

  /// The most descriptors a store's process may hold open under its directory: an app on Apple
  /// platforms may open 256 files by default (`ulimit -n`), so a store that holds more fails its
  /// saves there.
  static let descriptorCeiling = 256

  /// The `index`th command of `store.manyKeys`: every profile, source language (nil included)
  /// and target in turn, with attachment IDs plain, Korean, or hundreds of characters long.
  static func manyKeysCommand(_ index: Int) -> ProfileCommand {
    let attachment =
      switch index % 5 {
      case 1: "첨부-\(index).pdf"
      case 3: String(repeating: "long-", count: 60) + "\(index)"
      default: "many-\(index).pdf"
      }
    return ProfileCommand(
      profile: [.document, .note, .webLink, .voiceTranscript][index % 4],
      attachmentID: attachment, sourceLanguage: [nil, "ko", "ja"][index % 3],
      targetLanguage: ["en", "fr"][index % 2])
  }

  /// Saves a checkpoint for each of hundreds of distinct commands (and a summary for every
  /// eighth), loads them all back in a seeded order, and for a durable store again after a
  /// reopen: each loads its own. Where the system tells (Linux, macOS), the store's process must
  /// never hold more descriptors open under its directory than Apple platforms allow an app.
  /// Saves stop after a sixth of the check's time, once 64 are done, so the loads fit in half of
  /// it.
  func manyKeys() async throws -> CheckOutcome {
    try await inSandbox { sandbox in
      let store = try await open(sandbox.store)
      let process = crashHarness?.process(serving: store)?.processIdentifier
      // The saves get a third of the time to half-way: the loads after them, twice over, take
      // about as long again when a load costs what a save does.
      let started = ContinuousClock.now
      let savesEnd = CheckProgress.current?.halfway.map { started + (($0 - started) / 3) }
      var failures = Failures()
      var saved = 0
      var mostDescriptors = 0
      func measure() {
        let held = ProcessResources.descriptors(under: sandbox.store, process: process) ?? 0
        if held > Self.descriptorCeiling, mostDescriptors <= Self.descriptorCeiling {
          failures.addFirst(
            "the store's process holds \(held) descriptors open under its directory after saves of \(saved) distinct commands: Apple platforms let an app open \(Self.descriptorCeiling) files by default, so there its saves fail past that; close each file once its save or load is done, or keep a bounded cache of them"
          )
        }
        mostDescriptors = max(mostDescriptors, held)
      }
      for index in 0..<manyKeysCount {
        if let savesEnd, ContinuousClock.now >= savesEnd, saved >= 64 { break }
        let command = Self.manyKeysCommand(index)
        try await attempt("save \(index + 1) (\(describeKey(command)))") {
          try await store.saveCheckpoint(Self.checkpoint(command, phase: "key-\(index)"))
          if index % 8 == 0 {
            try await store.saveSummary(Self.manyKeysSummary(command, index))
          }
        }
        saved += 1
        if saved % 64 == 0 { measure() }
      }
      measure()
      var random = SeededGenerator(seed: seed ^ stableHash(Rule.manyKeys.id))
      try await loadEach(saved, from: store, "", &random, &failures)
      measure()
      if durability == .durable {
        let reopened = try await open(sandbox.store)
        try await loadEach(saved, from: reopened, " after a reopen", &random, &failures)
      }
      let descriptors =
        ProcessResources.descriptors(under: sandbox.store, process: process) == nil
          || durability != .durable
        ? ""
        : ", holding at most \(mostDescriptors) descriptor\(mostDescriptors == 1 ? "" : "s") under its directory"
      let cut =
        saved < manyKeysCount
        ? " (\(saved) of \(manyKeysCount) within a sixth of the check's time)" : ""
      return failures.outcome(
        passed:
          "\(saved) distinct commands\(cut) each loaded their own checkpoint\(durability == .durable ? ", before and after a reopen" : "")\(descriptors) (seed \(seed))"
      )
    }
  }

  private static func manyKeysSummary(_ command: ProfileCommand, _ index: Int) -> ProfileSummary {
    ProfileSummary(
      command: command, title: "key-\(index)", language: command.targetLanguage, sections: [],
      coverage: PageCoverage(pageCount: 1, originalPageCount: 1, missingPages: []),
      withheldPoints: [], receipt: ProfileExecutionReceipt())
  }

  /// Loads the first `count` commands' records from `store` in a seeded order, adding a failure
  /// for each that is not its own.
  private func loadEach(
    _ count: Int, from store: any ProfileExecutionStoring, _ when: String,
    _ random: inout SeededGenerator, _ failures: inout Failures
  ) async throws {
    var order = Array(0..<count)
    order.shuffle(using: &random)
    for index in order {
      let command = Self.manyKeysCommand(index)
      let (checkpoint, summary) = try await attempt("load \(index + 1)\(when)") {
        (
          try await store.loadCheckpoint(for: command),
          index % 8 == 0 ? try await store.loadSummary(for: command) : nil
        )
      }
      if checkpoint?.phase != "key-\(index)" || checkpoint?.command != command {
        failures.add(
          "the checkpoint of command \(index + 1) of \(count) (\(describeKey(command)))\(when) loaded \(checkpoint.map { "the one saved as \(quote($0.phase))" } ?? "nil")"
        )
      }
      if index % 8 == 0, summary?.title != "key-\(index)" || summary?.command != command {
        failures.add(
          "the summary of command \(index + 1) of \(count) (\(describeKey(command)))\(when) loaded \(summary.map { "the one saved as \(quote($0.title))" } ?? "nil")"
        )
      }
    }
  }

  /// A command in a message: its fields, the attachment ID shortened.
  private func describeKey(_ command: ProfileCommand) -> String {
    "\(command.profile.rawValue), \(quote(command.attachmentID, limit: 24)), \(command.sourceLanguage ?? "nil") → \(command.targetLanguage)"
  }
}
