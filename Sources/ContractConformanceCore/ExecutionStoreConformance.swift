import Foundation
import ProfileContracts

/// Whether a store promises to keep what it saved beyond its own lifetime.
public struct StoreDurability: Hashable, Sendable, CustomStringConvertible {
  private let name: String
  private init(_ name: String) { self.name = name }

  /// Saves survive dropping the store, reopening its location, and a crash: the reopen, crash
  /// and concurrency checks run.
  public static let durable = StoreDurability("durable")
  /// Saves last as long as the instance (previews, tests): the durability checks are skipped.
  public static let volatile = StoreDurability("volatile")

  /// The durability's name.
  public var description: String { name }
}

/// The conformance suite for ``ProfileExecutionStoring``: exact round trips, replacement, keys,
/// hostile IDs, independence, and for durable stores reopen, crash and concurrent saves.
///
/// ```swift
/// let report = await ExecutionStoreConformance(durability: .durable) { directory in
///   try MyStore(directory: directory)
/// }.run()
/// ```
///
/// Each check gets a fresh, empty directory inside a sandbox folder the suite owns and removes.
/// Reopening calls the factory again with the same directory.
public struct ExecutionStoreConformance: Sendable {
  /// What the store promises.
  public let durability: StoreDurability
  /// How long one check may take.
  public let timeout: Duration
  /// The seed of the randomized payloads.
  public let seed: UInt64
  /// Where each check's sandbox folder is made.
  public let scratch: URL
  private let makeStore: @Sendable (URL) async throws -> any ProfileExecutionStoring

  /// Creates the suite.
  ///
  /// - Parameters:
  ///   - durability: `.durable` for stores that must survive reopen and crash.
  ///   - timeout: the limit for each check (default 10 s).
  ///   - seed: the seed for randomized payloads (default: ``ConformanceSeed/current(_:)``).
  ///   - scratch: where each check's sandbox folder is made (default: the temporary directory);
  ///     put it on the disk your store will use.
  ///   - makeStore: opens a store at a directory. Called again with the same directory to reopen.
  public init(
    durability: StoreDurability, timeout: Duration = .seconds(10),
    seed: UInt64 = ConformanceSeed.current(),
    scratch: URL = FileManager.default.temporaryDirectory,
    _ makeStore: @escaping @Sendable (URL) async throws -> any ProfileExecutionStoring
  ) {
    self.durability = durability
    self.timeout = timeout
    self.seed = seed
    self.scratch = scratch
    self.makeStore = makeStore
  }

  /// Runs every check and returns the report.
  public func run() async -> ConformanceReport {
    await CheckRunner(suite: "store", rules: Self.rules, timeout: timeout).run(
      [
        "store.roundTrip": roundTrip,
        "store.replace": replace,
        "store.keys": keys,
        "store.hostileIDs": hostileIDs,
        "store.removeAbsent": removeAbsent,
        "store.independent": independent,
        "store.reopen": reopen,
        "store.crash": crash,
        "store.concurrentKeys": concurrentKeys,
        "store.concurrentOneKey": concurrentOneKey,
        "store.unusableLocation": unusableLocation,
      ], seed: seed)
  }

  /// The suite's rules, in the order it runs them.
  public static let rules: [ConformanceRule] = [
    ConformanceRule(
      id: "store.roundTrip", level: .required,
      asserts:
        "Checkpoints with payloads that are empty, every byte value 0 to 255, and 8 MiB, and a summary, load back exactly as saved.",
      why:
        "The payload is the core's intermediate result, opaque to the app: the store must keep the bytes, not an interpretation of them.",
      whenItFails:
        "Look for text encodings applied to Data, size limits, or trimming of empty values."),
    ConformanceRule(
      id: "store.replace", level: .required,
      asserts: "A second save for the same command replaces the first.",
      why:
        "saveCheckpoint replaces any earlier one: the core resumes from the latest progress, never an older one.",
      whenItFails:
        "Look for inserts that keep the first row, or loads that return the oldest record."),
    ConformanceRule(
      id: "store.keys", level: .required,
      asserts:
        "Commands that differ in one field (profile, attachment, source language including nil, target language) are separate keys.",
      why:
        "The store is keyed by the command: re-submitting the identical command finds its progress, and only that command does.",
      whenItFails:
        "Key by every field of the command (for example its canonical JSON), not by the attachment ID alone."
    ),
    ConformanceRule(
      id: "store.hostileIDs", level: .required,
      asserts:
        "Attachment IDs such as ../../etc/passwd, /, empty, 4 KiB long, NUL and emoji round-trip, and nothing is written outside the store's directory.",
      why:
        "Attachment IDs come from the app's users and documents; an ID used as a path escapes the store.",
      whenItFails: "Never build a path from the attachment ID; name files by a hash of the command."
    ),
    ConformanceRule(
      id: "store.removeAbsent", level: .required,
      asserts: "Removing a checkpoint that does not exist, or removing one twice, does not throw.",
      why:
        "removeCheckpoint is called after every completed run, whether or not a checkpoint was saved.",
      whenItFails: "Treat \"no such record\" as success in removeCheckpoint."),
    ConformanceRule(
      id: "store.independent", level: .required,
      asserts:
        "A command's summary and checkpoint are independent: removing the checkpoint keeps the summary, and each loads its own value.",
      why:
        "On completion the core saves the summary, then removes the checkpoint; the canonical body must survive that.",
      whenItFails: "Keep checkpoints and summaries under different keys or tables."),
    ConformanceRule(
      id: "store.reopen", level: .required,
      asserts:
        "A durable store's checkpoints, summaries and removals survive dropping the instance and reopening the same location.",
      why:
        "If the app dies while summarizing a 100-page document, the result through page 30 remains, and the next run starts at page 31.",
      whenItFails:
        "Look for data kept only in memory, or written to a location derived from something other than the directory given."
    ),
    ConformanceRule(
      id: "store.crash", level: .required,
      asserts:
        "Every save is visible to a second instance opened while the first is still alive and never closed, as after a crash that skipped every deinit and flush.",
      why:
        "Every save returns only once it would survive a crash: buffering until close or deinit loses progress when the app is killed.",
      whenItFails:
        "Write and sync before a save returns; do not defer writes to deinit, close or a timer. (A power-loss test needs a child process: see the kit's FileExecutionStoreCrashTests.)"
    ),
    ConformanceRule(
      id: "store.concurrentKeys", level: .required,
      asserts: "100 concurrent saves on distinct commands all survive a reopen.",
      why: "Several runs save progress at once; no save may be lost to a race.",
      whenItFails: "Look for read-modify-write of a shared index file or dictionary without a lock."
    ),
    ConformanceRule(
      id: "store.concurrentOneKey", level: .required,
      asserts:
        "50 concurrent saves on one command leave exactly one of them, intact, after a reopen.",
      why: "A torn or interleaved record is worse than an old one: the core cannot resume from it.",
      whenItFails:
        "Serialize writes per key, and write whole records (write to a new slot or temp file, then switch)."
    ),
    ConformanceRule(
      id: "store.unusableLocation", level: .required,
      asserts:
        "Opening a store where a regular file stands in place of the directory throws, at open or at the first save.",
      why:
        "A store that silently keeps data in memory reports success for progress that is gone on the next launch; the core maps a thrown error to executionStoreUnavailable.",
      whenItFails:
        "Check the location at open (exists, is a directory, is writable) and throw; never fall back to memory."
    ),
  ]

  // MARK: - Fixtures

  private static let command = ProfileCommand(
    profile: .document, attachmentID: "conformance.pdf", sourceLanguage: "ko", targetLanguage: "en")

  private static func checkpoint(
    _ command: ProfileCommand = command, phase: String, payload: Data = Data("payload".utf8)
  )
    -> ProfileCheckpoint
  {
    ProfileCheckpoint(
      command: command, phase: phase, payload: payload,
      receipt: ProfileExecutionReceipt(steps: [
        ProfileStepRecord(stepID: "chunk-1", attempts: 1, status: .completed)
      ]))
  }

  private static func summary(_ command: ProfileCommand = command, title: String) -> ProfileSummary
  {
    ProfileSummary(
      command: command, title: title, language: "en",
      sections: [
        .init(pages: PageRange(first: 1, last: 3), headline: "Headline", points: ["A point"])
      ],
      coverage: PageCoverage(
        pageCount: 30, originalPageCount: 100, missingPages: [PageRange(page: 7)]),
      withheldPoints: [WithheldPoint(text: "Sales hit $9M", unverified: ["$9M"])],
      receipt: ProfileExecutionReceipt())
  }

  /// A sandbox folder holding the store's directory two levels down, so that anything written
  /// beside it (even by a path that climbs out with `../..`) lands inside the sandbox, where the
  /// check can see it. Removed after the check.
  private struct Sandbox {
    let root: URL
    var store: URL { root.appendingPathComponent("outer/inner/store", isDirectory: true) }

    init(in scratch: URL) {
      root =
        scratch
        .appendingPathComponent("contract-kit-store-\(UUID().uuidString)", isDirectory: true)
      try? FileManager.default.createDirectory(
        at: root.appendingPathComponent("outer/inner", isDirectory: true),
        withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Everything in the sandbox outside the store's own directory.
    func outsideStore() -> [String] {
      let expected: Set<String> = ["outer", "outer/inner", "outer/inner/store"]
      guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
      var found: [String] = []
      while let path = walker.nextObject() as? String {
        if expected.contains(path) || path.hasPrefix("outer/inner/store/") { continue }
        found.append(path)
      }
      return found.sorted()
    }
  }

  private func open(_ directory: URL) async throws(CheckFailure) -> any ProfileExecutionStoring {
    do {
      return try await makeStore(directory)
    } catch {
      throw CheckFailure("the factory threw \(describe(error)) for a fresh directory")
    }
  }

  /// Runs `body` with a fresh sandbox, turning a thrown ``CheckFailure`` or adapter error into a
  /// failure that names the step.
  private func inSandbox(_ body: (Sandbox) async throws -> CheckOutcome) async -> CheckOutcome {
    let sandbox = Sandbox(in: scratch)
    defer { sandbox.remove() }
    do {
      return try await body(sandbox)
    } catch let failure as CheckFailure {
      return .failed(failure.message)
    } catch {
      return .failed("the store threw \(describe(error))")
    }
  }

  private func step<T>(_ what: String, _ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let failure as CheckFailure {
      throw failure
    } catch {
      throw CheckFailure("\(what) threw \(describe(error))")
    }
  }

  private var skipUnlessDurable: CheckOutcome? {
    durability == .durable
      ? nil : .skipped("the store is \(durability); this check applies to durable stores only")
  }

  // MARK: - Checks

  private var roundTrip: @Sendable () async -> CheckOutcome {
    { [self] in
      await inSandbox { sandbox in
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
          try await step("saving the \(name) payload") { try await store.saveCheckpoint(saved) }
          let loaded = try await step("loading the \(name) payload") {
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
        try await step("saving a summary") { try await store.saveSummary(summary) }
        let loaded = try await step("loading a summary") {
          try await store.loadSummary(for: summary.command)
        }
        if loaded != summary {
          failures.add("the summary came back as \(loaded.map { quote($0.title) } ?? "nil")")
        }
        return failures.outcome(
          passed:
            "empty, 256-byte and 8 MiB payloads and a summary round-tripped exactly (seed \(seed))")
      }
    }
  }

  private var replace: @Sendable () async -> CheckOutcome {
    { [self] in
      await inSandbox { sandbox in
        let store = try await open(sandbox.store)
        try await step("the first save") {
          try await store.saveCheckpoint(Self.checkpoint(phase: "chunks:1/3"))
        }
        try await step("the second save") {
          try await store.saveCheckpoint(Self.checkpoint(phase: "chunks:2/3"))
        }
        try await step("saving a summary") {
          try await store.saveSummary(Self.summary(title: "first"))
        }
        try await step("saving a second summary") {
          try await store.saveSummary(Self.summary(title: "second"))
        }
        var failures = Failures()
        let checkpoint = try await step("loading") {
          try await store.loadCheckpoint(for: Self.command)
        }
        if checkpoint?.phase != "chunks:2/3" {
          failures.add(
            "after saving phases chunks:1/3 then chunks:2/3, loaded \(checkpoint.map { quote($0.phase) } ?? "nil")"
          )
        }
        let summary = try await step("loading the summary") {
          try await store.loadSummary(for: Self.command)
        }
        if summary?.title != "second" {
          failures.add(
            "after saving summaries \"first\" then \"second\", loaded \(summary.map { quote($0.title) } ?? "nil")"
          )
        }
        return failures.outcome(passed: "the second save replaced the first")
      }
    }
  }

  private var keys: @Sendable () async -> CheckOutcome {
    { [self] in
      await inSandbox { sandbox in
        let store = try await open(sandbox.store)
        let base = Self.command
        let variants: [(String, ProfileCommand)] = [
          ("the base command", base),
          (
            "another profile",
            ProfileCommand(
              profile: .note, attachmentID: base.attachmentID, sourceLanguage: base.sourceLanguage,
              targetLanguage: base.targetLanguage)
          ),
          (
            "another attachment",
            ProfileCommand(
              profile: base.profile, attachmentID: base.attachmentID + "2",
              sourceLanguage: base.sourceLanguage, targetLanguage: base.targetLanguage)
          ),
          (
            "a nil source language",
            ProfileCommand(
              profile: base.profile, attachmentID: base.attachmentID, sourceLanguage: nil,
              targetLanguage: base.targetLanguage)
          ),
          (
            "another source language",
            ProfileCommand(
              profile: base.profile, attachmentID: base.attachmentID, sourceLanguage: "ja",
              targetLanguage: base.targetLanguage)
          ),
          (
            "another target language",
            ProfileCommand(
              profile: base.profile, attachmentID: base.attachmentID,
              sourceLanguage: base.sourceLanguage, targetLanguage: "de")
          ),
        ]
        for (index, (name, command)) in variants.enumerated() {
          try await step("saving \(name)") {
            try await store.saveCheckpoint(Self.checkpoint(command, phase: "variant-\(index)"))
          }
        }
        var failures = Failures()
        for (index, (name, command)) in variants.enumerated() {
          let loaded = try await step("loading \(name)") {
            try await store.loadCheckpoint(for: command)
          }
          if loaded?.phase != "variant-\(index)" || loaded?.command != command {
            failures.add(
              "\(name) loaded \(loaded.map { quote($0.phase) } ?? "nil") instead of \"variant-\(index)\""
            )
          }
        }
        return failures.outcome(
          passed: "six commands differing in one field each kept their own checkpoint")
      }
    }
  }

  private var hostileIDs: @Sendable () async -> CheckOutcome {
    { [self] in
      await inSandbox { sandbox in
        let store = try await open(sandbox.store)
        let ids = [
          "../../etc/passwd", "/", "", String(repeating: "a", count: 4096), "nul\u{0}byte",
          "📄🇰🇷 emoji",
          "..", "a/b/../../../c", "C:\\Windows\\system32", "con",
        ]
        var failures = Failures()
        for (index, id) in ids.enumerated() {
          let command = ProfileCommand(
            profile: .document, attachmentID: id, sourceLanguage: nil, targetLanguage: "en")
          do {
            try await store.saveCheckpoint(Self.checkpoint(command, phase: "hostile-\(index)"))
            try await store.saveSummary(Self.summary(command, title: "hostile-\(index)"))
            let checkpoint = try await store.loadCheckpoint(for: command)
            let summary = try await store.loadSummary(for: command)
            if checkpoint?.phase != "hostile-\(index)" || summary?.title != "hostile-\(index)" {
              failures.add(
                "ID \(quote(id, limit: 24)) loaded \(checkpoint.map { quote($0.phase) } ?? "nil") and \(summary.map { quote($0.title) } ?? "nil")"
              )
            }
          } catch {
            failures.add("ID \(quote(id, limit: 24)) threw \(describe(error))")
          }
        }
        let outside = sandbox.outsideStore()
        if !outside.isEmpty {
          failures.addFirst(
            "files appeared outside the store's directory: \(outside.prefix(5).joined(separator: ", "))"
          )
        }
        return failures.outcome(
          passed:
            "\(ids.count) hostile IDs round-tripped and nothing was written outside the directory")
      }
    }
  }

  private var removeAbsent: @Sendable () async -> CheckOutcome {
    { [self] in
      await inSandbox { sandbox in
        let store = try await open(sandbox.store)
        try await step("removing a checkpoint never saved") {
          try await store.removeCheckpoint(for: Self.command)
        }
        try await step("saving") { try await store.saveCheckpoint(Self.checkpoint(phase: "p")) }
        try await step("removing it") { try await store.removeCheckpoint(for: Self.command) }
        try await step("removing it again") { try await store.removeCheckpoint(for: Self.command) }
        let loaded = try await step("loading after removal") {
          try await store.loadCheckpoint(for: Self.command)
        }
        if let loaded {
          return .failed(
            "after removal, loadCheckpoint returned phase \(quote(loaded.phase)) instead of nil")
        }
        return .passed("removing an absent checkpoint, and removing twice, did not throw")
      }
    }
  }

  private var independent: @Sendable () async -> CheckOutcome {
    { [self] in
      await inSandbox { sandbox in
        let store = try await open(sandbox.store)
        let summary = Self.summary(title: "kept")
        try await step("saving a checkpoint") {
          try await store.saveCheckpoint(Self.checkpoint(phase: "chunks:3/3"))
        }
        try await step("saving a summary") { try await store.saveSummary(summary) }
        var failures = Failures()
        let checkpoint = try await step("loading the checkpoint") {
          try await store.loadCheckpoint(for: Self.command)
        }
        if checkpoint?.phase != "chunks:3/3" {
          failures.add(
            "saving the summary changed the checkpoint to \(checkpoint.map { quote($0.phase) } ?? "nil")"
          )
        }
        try await step("removing the checkpoint") {
          try await store.removeCheckpoint(for: Self.command)
        }
        let kept = try await step("loading the summary") {
          try await store.loadSummary(for: Self.command)
        }
        if kept != summary {
          failures.add(
            "removing the checkpoint also changed the summary to \(kept.map { quote($0.title) } ?? "nil")"
          )
        }
        return failures.outcome(passed: "the summary and the checkpoint were independent")
      }
    }
  }

  private var reopen: @Sendable () async -> CheckOutcome {
    { [self] in
      if let skip = skipUnlessDurable { return skip }
      return await inSandbox { sandbox in
        let removed = ProfileCommand(
          profile: .note, attachmentID: "removed", sourceLanguage: nil, targetLanguage: "en")
        do {
          let store = try await open(sandbox.store)
          try await step("saving a checkpoint") {
            try await store.saveCheckpoint(Self.checkpoint(phase: "chunks:30/100"))
          }
          try await step("saving a summary") {
            try await store.saveSummary(Self.summary(title: "survives"))
          }
          try await step("saving a checkpoint to remove") {
            try await store.saveCheckpoint(Self.checkpoint(removed, phase: "gone"))
          }
          try await step("removing it") { try await store.removeCheckpoint(for: removed) }
        }
        let reopened = try await open(sandbox.store)
        var failures = Failures()
        let checkpoint = try await step("loading after reopen") {
          try await reopened.loadCheckpoint(for: Self.command)
        }
        if checkpoint?.phase != "chunks:30/100" {
          failures.add(
            "after reopening, the checkpoint loaded as \(checkpoint.map { quote($0.phase) } ?? "nil")"
          )
        }
        let summary = try await step("loading the summary after reopen") {
          try await reopened.loadSummary(for: Self.command)
        }
        if summary?.title != "survives" {
          failures.add(
            "after reopening, the summary loaded as \(summary.map { quote($0.title) } ?? "nil")")
        }
        let gone = try await step("loading a removed checkpoint after reopen") {
          try await reopened.loadCheckpoint(for: removed)
        }
        if gone != nil { failures.add("a removed checkpoint came back after reopening") }
        return failures.outcome(passed: "a checkpoint, a summary and a removal survived reopening")
      }
    }
  }

  private var crash: @Sendable () async -> CheckOutcome {
    { [self] in
      if let skip = skipUnlessDurable { return skip }
      return await inSandbox { sandbox in
        // The first instance stays alive and is never closed: no deinit, no flush, as after a kill.
        let first = try await open(sandbox.store)
        try await step("saving a checkpoint") {
          try await first.saveCheckpoint(Self.checkpoint(phase: "chunks:7/9"))
        }
        try await step("saving a summary") {
          try await first.saveSummary(Self.summary(title: "before the crash"))
        }
        let second = try await open(sandbox.store)
        var failures = Failures()
        let checkpoint = try await step("loading from a second instance") {
          try await second.loadCheckpoint(for: Self.command)
        }
        if checkpoint?.phase != "chunks:7/9" {
          failures.add(
            "a second instance loaded the checkpoint as \(checkpoint.map { quote($0.phase) } ?? "nil") while the first was never closed"
          )
        }
        let summary = try await step("loading the summary from a second instance") {
          try await second.loadSummary(for: Self.command)
        }
        if summary?.title != "before the crash" {
          failures.add(
            "a second instance loaded the summary as \(summary.map { quote($0.title) } ?? "nil")")
        }
        withExtendedLifetime(first) {}
        return failures.outcome(
          passed: "saves were on disk before they returned, with no close or deinit")
      }
    }
  }

  private var concurrentKeys: @Sendable () async -> CheckOutcome {
    { [self] in
      if let skip = skipUnlessDurable { return skip }
      return await inSandbox { sandbox in
        let store = try await open(sandbox.store)
        let commands = (0..<100).map {
          ProfileCommand(
            profile: .document, attachmentID: "concurrent-\($0)", sourceLanguage: nil,
            targetLanguage: "en")
        }
        let errors = await withTaskGroup(of: String?.self) { group in
          for (index, command) in commands.enumerated() {
            group.addTask {
              do {
                try await store.saveCheckpoint(Self.checkpoint(command, phase: "key-\(index)"))
                return nil
              } catch {
                return "save \(index) threw \(describe(error))"
              }
            }
          }
          var errors: [String] = []
          for await error in group { if let error { errors.append(error) } }
          return errors
        }
        var failures = Failures()
        for error in errors { failures.add(error) }
        let reopened = try await open(sandbox.store)
        for (index, command) in commands.enumerated() {
          let loaded = try await step("loading key \(index) after reopen") {
            try await reopened.loadCheckpoint(for: command)
          }
          if loaded?.phase != "key-\(index)" {
            failures.add(
              "key \(index) loaded \(loaded.map { quote($0.phase) } ?? "nil") after reopening")
          }
        }
        return failures.outcome(
          passed: "100 concurrent saves on distinct keys all survived reopening")
      }
    }
  }

  private var concurrentOneKey: @Sendable () async -> CheckOutcome {
    { [self] in
      if let skip = skipUnlessDurable { return skip }
      return await inSandbox { sandbox in
        let store = try await open(sandbox.store)
        let saved = (0..<50).map { index in
          Self.checkpoint(
            phase: "writer-\(index)",
            payload: Data(repeating: UInt8(index), count: 4096 + index * 97))
        }
        await withTaskGroup(of: Void.self) { group in
          for checkpoint in saved {
            group.addTask { try? await store.saveCheckpoint(checkpoint) }
          }
        }
        let reopened = try await open(sandbox.store)
        let loaded = try await step("loading after 50 concurrent saves") {
          try await reopened.loadCheckpoint(for: Self.command)
        }
        guard let loaded else {
          return .failed("after 50 concurrent saves on one key, nothing loaded")
        }
        if saved.contains(loaded) {
          return .passed("one of the 50 concurrent saves (\(loaded.phase)) loaded intact")
        }
        return .failed(
          "after 50 concurrent saves on one key, loaded phase \(quote(loaded.phase)) with \(loaded.payload.count) bytes, which matches none of them whole: a torn or mixed record"
        )
      }
    }
  }

  private var unusableLocation: @Sendable () async -> CheckOutcome {
    { [self] in
      if let skip = skipUnlessDurable { return skip }
      return await inSandbox { sandbox in
        let blocker = sandbox.store
        guard FileManager.default.createFile(atPath: blocker.path, contents: Data("file".utf8))
        else {
          return .failed("could not create the blocking file in \(sandbox.root.path)")
        }
        let store: any ProfileExecutionStoring
        do {
          store = try await makeStore(blocker)
        } catch {
          return .passed("opening threw \(describe(error))")
        }
        do {
          try await store.saveCheckpoint(Self.checkpoint(phase: "nowhere"))
        } catch {
          return .passed("the first save threw \(describe(error))")
        }
        return .failed(
          "a regular file stood in place of the directory, yet opening and saving succeeded: the data is not durable; throw at open or at the first save"
        )
      }
    }
  }
}
