import AdapterProcess
import ContractConformance
import Foundation
import ProfileAdapters
import TestSupport
import Testing

/// `store.powerLoss` on stores in their own process: the two stores the kit ships and SQLite
/// with full syncs pass; each broken store fails, with its crash state and its fix named.
@Suite(.integration, .serialized) struct PowerLossTests {
  static let fixtures = "Tests/AdapterProcessTests/Fixtures/power-loss/"

  static func powerLoss(_ command: String, model: PowerLossModel = .posix) async -> CheckResult? {
    let settings = ConformanceSettings(selection: ["store.powerLoss"])
    let report = await ConformanceSettings.$scoped.withValue(settings) {
      await ExecutionStoreConformance(
        durability: .durable, timeout: .seconds(60), powerLossModel: model,
        crashHarness: .adapterProcess
      ) { directory in
        try await ProcessExecutionStore.open(command: command, directory: directory)
      }.run()
    }
    #expect(report.results.map(\.id) == ["store.powerLoss"])
    return report.result("store.powerLoss")
  }

  static func python(_ path: String) throws -> String {
    try #require(RealCrashTests.python(path), "python3 not found")
  }

  @Test(.enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"))
  func theExampleStorePasses() async throws {
    let result = await Self.powerLoss(try Self.python("Conformance/examples/store.py"))
    #expect(result?.status == .passed, "\(result?.message ?? "")")
    #expect(result?.message.contains("under the posix model") == true)
  }

  @Test(.enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"))
  func theSwiftHostOverTheBundledStorePasses() async {
    let result = await Self.powerLoss(Products.command("adapter-host-example", "store"))
    #expect(result?.status == .passed, "\(result?.message ?? "")")
    // Its syncs try Darwin's F_FULLFSYNC first, on Linux too: the Apple model judges them.
    let apple = await Self.powerLoss(
      Products.command("adapter-host-example", "store"), model: .apple)
    #expect(apple?.status == .passed, "\(apple?.message ?? "")")
    #expect(apple?.message.contains("under the apple model") == true, "\(apple?.message ?? "")")
  }

  @Test(.enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"))
  func sqliteWithFullSyncsPassesAndWithoutFails() async throws {
    let sqlite = try Self.python(Self.fixtures + "sqlite_store.py")
    let full = await Self.powerLoss(sqlite)
    #expect(full?.status == .passed, "\(full?.message ?? "")")
    // Advice in SQLite's own terms (issue 50): the pragma, then what it does to the files.
    for synchronous in ["OFF", "NORMAL"] {
      let weak = await Self.powerLoss(sqlite + " --synchronous \(synchronous)")
      #expect(weak?.status == .failed, "synchronous=\(synchronous)")
      #expect(
        weak?.message.contains("after save 1 returned, with all") == true,
        "\(weak?.message ?? "")")
      #expect(
        weak?.message.contains(
          "fix: set PRAGMA synchronous=FULL: in WAL mode, NORMAL or OFF lets a commit return before the -wal file is synced (in file terms: "
        ) == true, "\(weak?.message ?? "")")
    }
    // SQLite on Linux never calls F_FULLFSYNC, whatever its pragmas: the Apple model cannot judge
    // it here, and says what the Apple build sets, never passing it.
    let apple = await Self.powerLoss(sqlite, model: .apple)
    #expect(apple?.status == .skipped, "\(apple?.message ?? "")")
    #expect(
      apple?.message.contains("PRAGMA fullfsync=ON (and checkpoint_fullfsync=ON)") == true,
      "\(apple?.message ?? "")")
    #expect(apple?.message.contains("Under posix: ") == true, "\(apple?.message ?? "")")
    let weakApple = await Self.powerLoss(sqlite + " --synchronous OFF", model: .apple)
    #expect(weakApple?.status == .failed, "\(weakApple?.message ?? "")")
    #expect(
      weakApple?.message.contains("(posix model)") == true
        && weakApple?.message.contains("judged under posix") == true,
      "\(weakApple?.message ?? "")")
  }

  /// Each broken store, with what its message must name: the crash state, and the fix.
  static let broken: [(store: String, names: [String])] = [
    (
      "no_sync_store.py",
      ["after save 1 returned", "lost", "fsync (or fdatasync) the file before the save returns"]
    ),
    (
      "no_directory_sync_store.py",
      ["after save 1 returned", "fsync the directory after the rename"]
    ),
    (
      "in_place_store.py",
      ["during save 1, before its fsync of checkpoint-", "never overwrite a record in place"]
    ),
    (
      "sync_before_write_store.py",
      ["names persisted, data lost", "after the last write, not before it"]
    ),
    ("mmap_store.py", ["names persisted, data lost", "msync(MS_SYNC) the map"]),
    ("odirect_store.py", ["names persisted, data lost", "O_DSYNC as well as O_DIRECT"]),
  ]

  @Test(
    .enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"),
    arguments: broken.map(\.store))
  func aBrokenStoreFailsWithItsCrashStateAndFix(_ store: String) async throws {
    let result = await Self.powerLoss(try Self.python(Self.fixtures + store))
    #expect(result?.status == .failed, "\(result?.message ?? "")")
    let message = result?.message ?? ""
    for name in Self.broken.first(where: { $0.store == store })?.names ?? [] {
      #expect(message.contains(name), "\(store): \(message)")
    }
    #expect(message.contains("(posix model)"), "\(message)")
  }

  /// Linux has no F_FULLFSYNC: a store that never calls it (here, with a plain fsync everywhere)
  /// is judged under posix and skipped, never passed, with the route to a real judgment.
  @Test(.enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"))
  func underTheAppleModelAStoreWithoutFullFsyncIsSkipped() async throws {
    for store in ["Conformance/examples/store.py", Self.fixtures + "odsync_store.py"] {
      let result = await Self.powerLoss(try Self.python(store), model: .apple)
      let message = result?.message ?? ""
      #expect(result?.status == .skipped, "\(store): \(message)")
      #expect(message.contains("made none: Linux has no F_FULLFSYNC"), "\(message)")
      #expect(message.contains("under the posix model"), "\(message)")
      #expect(message.contains("fcntl(fd, 51)"), "\(message)")
    }
  }

  /// The route on Linux: a store that makes its Apple build's calls (fcntl(fd, 51), which the
  /// recorder carries out as F_FULLFSYNC) is judged under the Apple model, and passes or fails
  /// there.
  @Test(.enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"))
  func underTheAppleModelAStoreThatFullSyncsIsJudged() async throws {
    let store = try Self.python(Self.fixtures + "fullfsync_store.py")
    let full = await Self.powerLoss(store, model: .apple)
    #expect(full?.status == .passed, "\(full?.message ?? "")")
    #expect(full?.message.contains("under the apple model") == true, "\(full?.message ?? "")")
    let plainDirectory = await Self.powerLoss(store + " --directory-sync fsync", model: .apple)
    let message = plainDirectory?.message ?? ""
    #expect(plainDirectory?.status == .failed, "\(message)")
    #expect(message.contains("(apple model)"), "\(message)")
    #expect(message.contains("F_FULLFSYNC the directory after the rename"), "\(message)")
    // The same store under posix: a plain fsync of the directory is enough there.
    let posix = await Self.powerLoss(store + " --directory-sync fsync")
    #expect(posix?.status == .passed, "\(posix?.message ?? "")")
  }

  @Test func inProcessItIsSkippedWithHowToRunItOutOfProcess() async {
    let settings = ConformanceSettings(selection: ["store.powerLoss"])
    let report = await ConformanceSettings.$scoped.withValue(settings) {
      await ExecutionStoreConformance(durability: .durable) { directory in
        try FileExecutionStore(directory: directory)
      }.run()
    }
    let result = report.result("store.powerLoss")
    #expect(result?.status == .skipped)
    #expect(result?.message.contains("--adapter-command") == true, "\(result?.message ?? "")")
    #expect(result?.message.contains("AdapterHost") == true)
  }

  @Test(.enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"))
  func aStoreTheRecorderCannotSeeIsSkippedNeverPassed() async throws {
    // A shell that clears LD_PRELOAD before starting the store: the program the process runs
    // never loads the recorder.
    let python = try #require(Backends.python3)
    let script = RealCrashTests.root.appendingPathComponent("Conformance/examples/store.py").path
    let result = await Self.powerLoss("env -u LD_PRELOAD '\(python)' '\(script)'")
    #expect(result?.status == .skipped, "\(result?.message ?? "")")
    #expect(result?.message.contains("never loaded the file-operation recorder") == true)
  }
}

/// Correct stores that make their saves durable in ways other than an `fsync` after each
/// write pass every rule of the store suite, `store.powerLoss` included: no false alarm.
@Suite(.integration) struct DurableStoresTests {
  static let stores = [
    "odsync_store.py",
    "odirect_store.py --dsync",
    "group_commit_store.py",
    "sqlite_store.py --checkpoint",
  ]

  @Test(
    .enabled(if: Backends.runPowerLoss, "\(Backends.powerLossMissing ?? "")"),
    arguments: stores)
  func passesEveryRule(_ store: String) async throws {
    // The script, quoted, then its arguments as they are.
    let script = String(store.prefix { $0 != " " })
    let command =
      try PowerLossTests.python(PowerLossTests.fixtures + script) + store.dropFirst(script.count)
    await OutOfProcessSuitesTests.expectEveryStoreRulePasses(command)
  }
}
