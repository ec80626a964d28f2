import Foundation
import KitSupport
import ProfileContracts

extension ExecutionStoreConformance {
  func roundTrip() async throws -> CheckOutcome {
    try await inSandbox { sandbox in
      let store = try await open(sandbox.store)
      var random = SeededGenerator(seed: seed)
      var large = Data(count: 8 << 20)
      large.withUnsafeMutableBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          bytes.storeBytes(of: random.next(), toByteOffset: offset, as: UInt64.self)
          offset += 8
        }
      }
      let payloads: [(String, Data)] = [
        ("empty", Data()), ("every byte value", Data((0...255).map { UInt8($0) })),
        ("8 MiB", large),
      ]
      var failures = Failures()
      for (name, payload) in payloads {
        let command = ProfileCommand(
          profile: .note, attachmentID: "round-trip-\(name)", sourceLanguage: nil,
          targetLanguage: "en")
        let saved = Self.checkpoint(command, phase: "chunks:1/2", payload: payload)
        try await attempt("saving the \(name) payload") { try await store.saveCheckpoint(saved) }
        let loaded = try await attempt("loading the \(name) payload") {
          try await store.loadCheckpoint(for: command)
        }
        if loaded != saved {
          let detail =
            loaded.map { "came back with \($0.payload.count) bytes, phase \(quote($0.phase))" }
            ?? "came back nil"
          failures.add("the \(name) payload (\(payload.count) bytes) \(detail)")
        }
      }
      let summary = Self.summary(title: "Round trip 한국어 ✓")
      try await attempt("saving a summary") { try await store.saveSummary(summary) }
      let loaded = try await attempt("loading a summary") {
        try await store.loadSummary(for: summary.command)
      }
      if loaded != summary {
        failures.add("the summary came back different: \(Self.differences(summary, loaded))")
      }
      let handPicked = failures.outcome(
        passed: "empty, 256-byte and 8 MiB payloads and a summary round-tripped exactly")
      // The record of every case and the generated ones came with 0.6.
      return handPicked.then(
        await generatedRecords(at: sandbox.store).outcome(
          passed: "so did a record of every step status and failure, and generated records",
          rule: Rule.roundTrip, budget: budget,
          examplesSince: Rule.roundTrip.sharpened))
    }
  }

  /// Generated checkpoints and summaries (``GeneratedRecord``), each saved, loaded back from
  /// the instance that saved it and, for a durable store, from a reopened one; a record that
  /// comes back different names the first fields that differ.
  private func generatedRecords(at directory: URL) async -> PropertyRun {
    let property = Property<GeneratedRecord>(
      examples: [
        GeneratedRecord.everyCase(
          command: ProfileCommand(
            profile: .document, attachmentID: "every-case", sourceLanguage: nil,
            targetLanguage: "ko"))
      ],
      defaultCount: 24,
      generate: { source throws(ChoiceSource.Overrun) in
        let command = ProfileCommand(
          profile: try source.pick([.document, .note, .webLink, .voiceTranscript]),
          attachmentID: "generated-record", sourceLanguage: try source.pick([nil, "ko", "en"]),
          targetLanguage: try source.pick(["en", "ko", "ja"]))
        return try GeneratedRecord.generate(source, command: command)
      },
      describe: \.description,
      test: { record in
        do {
          return try await self.roundTrip(record, at: directory)
        } catch {
          return failureMessage(error)
        }
      })
    return await property.run(Rule.roundTrip.id, budget: budget)
  }

  private func roundTrip(_ record: GeneratedRecord, at directory: URL) async throws(CheckFailure)
    -> String?
  {
    do {
      let store = try await open(directory)
      try await attempt("saving the generated checkpoint") {
        try await store.saveCheckpoint(record.checkpoint)
      }
      try await attempt("saving the generated summary") {
        try await store.saveSummary(record.summary)
      }
      if let problem = try await loadProblem(record, from: store, in: "the instance that saved it")
      {
        return problem
      }
    }
    guard durability == .durable else { return nil }
    let reopened = try await open(directory)
    return try await loadProblem(record, from: reopened, in: "a reopened instance")
  }

  /// What differs between `record` and what `store` loads for its command, if anything.
  private func loadProblem(
    _ record: GeneratedRecord, from store: any ProfileExecutionStoring, in instance: String
  ) async throws(CheckFailure) -> String? {
    let command = record.checkpoint.command
    let checkpoint = try await attempt("loading the generated checkpoint from \(instance)") {
      try await store.loadCheckpoint(for: command)
    }
    if checkpoint != record.checkpoint {
      return "a checkpoint loaded from \(instance) differs from the one saved: "
        + Self.differences(record.checkpoint, checkpoint)
    }
    let summary = try await attempt("loading the generated summary from \(instance)") {
      try await store.loadSummary(for: command)
    }
    if summary != record.summary {
      return "a summary loaded from \(instance) differs from the one saved: "
        + Self.differences(record.summary, summary)
    }
    return nil
  }

  /// The first fields where `loaded` differs from `saved`, by JSON path.
  static func differences<Value: Encodable>(_ saved: Value, _ loaded: Value?) -> String {
    guard let loaded else { return "it loaded as nil" }
    guard let expected = try? CanonicalJSON.jsonValue(of: saved),
      let actual = try? CanonicalJSON.jsonValue(of: loaded)
    else { return "it cannot be encoded to compare" }
    let lines = JSONDiff.differences(expected: expected, actual: actual, limit: 3)
    return lines.isEmpty
      ? "it is not == to it, though their JSON forms agree" : lines.joined(separator: "; ")
  }
}
