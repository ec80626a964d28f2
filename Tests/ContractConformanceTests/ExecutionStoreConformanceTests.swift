import ContractConformance
import Foundation
import ProfileAdapters
import ProfileContracts
import ReferenceSuites
import TestSupport
import Testing

@Suite(.serialized) struct ExecutionStoreConformanceTests {
  static let expectations: [StoreMutant: [MutantExpectation]] = [
    .keepsEveryVersion: [
      MutantExpectation(
        mutant: "keepsEveryVersion", failing: "store.footprint",
        message: "a save leaves a file behind")
    ],
    .forgetsOldKeys: [
      MutantExpectation(
        mutant: "forgetsOldKeys", failing: "store.manyKeys",
        message: "loaded nil")
    ],
    .instancePoolNeverReturned: [
      MutantExpectation(
        mutant: "instancePoolNeverReturned", failing: "store.instances",
        message: "the factory threw StoreFailure")
    ],
    .keepsStatusKindsOnly: [
      MutantExpectation(
        mutant: "keepsStatusKindsOnly", failing: "store.roundTrip",
        message: "differs from the one saved: $.receipt.steps[")
    ],
    .endsTextAtNUL: [
      MutantExpectation(
        mutant: "endsTextAtNUL", failing: "store.roundTrip",
        message: "differs from the one saved: $.")
    ],
    .savesVisibleSummaryOnly: [
      MutantExpectation(
        mutant: "savesVisibleSummaryOnly", failing: "store.roundTrip",
        message: "the summary came back different: $.withheldPoints[0]: expected")
    ],
    .bytesAsText: [
      MutantExpectation(
        mutant: "bytesAsText", failing: "store.roundTrip",
        message: "the every byte value payload (256 bytes) came back with")
    ],
    .keepsFirst: [
      MutantExpectation(
        mutant: "keepsFirst", failing: "store.replace",
        message: "after saving phases chunks:1/3 then chunks:2/3, loaded \"chunks:1/3\"")
    ],
    .keyByAttachment: [
      MutantExpectation(
        mutant: "keyByAttachment", failing: "store.keys",
        message: "the base command loaded the checkpoint saved for another target language")
    ],
    .pathFromID: [
      MutantExpectation(
        mutant: "pathFromID", failing: "store.hostileIDs",
        message: "files appeared outside the store's directory")
    ],
    .removeThrows: [
      MutantExpectation(
        mutant: "removeThrows", failing: "store.removeAbsent",
        message: "removing a checkpoint never saved threw StoreFailure")
    ],
    .sharedKey: [
      MutantExpectation(
        mutant: "sharedKey", failing: "store.independent",
        message: "saving the summary changed the checkpoint to nil")
    ],
    .memoryOnly: [
      MutantExpectation(
        mutant: "memoryOnly", failing: "store.reopen",
        message: "after reopening, the checkpoint loaded as nil"),
      MutantExpectation(
        mutant: "memoryOnly", failing: "store.crash",
        message: "a second instance loaded the checkpoint as nil"),
      MutantExpectation(
        mutant: "memoryOnly", failing: "store.concurrentKeys",
        message: "key 0 loaded nil after reopening"),
      MutantExpectation(
        mutant: "memoryOnly", failing: "store.concurrentOneKey",
        message: "after 50 concurrent saves of different lengths on one key, nothing loaded"),
      MutantExpectation(
        mutant: "memoryOnly", failing: "store.unusableLocation",
        message: "yet opening and saving succeeded"),
    ],
    .flushOnDeinit: [
      MutantExpectation(
        mutant: "flushOnDeinit", failing: "store.crash", message: "while the first was never closed"
      )
    ],
    .tornWrites: [
      MutantExpectation(
        mutant: "tornWrites", failing: "store.concurrentOneKey", message: "concurrent saves")
    ],
    .lostUpdates: [
      MutantExpectation(
        mutant: "lostUpdates", failing: "store.concurrentKeys",
        message: "loaded nil after reopening")
    ],
    // Its tears show in the record left after the saves only when the scheduler wakes the
    // writers out of order: store.concurrentOneKey gives it three rounds and mostly catches it,
    // but a loaded test run once found every round whole. The loads that store.linearizable makes
    // during the saves see the half-written record.
    .tearsEqualLength: [
      MutantExpectation(
        mutant: "tearsEqualLength", failing: "store.linearizable",
        message: "no order of the operations on A's checkpoint explains what its loads returned")
    ],
    .throwsUnderContention: [
      MutantExpectation(
        mutant: "throwsUnderContention", failing: "store.concurrentOneKey",
        message:
          "threw StoreFailure: StoreFailure(); a save must not fail because another is under way"
      )
    ],
    .memoryFallback: [
      MutantExpectation(
        mutant: "memoryFallback", failing: "store.unusableLocation",
        message: "a regular file stood in place of the directory")
    ],
    .partialSummaryKey: [
      MutantExpectation(
        mutant: "partialSummaryKey", failing: "store.history",
        message:
          "step 5 loadSummary(A) returned the summary of step 3 (saved for B); expected the summary of step 2"
      ),
      MutantExpectation(
        mutant: "partialSummaryKey", failing: "store.history", message: "minimal input"),
    ],
    .recentSessionsOnly: [
      MutantExpectation(
        mutant: "recentSessionsOnly", failing: "store.history", message: "reopen\n"),
      MutantExpectation(
        mutant: "recentSessionsOnly", failing: "store.history",
        message: "replay: CONTRACT_KIT_SEED="),
    ],
    .keyedByBytesCachedByEquality: [
      MutantExpectation(
        mutant: "keyedByBytesCachedByEquality", failing: "store.equalCommands",
        message:
          "after it the precomposed spelling loaded \"decomposed\" and the decomposed nil: what one instance treats as one key is kept under another on disk"
      )
    ],
    .keyedByBytes: [
      MutantExpectation(
        mutant: "keyedByBytes", failing: "store.equalCommands",
        message:
          "the store kept them apart (the precomposed spelling loaded \"precomposed\" and the decomposed \"decomposed\")"
      )
    ],
    .foldsIDs: [
      MutantExpectation(
        mutant: "foldsIDs", failing: "store.hostileIDs",
        message: "ID \"Report.pdf\" loaded \"hostile-13\" and \"hostile-13\" once all 14 were saved"
      )
    ],
    .deleteThenWrite: [
      MutantExpectation(
        mutant: "deleteThenWrite", failing: "store.linearizable",
        message: "no order of the operations on A's checkpoint explains what its loads returned")
    ],
  ]

  @Test func theFlushOnDeinitStoreStillPassesReopen() async {
    // It is caught by store.crash alone: dropping the instance flushes, a kill would not.
    let report = await ExecutionStoreConformance(durability: .durable, timeout: testTimeout) {
      try StoreMutant.flushOnDeinit.make($0)
    }.run()
    #expect(report.result("store.reopen")?.status == .passed)
  }

  @Test func theBundledStoresPassEveryApplicableCheck() async {
    let runs = await ReferenceSuites.run("store", timeout: .seconds(30))
    #expect(runs.count == 2)
    for run in runs { expectClean(run.report, run.label) }
    // Everything but store.powerLoss and store.diskFull, which need the store in a process of
    // its own (AdapterProcessTests/PowerLossTests and DiskFullTests run them there).
    #expect(runs[0].report.counts.passed == ExecutionStoreConformance.rules.count - 2)
    #expect(runs[0].report.result("store.powerLoss")?.status == .skipped)
    #expect(runs[0].report.result("store.diskFull")?.status == .skipped)
    for run in runs {
      #expect(run.report.result("store.history")?.status == .passed, "\(run.label)")
      #expect(run.report.result("store.linearizable")?.status == .passed, "\(run.label)")
    }
    #expect(runs[1].report.counts.skipped == 8)
    // The store's error names the folder it was given, a sandbox with a random name in the
    // temporary directory: the report writes it <sandbox>, so two runs' reports compare equal.
    let location = runs[0].report.result("store.unusableLocation")?.message ?? ""
    #expect(
      location.contains("store directory <sandbox>/outer/inner/store is a file"), "\(location)")
    #expect(!location.contains(FileManager.default.temporaryDirectory.path), "\(location)")
  }

  @Test func aCheckThatRunsOutOfTimeStillReportsTheWrongBytesItSaw() async {
    let report = await ExecutionStoreConformance(durability: .durable, timeout: .seconds(2)) {
      try SlowTextStore(directory: $0)
    }.run()
    let result = report.result("store.roundTrip")
    #expect(result?.status == .failed)
    let message = result?.message ?? ""
    #expect(
      message.hasPrefix("the every byte value payload (256 bytes) came back with 0 bytes"),
      "\(message)")
    #expect(
      message.contains("; then the call saveCheckpoint(command: ") == true
        && message.contains("did not return within 2.0 seconds"), "\(message)")
  }

  /// A journal of every save beside right answers breaks no promise but the footprint's.
  @Test func onlyTheFootprintCatchesAStoreThatKeepsEveryVersion() async {
    let report = await ExecutionStoreConformance(durability: .durable, timeout: testTimeout) {
      try StoreMutant.keepsEveryVersion.make($0)
    }.run()
    #expect(report.failures.map(\.id) == ["store.footprint"], "\(report.renderText())")
    let message = report.result("store.footprint")?.message ?? ""
    #expect(message.contains("grew 16.0 MiB over the last 256 saves, 64 KiB a save"), "\(message)")
  }

  /// A file left open on every load breaks no promise but how many descriptors the store holds,
  /// where /proc tells: it grows with the calls (footprint) and passes Apple's limit over
  /// hundreds of keys (manyKeys).
  #if os(Linux)
    @Test func onlyDescriptorCountsCatchAStoreThatLeaksADescriptorALoad() async {
      let report = await ExecutionStoreConformance(durability: .durable, timeout: testTimeout) {
        try StoreMutant.leaksDescriptors.make($0)
      }.run()
      #expect(
        report.failures.map(\.id) == ["store.manyKeys", "store.footprint"],
        "\(report.renderText())")
      let message = report.result("store.footprint")?.message ?? ""
      #expect(message.contains("descriptors open under its directory"), "\(message)")
      #expect(message.contains("one for every 2 calls: a call leaves a file open"), "\(message)")
    }

    /// A lock file left open by every instance leaks nothing a single instance shows.
    @Test func onlyInstancesCatchesAStoreThatLeaksAFileAnInstance() async {
      let report = await ExecutionStoreConformance(durability: .durable, timeout: testTimeout) {
        try StoreMutant.lockFileLeakedPerInstance.make($0)
      }.run()
      #expect(report.failures.map(\.id) == ["store.instances"], "\(report.renderText())")
      let message = report.result("store.instances")?.message ?? ""
      #expect(
        message.contains("one for every instance; close what an instance opened"), "\(message)")
    }

    /// A file held open for every key ever saved leaks nothing per call: only hundreds of keys
    /// show it.
    @Test func onlyManyKeysCatchesAStoreThatHoldsAFilePerKey() async {
      let report = await ExecutionStoreConformance(durability: .durable, timeout: testTimeout) {
        try StoreMutant.holdsAFilePerKey.make($0)
      }.run()
      #expect(report.failures.map(\.id) == ["store.manyKeys"], "\(report.renderText())")
      let message = report.result("store.manyKeys")?.message ?? ""
      #expect(
        message.contains(
          "descriptors open under its directory after saves of 256 distinct commands"),
        "\(message)")
    }
  #endif

  /// Records deleted past a capacity of 300 keys break no promise a few keys reach.
  @Test func onlyManyKeysCatchesAStoreThatForgetsItsOldestKeys() async {
    let report = await ExecutionStoreConformance(durability: .durable, timeout: testTimeout) {
      try StoreMutant.forgetsOldKeys.make($0)
    }.run()
    #expect(report.failures.map(\.id) == ["store.manyKeys"], "\(report.renderText())")
  }

  @Test func aSlowStorePasses() async {
    // Slow by design; the headroom keeps it passing while the PDF tests load both cores.
    let report = await ExecutionStoreConformance(durability: .durable, timeout: testTimeout) {
      SlowStore(try FileExecutionStore(directory: $0), milliseconds: 2...2)
    }.run()
    expectClean(report, "SlowStore")
  }

  @Test func volatileSkipsCarryTheirReason() async {
    let report = await ExecutionStoreConformance(durability: .volatile, timeout: testTimeout) { _ in
      InMemoryExecutionStore()
    }.run()
    let skipped = report.results.filter { $0.status == .skipped }
    #expect(
      skipped.map(\.id) == [
        "store.reopen", "store.crash", "store.powerLoss", "store.diskFull",
        "store.concurrentKeys", "store.concurrentOneKey", "store.unusableLocation",
        "store.footprint",
      ])
    #expect(
      skipped.allSatisfy {
        $0.message == "the store is volatile; this check applies to durable stores only"
      })
    #expect(report.isPassing)
  }
}

/// Each of the zoo's stores against the whole suite: a suite of its own, so that it runs beside
/// the other store tests rather than after them.
@Suite(.serialized) struct StoreMutantTests {
  // A leaked or held descriptor is seen through /proc: their own tests, on Linux, below.
  @Test(
    arguments: StoreMutant.allCases.filter {
      ![.leaksDescriptors, .holdsAFilePerKey, .lockFileLeakedPerInstance].contains($0)
    })
  func mutantIsCaught(mutant: StoreMutant) async {
    // store.footprint writes 32 MiB through each store, store.manyKeys hundreds of keys and
    // store.instances hundreds of instances: each only for the mutants it is to catch.
    // Only the rules each mutant is to fail, but for the mutants only one rule may catch:
    // those run every rule but the heavy ones.
    let expected = Set((ExecutionStoreConformanceTests.expectations[mutant] ?? []).map(\.failing))
    let heavy: Set = ["store.footprint", "store.manyKeys", "store.instances"]
    let exclusive: Set<StoreMutant> = [.keepsStatusKindsOnly, .endsTextAtNUL]
    let rules = ExecutionStoreConformance.rules.map(\.id).filter {
      exclusive.contains(mutant) ? !heavy.contains($0) : expected.contains($0)
    }
    let report = await ConformanceSettings.$scoped.withValue(
      ConformanceSettings(selection: Set(rules))
    ) {
      await ExecutionStoreConformance(durability: .durable, timeout: testTimeout) {
        try mutant.make($0)
      }.run()
    }
    expect(report, failsAll: ExecutionStoreConformanceTests.expectations[mutant] ?? [])
    // A store that keeps part of each record (a status's kind without its reason or failure,
    // text up to its first NUL) loads back every record the core writes today: only the
    // round trip's record of every case (new in 0.6, so pending under an older pin) and its
    // generated records reach it.
    if exclusive.contains(mutant) {
      #expect(report.failures.map(\.id) == ["store.roundTrip"], "\(report.renderText())")
      let pinned = await ConformanceSettings.$scoped.withValue(
        ConformanceSettings(rules: .pinned("0.5"), selection: ["store.roundTrip"])
      ) {
        await ExecutionStoreConformance(durability: .durable, timeout: testTimeout) {
          try mutant.make($0)
        }.run()
      }
      #expect(pinned.result("store.roundTrip")?.pending == true, "\(pinned.renderText())")
      #expect(pinned.isPassing)
    }
    #expect(
      ExecutionStoreConformanceTests.expectations[mutant]?.isEmpty == false,
      "\(mutant) has no expectation")
  }
}
