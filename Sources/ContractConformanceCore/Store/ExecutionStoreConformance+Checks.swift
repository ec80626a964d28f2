import AdapterProcess
import Foundation
import KitSupport
import ProfileContracts

extension ExecutionStoreConformance {

  // MARK: - Fixtures

  static let command = ProfileCommand(
    profile: .document, attachmentID: "conformance.pdf", sourceLanguage: "ko", targetLanguage: "en")

  static func checkpoint(
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

  static func summary(_ command: ProfileCommand = command, title: String) -> ProfileSummary {
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
  struct Sandbox {
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

    /// Notes the folder as the failing check leaves it, for the result to carry.
    func leaveFolder() {
      guard let listing = StoreFolderListing.render(root) else { return }
      CheckProgress.current?.leave(folder: scrubbed(listing))
    }

    /// `message` with the sandbox's folder, which has a random name in the machine's temporary
    /// directory, written `<sandbox>`: two runs' reports then compare equal.
    func scrubbed(_ message: String) -> String {
      [root.path, root.resolvingSymlinksInPath().path].reduce(message) {
        $0.replacingOccurrences(of: $1, with: "<sandbox>")
      }
    }

    /// `outcome` with its message ``scrubbed(_:)``.
    func scrubbed(_ outcome: CheckOutcome) -> CheckOutcome {
      switch outcome {
      case .passed(let message): .passed(scrubbed(message))
      case .failed(let message): .failed(scrubbed(message))
      case .failedSince(let message, let version): .failedSince(scrubbed(message), version: version)
      case .skipped(let message): .skipped(scrubbed(message))
      }
    }

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

  func open(_ directory: URL) async throws(CheckFailure) -> any ProfileExecutionStoring {
    do {
      return try await makeStore(directory)
    } catch {
      throw CheckFailure("the factory threw \(describe(error)) for a fresh directory")
    }
  }

  /// Runs `body` with a fresh sandbox, removed afterwards. An adapter error that no step named
  /// is reported as what the store threw.
  func inSandbox(_ body: (Sandbox) async throws -> CheckOutcome) async throws
    -> CheckOutcome
  {
    let sandbox = Sandbox(in: scratch)
    defer { sandbox.remove() }
    do {
      let outcome = sandbox.scrubbed(try await body(sandbox))
      if case .failed = outcome { sandbox.leaveFolder() }
      if case .failedSince = outcome { sandbox.leaveFolder() }
      return outcome
    } catch let failure as CheckFailure {
      sandbox.leaveFolder()
      throw CheckFailure(sandbox.scrubbed(failure.message))
    } catch {
      sandbox.leaveFolder()
      throw CheckFailure(sandbox.scrubbed("the store threw \(describe(error))"))
    }
  }

  var skipUnlessDurable: CheckOutcome? {
    durability == .durable
      ? nil : .skipped("the store is \(durability); this check applies to durable stores only")
  }

  // MARK: - Checks

  func replace() async throws -> CheckOutcome {
    try await inSandbox { sandbox in
      let store = try await open(sandbox.store)
      try await attempt("the first save") {
        try await store.saveCheckpoint(Self.checkpoint(phase: "chunks:1/3"))
      }
      try await attempt("the second save") {
        try await store.saveCheckpoint(Self.checkpoint(phase: "chunks:2/3"))
      }
      try await attempt("saving a summary") {
        try await store.saveSummary(Self.summary(title: "first"))
      }
      try await attempt("saving a second summary") {
        try await store.saveSummary(Self.summary(title: "second"))
      }
      var failures = Failures()
      let checkpoint = try await attempt("loading") {
        try await store.loadCheckpoint(for: Self.command)
      }
      if checkpoint?.phase != "chunks:2/3" {
        failures.add(
          "after saving phases chunks:1/3 then chunks:2/3, loaded \(checkpoint.map { quote($0.phase) } ?? "nil")"
        )
      }
      let summary = try await attempt("loading the summary") {
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

  func keys() async throws -> CheckOutcome {
    try await inSandbox { sandbox in
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
      // Each checkpoint's phase names its variant, so a wrong load says whose record it was.
      for (name, command) in variants {
        try await attempt("saving \(name)") {
          try await store.saveCheckpoint(Self.checkpoint(command, phase: name))
        }
      }
      var failures = Failures()
      for (name, command) in variants {
        let loaded = try await attempt("loading \(name)") {
          try await store.loadCheckpoint(for: command)
        }
        guard let loaded else {
          failures.add("\(name) loaded nothing, though a checkpoint was saved for it")
          continue
        }
        if loaded.phase != name || loaded.command != command {
          let owner =
            variants.contains { $0.0 == loaded.phase }
            ? "the checkpoint saved for \(loaded.phase)" : "phase \(quote(loaded.phase))"
          failures.add(
            "\(name) loaded \(owner): the key ignores a field of the command; key by all of them"
          )
        }
      }
      return failures.outcome(
        passed: "six commands differing in one field each kept their own checkpoint")
    }
  }

  /// One attachment ID spelled two ways that `String`'s `==` holds equal: precomposed (NFC, as
  /// typed) and decomposed (NFD, as Apple file systems hand names over), a Latin accent and
  /// Hangul syllables both.
  static let equalSpellings = (
    precomposed: "Caf\u{E9} \u{BCF4}\u{ACE0}\u{C11C}.pdf",
    decomposed: "Cafe\u{301} \u{1107}\u{1169}\u{1100}\u{1169}\u{1109}\u{1165}.pdf"
  )

  func equalCommands() async throws -> CheckOutcome {
    try await inSandbox { sandbox in
      let spellings = Self.equalSpellings
      let first = ProfileCommand(
        profile: .document, attachmentID: spellings.precomposed, sourceLanguage: "ko",
        targetLanguage: "en")
      let second = ProfileCommand(
        profile: .document, attachmentID: spellings.decomposed, sourceLanguage: "ko",
        targetLanguage: "en")
      // Saved under one spelling, then under the other: one key, so the second save replaces
      // the first and both spellings load it.
      var loads: (same: [String?], reopened: [String?]?) = ([], nil)
      do {
        let store = try await open(sandbox.store)
        try await attempt("saving under the precomposed spelling") {
          try await store.saveCheckpoint(Self.checkpoint(first, phase: "precomposed"))
        }
        try await attempt("saving under the decomposed spelling") {
          try await store.saveCheckpoint(Self.checkpoint(second, phase: "decomposed"))
        }
        loads.same = [
          try await attempt("loading the precomposed spelling") {
            try await store.loadCheckpoint(for: first)?.phase
          },
          try await attempt("loading the decomposed spelling") {
            try await store.loadCheckpoint(for: second)?.phase
          },
        ]
      }
      if durability == .durable {
        // Each spelling first in an instance of its own: a cache keyed by == that the first
        // load fills would otherwise answer for the second.
        let precomposed = try await open(sandbox.store)
        let precomposedLoad = try await attempt("loading the precomposed spelling after a reopen") {
          try await precomposed.loadCheckpoint(for: first)?.phase
        }
        let decomposed = try await open(sandbox.store)
        let decomposedLoad = try await attempt("loading the decomposed spelling after a reopen") {
          try await decomposed.loadCheckpoint(for: second)?.phase
        }
        loads.reopened = [precomposedLoad, decomposedLoad]
      }
      func shown(_ phases: [String?]) -> String {
        "the precomposed spelling loaded \(phases[0].map { quote($0) } ?? "nil") and the decomposed \(phases[1].map { quote($0) } ?? "nil")"
      }
      let expected: [String?] = ["decomposed", "decomposed"]
      let apart: [String?] = ["precomposed", "decomposed"]
      let saved =
        "\(quote(spellings.precomposed)) saved precomposed (NFC), then decomposed (NFD), which ProfileCommand's == holds to be one command"
      let fix =
        "key by ProfileCommand's own equality: a dictionary keyed by the command, or a hash of its canonical JSON with every string in NFC (precomposedStringWithCanonicalMapping; Python's unicodedata.normalize(\"NFC\", …))"
      if loads.same == expected, loads.reopened == nil || loads.reopened == expected {
        return .passed(
          "\(saved): one key, which both spellings loaded\(loads.reopened == nil ? "" : ", before and after a reopen")"
        )
      }
      if loads.same == apart, loads.reopened == nil || loads.reopened == apart {
        return .failed(
          "\(saved): the store kept them apart (\(shown(loads.same))), keying by the bytes of the ID, so a file name that arrives decomposed never finds the progress of the same name typed; \(fix)"
        )
      }
      if let reopened = loads.reopened, loads.same != reopened {
        return .failed(
          "\(saved): before a reopen \(shown(loads.same)); after it \(shown(reopened)): what one instance treats as one key is kept under another on disk, and progress is lost across a restart; \(fix), in memory and on disk alike"
        )
      }
      return .failed(
        "\(saved): \(shown(loads.same)), though the second save replaced the first; \(fix)")
    }
  }

  /// Attachment IDs that are paths, separators, empty, long, control characters, emoji and
  /// reserved names; since 0.5, also spellings of one name that differ in case or in a trailing
  /// dot or space, which case-insensitive and Windows file systems fold together.
  static let hostileIDs = [
    "../../etc/passwd", "/", "", String(repeating: "a", count: 4096), "nul\u{0}byte",
    "📄🇰🇷 emoji",
    "..", "a/b/../../../c", "C:\\Windows\\system32", "con",
    "Report.pdf", "report.pdf", "report.pdf.", "report.pdf ",
  ]

  /// How many of ``hostileIDs`` the rule had before 0.5.
  static let hostileIDsSince02 = 10

  func hostileIDs() async throws -> CheckOutcome {
    try await inSandbox { sandbox in
      let ids = Self.hostileIDs
      let commands = ids.map {
        ProfileCommand(
          profile: .document, attachmentID: $0, sourceLanguage: nil, targetLanguage: "en")
      }
      let checkpoints = commands.indices.map {
        Self.checkpoint(commands[$0], phase: "hostile-\($0)", payload: Data("payload \($0)".utf8))
      }
      let summaries = commands.indices.map { Self.summary(commands[$0], title: "hostile-\($0)") }
      // Since 0.2: each of the first ten IDs' records load back right after they are saved.
      var failures = Failures()
      // Since 0.5: the same for the spellings of one name; and once every ID is saved, and after
      // a reopen, each still loads its own whole records: two IDs that a store maps to one file
      // show only here.
      var collisions = Failures()
      /// What ID `index` loaded, when it is not its own records.
      func mismatch(_ index: Int, _ checkpoint: ProfileCheckpoint?, _ summary: ProfileSummary?)
        -> String?
      {
        guard checkpoint != checkpoints[index] || summary != summaries[index] else { return nil }
        return
          "ID \(quote(ids[index], limit: 24)) loaded \(checkpoint.map { quote($0.phase) } ?? "nil") and \(summary.map { quote($0.title) } ?? "nil")"
      }
      func loadAll(_ store: any ProfileExecutionStoring, _ when: String) async {
        for index in ids.indices {
          do {
            let checkpoint = try await store.loadCheckpoint(for: commands[index])
            let summary = try await store.loadSummary(for: commands[index])
            if let mismatch = mismatch(index, checkpoint, summary) {
              collisions.add("\(mismatch) \(when), not its own \(quote("hostile-\(index)"))")
            }
          } catch {
            collisions.add(
              "ID \(quote(ids[index], limit: 24)) threw \(describe(error)) when loaded \(when)")
          }
        }
      }
      do {
        let store = try await open(sandbox.store)
        for index in ids.indices {
          var problem: String?
          do {
            try await store.saveCheckpoint(checkpoints[index])
            try await store.saveSummary(summaries[index])
            problem = mismatch(
              index, try await store.loadCheckpoint(for: commands[index]),
              try await store.loadSummary(for: commands[index]))
          } catch {
            problem = "ID \(quote(ids[index], limit: 24)) threw \(describe(error))"
          }
          if let problem {
            if index < Self.hostileIDsSince02 {
              failures.add(problem)
            } else {
              collisions.add(problem)
            }
          }
        }
        await loadAll(store, "once all \(ids.count) were saved")
      }
      if durability == .durable {
        await loadAll(try await open(sandbox.store), "after a reopen")
      }
      let outside = sandbox.outsideStore()
      if !outside.isEmpty {
        failures.addFirst(
          "files appeared outside the store's directory: \(outside.prefix(5).joined(separator: ", "))"
        )
      }
      let fix =
        "; name each record by a hash of the command's whole canonical JSON, never by the ID itself, folded, cut or used as a path"
      if !failures.isEmpty {
        let more = collisions.isEmpty ? "" : "; " + collisions.message + fix
        return .failed(failures.message + more)
      }
      if !collisions.isEmpty {
        return .failedSince(collisions.message + fix, version: "0.5")
      }
      return .passed(
        "\(ids.count) hostile IDs each kept their own records, loaded one by one, all together\(durability == .durable ? " and after a reopen" : ""), and nothing was written outside the directory"
      )
    }
  }

  func removeAbsent() async throws -> CheckOutcome {
    try await inSandbox { sandbox in
      let store = try await open(sandbox.store)
      try await attempt("removing a checkpoint never saved") {
        try await store.removeCheckpoint(for: Self.command)
      }
      try await attempt("saving") { try await store.saveCheckpoint(Self.checkpoint(phase: "p")) }
      try await attempt("removing it") { try await store.removeCheckpoint(for: Self.command) }
      try await attempt("removing it again") { try await store.removeCheckpoint(for: Self.command) }
      let loaded = try await attempt("loading after removal") {
        try await store.loadCheckpoint(for: Self.command)
      }
      if let loaded {
        return .failed(
          "after removal, loadCheckpoint returned phase \(quote(loaded.phase)) instead of nil")
      }
      return .passed("removing an absent checkpoint, and removing twice, did not throw")
    }
  }

  func independent() async throws -> CheckOutcome {
    try await inSandbox { sandbox in
      let store = try await open(sandbox.store)
      let summary = Self.summary(title: "kept")
      try await attempt("saving a checkpoint") {
        try await store.saveCheckpoint(Self.checkpoint(phase: "chunks:3/3"))
      }
      try await attempt("saving a summary") { try await store.saveSummary(summary) }
      var failures = Failures()
      let checkpoint = try await attempt("loading the checkpoint") {
        try await store.loadCheckpoint(for: Self.command)
      }
      if checkpoint?.phase != "chunks:3/3" {
        failures.add(
          "saving the summary changed the checkpoint to \(checkpoint.map { quote($0.phase) } ?? "nil")"
        )
      }
      try await attempt("removing the checkpoint") {
        try await store.removeCheckpoint(for: Self.command)
      }
      let kept = try await attempt("loading the summary") {
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

  func reopen() async throws -> CheckOutcome {
    if let skip = skipUnlessDurable { return skip }
    return try await inSandbox { sandbox in
      let removed = ProfileCommand(
        profile: .note, attachmentID: "removed", sourceLanguage: nil, targetLanguage: "en")
      do {
        let store = try await open(sandbox.store)
        // Progress saved after each chunk, as the core saves it.
        for done in [10, 20, 30] {
          try await attempt("saving checkpoint chunks:\(done)/100") {
            try await store.saveCheckpoint(Self.checkpoint(phase: "chunks:\(done)/100"))
          }
        }
        try await attempt("saving a summary") {
          try await store.saveSummary(Self.summary(title: "survives"))
        }
        try await attempt("saving a checkpoint to remove") {
          try await store.saveCheckpoint(Self.checkpoint(removed, phase: "gone"))
        }
        try await attempt("removing it") { try await store.removeCheckpoint(for: removed) }
      }
      var failures = Failures()
      do {
        let reopened = try await open(sandbox.store)
        let checkpoint = try await attempt("loading after reopen") {
          try await reopened.loadCheckpoint(for: Self.command)
        }
        if checkpoint?.phase != "chunks:30/100" {
          failures.add(
            "after reopening, the checkpoint loaded as \(checkpoint.map { quote($0.phase) } ?? "nil")"
          )
        }
        let summary = try await attempt("loading the summary after reopen") {
          try await reopened.loadSummary(for: Self.command)
        }
        if summary?.title != "survives" {
          failures.add(
            "after reopening, the summary loaded as \(summary.map { quote($0.title) } ?? "nil")")
        }
        let gone = try await attempt("loading a removed checkpoint after reopen") {
          try await reopened.loadCheckpoint(for: removed)
        }
        if gone != nil { failures.add("a removed checkpoint came back after reopening") }
        // The resumed run: it loaded its progress above, goes on, and saves the next chunk's.
        try await attempt("saving checkpoint chunks:40/100 after reopen") {
          try await reopened.saveCheckpoint(Self.checkpoint(phase: "chunks:40/100"))
        }
        try await expectResumed(reopened, "", &failures)
      }
      try await expectResumed(try await open(sandbox.store), " and a second reopen", &failures)
      return failures.outcome(
        passed:
          "checkpoints, a summary and a removal survived reopening, and a resumed run's next checkpoint replaced the one it loaded"
      )
    }
  }

  /// Adds a failure unless `store` loads the checkpoint a resumed run saved after reopening.
  private func expectResumed(
    _ store: any ProfileExecutionStoring, _ when: String, _ failures: inout Failures
  ) async throws {
    let resumed = try await attempt("loading the resumed run's checkpoint\(when)") {
      try await store.loadCheckpoint(for: Self.command)
    }
    if resumed?.phase != "chunks:40/100" {
      failures.add(
        "after reopening, loading chunks:30/100 and saving chunks:40/100\(when), the checkpoint loaded as \(resumed.map { quote($0.phase) } ?? "nil")"
      )
    }
  }

  func crash() async throws -> CheckOutcome {
    if let skip = skipUnlessDurable { return skip }
    return try await inSandbox { sandbox in
      if let crashChild, crashHarness == nil {
        return try await killedInChildren(sandbox, crashChild: crashChild)
      }
      let first = try await open(sandbox.store)
      // A store in its own process can really be killed (on macOS and Linux, which run them).
      #if os(macOS) || os(Linux)
        if let harness = crashHarness, let process = harness.process(serving: first) {
          return try await killedMidSave(
            sandbox.store, first: first, process: process, harness: harness)
        }
      #endif
      // In process, the approximation: the first instance stays alive and is never closed (no
      // deinit, no flush), as after a kill.
      try await attempt("saving a checkpoint") {
        try await first.saveCheckpoint(Self.checkpoint(phase: "chunks:7/9"))
      }
      try await attempt("saving a summary") {
        try await first.saveSummary(Self.summary(title: "before the crash"))
      }
      let second = try await open(sandbox.store)
      var failures = Failures()
      let checkpoint = try await attempt("loading from a second instance") {
        try await second.loadCheckpoint(for: Self.command)
      }
      if checkpoint?.phase != "chunks:7/9" {
        failures.add(
          "a second instance loaded the checkpoint as \(checkpoint.map { quote($0.phase) } ?? "nil") while the first was never closed"
        )
      }
      let summary = try await attempt("loading the summary from a second instance") {
        try await second.loadSummary(for: Self.command)
      }
      if summary?.title != "before the crash" {
        failures.add(
          "a second instance loaded the summary as \(summary.map { quote($0.title) } ?? "nil")")
      }
      withExtendedLifetime(first) {}
      return failures.outcome(
        passed:
          "saves were on disk before they returned, with no close or deinit (in process: a second instance stood in for a kill; for real SIGKILLs, pass crashChild an exit test, or check the store with --adapter-command)"
      )
    }
  }

  func concurrentKeys() async throws -> CheckOutcome {
    if let skip = skipUnlessDurable { return skip }
    return try await inSandbox { sandbox in
      let store = try await open(sandbox.store)
      let commands = (0..<100).map {
        ProfileCommand(
          profile: .document, attachmentID: "concurrent-\($0)", sourceLanguage: nil,
          targetLanguage: "en")
      }
      let errors = await fanOut(commands.count) { index -> String? in
        do {
          try await store.saveCheckpoint(Self.checkpoint(commands[index], phase: "key-\(index)"))
          return nil
        } catch {
          return "save \(index) threw \(describe(error))"
        }
      }
      var failures = Failures()
      for error in errors.compactMap({ $0 }) { failures.add(error) }
      let reopened = try await open(sandbox.store)
      for (index, command) in commands.enumerated() {
        let loaded = try await attempt("loading key \(index) after reopen") {
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

  func concurrentOneKey() async throws -> CheckOutcome {
    if let skip = skipUnlessDurable { return skip }
    // Payloads of different lengths, then three rounds all of one length with different bytes
    // (a tear between equal-length records depends on timing, so it gets three chances), so a
    // store that tears only records of one size has nowhere to hide.
    let rounds: [(name: String, length: @Sendable (Int) -> Int)] = [
      ("of different lengths", { 4096 + $0 * 97 }), ("of one length", { _ in 8192 }),
      ("of one length", { _ in 12288 }), ("of one length", { _ in 16384 }),
    ]
    var failures = Failures()
    var kept: [String] = []
    for round in rounds {
      let outcome = try await inSandbox { sandbox in
        let store = try await open(sandbox.store)
        let saved = (0..<50).map { index in
          Self.checkpoint(
            phase: "writer-\(index)",
            payload: Data(repeating: UInt8(index), count: round.length(index)))
        }
        let errors = await fanOut(saved.count) { index -> String? in
          do {
            try await store.saveCheckpoint(saved[index])
            return nil
          } catch {
            return "save \(index) threw \(describe(error))"
          }
        }
        for error in errors.compactMap({ $0 }) {
          failures.add(
            "50 concurrent saves \(round.name) on one key: \(error); a save must not fail because another is under way"
          )
        }
        let reopened = try await open(sandbox.store)
        let loaded = try await attempt("loading after 50 concurrent saves \(round.name)") {
          try await reopened.loadCheckpoint(for: Self.command)
        }
        guard let loaded else {
          return .failed("after 50 concurrent saves \(round.name) on one key, nothing loaded")
        }
        if saved.contains(loaded) { return .passed(loaded.phase) }
        return .failed(
          "after 50 concurrent saves \(round.name) on one key, loaded phase \(quote(loaded.phase)) with \(loaded.payload.count) bytes, which matches none of them whole: a torn or mixed record"
        )
      }
      switch outcome {
      case .passed(let phase): kept.append(phase)
      case .failed(let message), .failedSince(let message, _), .skipped(let message):
        failures.addFirst(message)
      }
    }
    return failures.outcome(
      passed:
        "one of the 50 concurrent saves loaded intact, for payloads of different lengths (\(kept.first ?? "")) and in three rounds of one length (\(kept.dropFirst().joined(separator: ", ")))"
    )
  }

  func unusableLocation() async throws -> CheckOutcome {
    if let skip = skipUnlessDurable { return skip }
    return try await inSandbox { sandbox in
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
