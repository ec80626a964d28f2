import AdapterProcess
import ContractConformance
import Foundation
import ProfileContracts
import TestSupport
import Testing

/// The package's built executables, next to the test bundle.
enum Products {
  static let directory = PackageProduct.buildFolder

  /// A command line that runs the product `name` with `arguments`, quoted for ``ShellWords``.
  static func command(_ name: String, _ arguments: String...) -> String {
    ([directory.appendingPathComponent(name).path] + arguments).map { "'\($0)'" }
      .joined(separator: " ")
  }
}

@Suite(.integration) struct OutOfProcessSuitesTests {
  /// Checks the store `command` serves in its own process against every store rule, and
  /// expects it to pass them all.
  static func expectEveryStoreRulePasses(
    _ command: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    // Generous timeouts: an 8 MiB payload crosses the pipe as Base64 JSON, slow in a debug or
    // coverage build.
    let report = await ExecutionStoreConformance(
      durability: .durable, timeout: .seconds(60), crashHarness: .adapterProcess
    ) { directory in
      try await ProcessExecutionStore.open(command: command, directory: directory)
    }.run()
    #expect(
      report.failures.map(\.id) == [], "\(report.renderText())", sourceLocation: sourceLocation)
    #expect(
      report.counts.passed == ExecutionStoreConformance.rules.count, "\(report.renderText())",
      sourceLocation: sourceLocation)
  }

  @Test func theBundledStorePassesOverJSONRPC() async {
    await Self.expectEveryStoreRulePasses(Products.command("adapter-host-example", "store"))
  }

  @Test func theBundledDocumentProviderPassesOverJSONRPC() async throws {
    // The example's documents go into its temporary folder, here one of this test's own, and go
    // with each process: none is left when the suite is done.
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "out-of-process-documents-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let command =
      "'TMPDIR=\(temporary.path)' " + Products.command("adapter-host-example", "document")
    // Generous, as for the store: each check starts the adapter's process, which a busy machine
    // running the whole test suite in parallel has taken more than the default 10 s to do.
    let report = await DocumentProviderConformance(timeout: .seconds(60)) { fixture in
      let (provider, id) = try await ProcessDocumentProvider.load(
        command: command, pages: fixture.pages, pageCap: fixture.pageCap)
      return (provider, id)
    }.run()
    #expect(report.failures.map(\.id) == [], "\(report.renderText())")
    // A released proxy's SIGTERM reaches its process without waiting for it: give the last ones
    // a moment to remove their folders.
    var left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    for _ in 0..<100 where !left.isEmpty {
      try await Task.sleep(for: .milliseconds(100))
      left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    }
    #expect(left == [], "the example left its documents behind")
  }

  @Test func theBundledTranslatorPassesOverJSONRPC() async {
    let command = Products.command("adapter-host-example", "translator")
    let report = await TranslatorConformance(
      pairs: [LanguagePair(source: "ko", target: "en")], timeout: .seconds(60)
    ) {
      try ProcessTranslator(command: command)
    }.run()
    #expect(report.failures.map(\.id) == [], "\(report.renderText())")
  }

  @Test func theBundledExecutorPassesOverJSONRPCWithItsKindsCarriedAcross() async {
    let command = Products.command("adapter-host-example", "executor")
    let report = await ModelExecutorConformance(
      errorMapping: { ($0 as? ProfileModelExecutionError) ?? .permanent("\($0)") },
      knownErrors: [], timeout: .seconds(60)
    ) { try ProcessModelExecutor(command: command) }.run()
    #expect(report.failures.map(\.id) == [], "\(report.renderText())")
  }

  @Test func aTrappingProviderFailsTheChecksItTrappedInAndTheRunFinishes() async {
    let command = Products.command("adapter-host-fixtures", "trapping-document")
    // A trap prints Swift's backtrace before the process dies, seconds under load: the check's
    // limit is the other out-of-process tests' 60 s, not the default 10.
    let report = await DocumentProviderConformance(timeout: .seconds(60)) { fixture in
      let (provider, id) = try await ProcessDocumentProvider.load(
        command: command, pages: fixture.pages, pageCap: fixture.pageCap)
      return (provider, id)
    }.run()
    // Every rule has a result: the trap ended one process, not the run.
    #expect(report.results.count == DocumentProviderConformance.rules.count)
    let indexes = report.result("document.indexes")
    #expect(indexes?.status == .failed)
    #expect(
      indexes?.message.contains("the adapter process was killed by signal 4 (SIGILL") == true,
      "\(indexes?.message ?? "")")
    #expect(indexes?.message.contains("while answering page") == true)
    // Checks that never read index 3 still pass with a fresh process.
    #expect(report.result("document.capReported")?.status == .passed)
  }

  @Test func aStoreThatExitsFailsItsCheckNamingTheExitAndItsStandardError() async {
    let command = Products.command("adapter-host-fixtures", "exiting-store")
    let report = await ExecutionStoreConformance(
      durability: .volatile, crashHarness: .adapterProcess
    ) {
      directory in
      try await ProcessExecutionStore.open(command: command, directory: directory)
    }.run()
    let keys = report.result("store.keys")
    #expect(keys?.status == .failed)
    #expect(
      keys?.message.contains(
        "the adapter process exited with status 3 while answering saveCheckpoint")
        == true, "\(keys?.message ?? "")")
    #expect(keys?.message.contains("exiting-store: giving up on save 3") == true)
    #expect(report.result("store.replace")?.status == .passed)
  }

  @Test func aProgramThatCannotBeFoundFailsTheFirstCallInOneLine() async throws {
    // env cannot find the program and exits 127 at once: the first call reports it.
    let process = try AdapterProcess(command: "/nonexistent/adapter --serve")
    await #expect {
      _ = try await process.call("translate", [:])
    } throws: { error in
      "\(error)".hasPrefix("the adapter process exited with status 127")
    }
  }
}

@Suite(.integration) struct ProcessLifetimeTests {
  @Test func releasingAProxyEndsItsProcess() async throws {
    var pid: Int32 = 0
    do {
      let translator = try ProcessTranslator(
        command: Products.command("adapter-host-example", "translator"))
      pid = translator.process.processIdentifier
      _ = try await translator.translate([], from: "ko", to: "en")
      #expect(kill(pid, 0) == 0)
    }
    // Released: its input closed and SIGTERM sent; the process ends and is reaped.
    var alive = true
    for _ in 0..<100 where alive {
      try await Task.sleep(for: .milliseconds(20))
      alive = kill(pid, 0) == 0
    }
    #expect(!alive, "process \(pid) outlived its proxy")
  }
}
