import AdapterProcess
import ContractConformance
import Foundation
import TestSupport
import Testing

/// `store.crash` on stores in their own process: 50 SIGKILLs in the middle of saves.
@Suite(.integration, .serialized) struct RealCrashTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func python(_ relativePath: String) -> String? {
    Backends.python3.map { "'\($0)' '\(root.appendingPathComponent(relativePath).path)'" }
  }

  /// `store.crash` alone (the other rules run out of process in `OutOfProcessSuitesTests`).
  static func crash(_ command: String, harness: StoreCrashHarness? = .adapterProcess) async
    -> CheckResult?
  {
    guard let rule = ExecutionStoreConformance.rules.first(where: { $0.id == "store.crash" }) else {
      return nil
    }
    let report = await ExecutionStoreConformance(
      durability: .durable, timeout: .seconds(60), crashHarness: harness
    ) { directory in
      try await ProcessExecutionStore.open(command: command, directory: directory)
    }.run(rule)
    return report.result("store.crash")
  }

  @Test(
    .enabled(
      if: Backends.runPython, "python3 is not installed; install it with tools/install-backends"))
  func theFsyncAndRenameStorePasses() async throws {
    let command = try #require(Self.python("Conformance/examples/store.py"), "python3 not found")
    let result = await Self.crash(command)
    #expect(result?.status == .passed, "\(result?.message ?? "")")
    #expect(result?.message.hasPrefix("50 SIGKILLs in the middle of saves") == true)
  }

  @Test func theSwiftHostOverTheBundledStorePasses() async {
    let result = await Self.crash(Products.command("adapter-host-example", "store"))
    #expect(result?.status == .passed, "\(result?.message ?? "")")
  }

  @Test(
    .enabled(
      if: Backends.runPython, "python3 is not installed; install it with tools/install-backends"))
  func aStoreThatOverwritesInPlaceIsCaught() async throws {
    let command = try #require(
      Self.python("Tests/AdapterProcessTests/Fixtures/inplace_store.py"), "python3 not found")
    let result = await Self.crash(command)
    #expect(result?.status == .failed)
    let message = result?.message ?? ""
    #expect(message.contains("torn"), "\(message)")
  }

  /// The harness is what makes the crash real: without one, the same process store gets the
  /// in-process approximation, and says so.
  @Test func withoutAHarnessTheCrashIsApproximated() async {
    let result = await Self.crash(Products.command("adapter-host-example", "store"), harness: nil)
    #expect(result?.status == .passed, "\(result?.message ?? "")")
    #expect(result?.message.contains("a second instance stood in for a kill") == true)
  }
}
