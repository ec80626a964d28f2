import Foundation
import KitSupport
import ProfileContracts

extension ExecutionStoreConformance {
  /// What `store.footprint` writes: 8 commands, overwritten round after round with checkpoints of
  /// 64 KiB of fresh seeded bytes, 64 rounds: 32 MiB through 512 KiB of live records, far past
  /// where a store that compacts (SQLite's 4 MiB write-ahead log, a log rewritten at a few times
  /// its live size) has compacted.
  static let footprintKeys = 8
  static let footprintPayload = 64 * 1024
  static let footprintRounds = 64

  /// How much a store's directory may hold before its growth is judged: 8 times the live
  /// records, and at least 8 MiB.
  static var footprintAllowance: Int {
    max(8 * footprintKeys * footprintPayload, 8 * 1024 * 1024)
  }

  /// Overwrites the same keys round after round, loading each back, and measures the store's
  /// directory after each: its bytes, its files, and the descriptors the store's process holds
  /// open under it must stop growing with the calls, and so must the threads of a store in a
  /// process of its own.
  func footprint() async throws -> CheckOutcome {
    if let skip = skipUnlessDurable { return skip }
    return try await inSandbox { sandbox in
      let store = try await open(sandbox.store)
      var random = SeededGenerator(seed: seed ^ stableHash(Rule.footprint.id))
      let commands = (0..<Self.footprintKeys).map {
        ProfileCommand(
          profile: .document, attachmentID: "footprint-\($0).pdf", sourceLanguage: "ko",
          targetLanguage: "en")
      }
      var measured: [DirectoryFootprint] = []
      var descriptors: [Int?] = []
      var threads: [Int?] = []
      let process = crashHarness?.process(serving: store)?.processIdentifier
      let halfway = CheckProgress.current?.halfway
      for round in 0..<Self.footprintRounds {
        if let halfway, ContinuousClock.now >= halfway, round >= 16 { break }
        for (index, command) in commands.enumerated() {
          var payload = Data(count: Self.footprintPayload)
          payload.withUnsafeMutableBytes { raw in
            for word in raw.bindMemory(to: UInt64.self).indices {
              raw.storeBytes(of: random.next(), toByteOffset: word * 8, as: UInt64.self)
            }
          }
          try await attempt("save \(round * commands.count + index + 1)") {
            try await store.saveCheckpoint(
              Self.checkpoint(command, phase: "round \(round)", payload: payload))
          }
        }
        for (index, command) in commands.enumerated() {
          _ = try await attempt("load \(round * commands.count + index + 1)") {
            try await store.loadCheckpoint(for: command)
          }
        }
        measured.append(DirectoryFootprint(sandbox.store))
        descriptors.append(ProcessResources.descriptors(under: sandbox.store, process: process))
        threads.append(process.flatMap { ProcessResources.threads(of: $0) })
      }
      let saves = measured.count * commands.count
      let written = saves * Self.footprintPayload
      guard measured.count >= 16, let last = measured.last else {
        return .skipped(
          "only \(measured.count) rounds of saves ran within half the check's time, too few to tell growth from a compaction not yet due; give the suite a longer timeout"
        )
      }
      let half = measured.count / 2 - 1
      let middle = measured[half]
      let secondHalf = (measured.count - measured.count / 2) * commands.count
      let live = Self.footprintKeys * Self.footprintPayload
      let context =
        "after \(saves) saves of \(sized(Self.footprintPayload)) over \(commands.count) keys (\(sized(live)) live, \(sized(written)) written)"
      var failures = Failures()
      let grewBytes = last.bytes - middle.bytes
      if last.bytes > Self.footprintAllowance,
        grewBytes * 4 >= secondHalf * Self.footprintPayload
      {
        failures.add(
          "the store's directory holds \(sized(last.bytes)) \(context), and grew \(sized(grewBytes)) over the last \(secondHalf) saves, \(sized(grewBytes / secondHalf)) a save: an overwrite keeps what it replaced"
        )
      }
      let grewFiles = last.files - middle.files
      if last.files > 4 * Self.footprintKeys + 64, grewFiles * 4 >= secondHalf {
        failures.add(
          "the store's directory holds \(last.files) files \(context), \(grewFiles) more than half-way: a save leaves a file behind"
        )
      }
      var held = ""
      if let end = descriptors[descriptors.count - 1], let atHalf = descriptors[half] {
        // Each save and each load of the second half is a call that could leave one open.
        let calls = 2 * secondHalf
        let grew = end - atHalf
        if end > 4 * Self.footprintKeys + 32, grew * 8 >= calls {
          failures.add(
            "the store's process holds \(end) descriptors open under its directory \(context) and as many loads, \(grew) more than half-way, one for every \(calls / max(grew, 1)) calls: a call leaves a file open; close what each save and load opens"
          )
        }
        held = ", \(descriptors.compactMap { $0 }.max() ?? 0) descriptors open under it"
      }
      if let end = threads[threads.count - 1], let atHalf = threads[half] {
        let calls = 2 * secondHalf
        let grew = end - atHalf
        if end > 64, grew * 8 >= calls {
          failures.add(
            "the store's process runs \(end) threads \(context) and as many loads, \(grew) more than half-way, one for every \(calls / max(grew, 1)) calls: a call leaves a thread running; end what each save and load starts, or hand the work to one long-lived thread or queue"
          )
        }
        held += ", \(threads.compactMap { $0 }.max() ?? 0) threads in its process"
      }
      return failures.outcome(
        passed:
          "the store's directory held at most \(sized(measured.map(\.bytes).max() ?? 0)) and \(measured.map(\.files).max() ?? 0) files\(held) \(context) (seed \(seed))"
      )
    }
  }
}

/// What a directory holds: its regular files, counted and summed, at any depth.
struct DirectoryFootprint: Equatable {
  var files = 0
  var bytes = 0

  init(files: Int, bytes: Int) {
    self.files = files
    self.bytes = bytes
  }

  /// Measures `directory` now; an unreadable entry counts as nothing.
  init(_ directory: URL) {
    guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return }
    while let path = walker.nextObject() as? String {
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: directory.appendingPathComponent(path).path)
      guard attributes?[.type] as? FileAttributeType == .typeRegular else { continue }
      files += 1
      bytes += (attributes?[.size] as? Int) ?? 0
    }
  }
}

/// A size of `count` bytes for messages: `512 KiB`, `31.9 MiB`.
func sized(_ count: Int) -> String {
  if count < 1024 { return "\(count) bytes" }
  if count < 1024 * 1024 { return String(format: "%.0f KiB", Double(count) / 1024) }
  return String(format: "%.1f MiB", Double(count) / (1024 * 1024))
}
