import ContractConformance
import Foundation
import ProfileContracts
import TestSupport
import Testing

@testable import AdapterProcess

/// Stores in a process of their own, right in every answer, whose saves each leave a thread or a
/// descriptor behind: only the process's own counts, read from `/proc`, show it, and
/// `store.footprint` names the resource and its growth.
@Suite(.integration) struct ResourceGrowthTests {
  static let linux: Bool = {
    #if os(Linux)
      true
    #else
      false
    #endif
  }()

  @Test(
    .enabled(if: linux, "the counts come from /proc, which only Linux has"),
    .enabled(if: Backends.runPython, "no python3 to run the fixture stores with"),
    arguments: [
      ("thread_per_save_store.py", "a call leaves a thread running"),
      ("descriptor_per_save_store.py", "a call leaves a file open"),
    ])
  func aStoreProcessThatGrowsWithItsCallsFailsTheFootprint(script: String, message: String)
    async throws
  {
    let command = try PowerLossTests.python(
      "Tests/AdapterProcessTests/Fixtures/resources/" + script)
    let report = await ConformanceSettings.$scoped.withValue(
      ConformanceSettings(selection: ["store.footprint"])
    ) {
      await ExecutionStoreConformance(
        durability: .durable, timeout: .seconds(60), crashHarness: .adapterProcess
      ) { directory in
        try await ProcessExecutionStore.open(command: command, directory: directory)
      }.run()
    }
    let result = report.result("store.footprint")
    #expect(result?.status == .failed, "\(report.renderText())")
    #expect(result?.message.contains(message) == true, "\(result?.message ?? "")")
  }
}
