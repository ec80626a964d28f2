import AdapterProcess
import ContractConformance
import Foundation
import ProfileAdapters
import TestSupport
import Testing

/// `store.diskFull` on stores in their own process: the stores the kit ships and SQLite pass;
/// a store careless of a failed write fails, each way with its own message and fix.
@Suite(.integration, .serialized) struct DiskFullTests {
  static func diskFull(_ command: String) async -> CheckResult? {
    let settings = ConformanceSettings(selection: ["store.diskFull"])
    let report = await ConformanceSettings.$scoped.withValue(settings) {
      // A save that never answers is given half of this: 10 s, against well under a second.
      await ExecutionStoreConformance(
        durability: .durable, timeout: .seconds(20), crashHarness: .adapterProcess
      ) { directory in
        try await ProcessExecutionStore.open(command: command, directory: directory)
      }.run()
    }
    #expect(report.results.map(\.id) == ["store.diskFull"])
    return report.result("store.diskFull")
  }

  static func fixture(_ store: String) throws -> String {
    let script = String(store.prefix { $0 != " " })
    return try PowerLossTests.python(PowerLossTests.fixtures + script)
      + store.dropFirst(script.count)
  }

  /// The bundled store and SQLite pass it too, with every other rule, in
  /// `OutOfProcessSuitesTests` and `DurableStoresTests`.
  @Test(.enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"))
  func theExampleStorePasses() async throws {
    let result = await Self.diskFull(try PowerLossTests.python("Conformance/examples/store.py"))
    #expect(result?.status == .passed, "\(result?.message ?? "")")
    // Every call of a save was failed in turn, not only the first.
    #expect(
      result?.message.contains("the disk filled at each write") == true, "\(result?.message ?? "")")
  }

  static let careless: [(store: String, says: [String])] = [
    (
      "careless_store.py --on-error ignore",
      ["and the save returned", "is lost", "check the result of every write"]
    ),
    ("careless_store.py --on-error abort", ["the store's process ended"]),
    ("careless_store.py --on-error retry", ["neither returned nor threw within"]),
    ("in_place_store.py", ["and the save threw", "is lost", "write the new record beside"]),
  ]

  @Test(
    .enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"),
    arguments: careless.map(\.store))
  func aCarelessStoreFailsWithWhatItDid(_ store: String) async throws {
    let result = await Self.diskFull(try Self.fixture(store))
    let message = result?.message ?? ""
    #expect(result?.status == .failed, "\(store): \(message)")
    #expect(message.contains("failed with ENOSPC (a full disk)"), "\(message)")
    for words in Self.careless.first(where: { $0.store == store })?.says ?? [] {
      #expect(message.contains(words), "\(store): \(message)")
    }
  }

  /// A store that ignores a failed write passes every other rule: only `store.diskFull` sees
  /// it, since nothing else makes a write fail.
  @Test(.enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"))
  func onlyTheDiskFullRuleCatchesAnIgnoredWriteError() async throws {
    let command = try Self.fixture("careless_store.py --on-error ignore")
    // Few generated inputs: the claim is about which rules fail, and the run shares the machine.
    let report = await ExecutionStoreConformance(
      durability: .durable, timeout: .seconds(60), examples: 4, crashHarness: .adapterProcess
    ) { directory in
      try await ProcessExecutionStore.open(command: command, directory: directory)
    }.run()
    #expect(report.failures.map(\.id) == ["store.diskFull"], "\(report.renderText())")
  }

  @Test func inProcessItIsSkippedWithHowToRunItOutOfProcess() async {
    let settings = ConformanceSettings(selection: ["store.diskFull"])
    let report = await ConformanceSettings.$scoped.withValue(settings) {
      await ExecutionStoreConformance(durability: .durable) { directory in
        try FileExecutionStore(directory: directory)
      }.run()
    }
    let result = report.result("store.diskFull")
    #expect(result?.status == .skipped)
    #expect(result?.message.contains("a full disk is tried") == true, "\(result?.message ?? "")")
    #expect(result?.message.contains("--adapter-command") == true)
  }

  @Test(.enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"))
  func aStoreTheRecorderCannotSeeIsSkippedNeverPassed() async throws {
    let python = try #require(Backends.python3)
    let script = RealCrashTests.root.appendingPathComponent("Conformance/examples/store.py").path
    let result = await Self.diskFull("env -u LD_PRELOAD '\(python)' '\(script)'")
    #expect(result?.status == .skipped, "\(result?.message ?? "")")
    #expect(
      result?.message.contains("so store.diskFull cannot see its file operations") == true,
      "\(result?.message ?? "")")
  }
}
