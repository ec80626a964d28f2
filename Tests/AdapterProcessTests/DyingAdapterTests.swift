import ContractConformance
import Foundation
import ProfileContracts
import TestSupport
import Testing

@testable import AdapterProcess

/// Processes that die where they should throw, one a suite, and one that floods the kit: a
/// breakdown fails the check it happened in, whatever that check expected.
@Suite(.integration) struct DyingAdapterTests {
  static let breakdown = "a process that dies or breaks the protocol fails the check"

  private func documents(_ name: String) async -> ConformanceReport {
    let command = Products.command("adapter-host-fixtures", name)
    return await DocumentProviderConformance(timeout: .seconds(60)) { fixture in
      let (provider, id) = try await ProcessDocumentProvider.load(
        command: command, pages: fixture.pages, pageCap: fixture.pageCap)
      return (provider, id)
    }.run()
  }

  @Test func aProviderThatAbortsOutOfRangeFailsTheOutOfRangeCheck() async {
    let result = await documents("aborting-document").result("document.outOfRange")
    #expect(result?.status == .failed)
    let message = result?.message ?? ""
    #expect(message.contains("was killed by signal 6 (SIGABRT) while answering page"), "\(message)")
    #expect(message.contains(Self.breakdown), "\(message)")
  }

  @Test func aProviderThatExitsForAnUnknownAttachmentFailsThatCheck() async {
    let result = await documents("exiting-document").result("document.unknownAttachment")
    #expect(result?.status == .failed)
    let message = result?.message ?? ""
    #expect(message.contains("exited with status 3"), "\(message)")
    #expect(message.contains("exiting-document: no attachment"), "\(message)")
  }

  @Test func aTranslatorThatAbortsForAnUndeclaredPairFailsThatCheck() async {
    let command = Products.command("adapter-host-fixtures", "aborting-translator")
    let report = await TranslatorConformance(
      pairs: [LanguagePair(source: "ko", target: "en")], timeout: .seconds(60)
    ) { try ProcessTranslator(command: command) }.run()
    let result = report.result("translator.undeclaredPair")
    #expect(result?.status == .failed)
    #expect(
      result?.message.contains("killed by signal 6 (SIGABRT)") == true, "\(result?.message ?? "")")
    #expect(report.result("translator.count")?.status == .passed)
  }

  @Test func aStoreThatExitsWhereItShouldThrowFailsTheUnusableLocationCheck() async {
    let command = Products.command("adapter-host-fixtures", "exiting-store-open")
    let report = await ExecutionStoreConformance(
      durability: .durable, timeout: .seconds(60), crashHarness: .adapterProcess
    ) { directory in
      try await ProcessExecutionStore.open(command: command, directory: directory)
    }.run()
    let result = report.result("store.unusableLocation")
    #expect(result?.status == .failed)
    #expect(result?.message.contains("exited with status 4") == true, "\(result?.message ?? "")")
    #expect(report.result("store.keys")?.status == .passed)
  }

  @Test func anExecutorThatAbortsOnAnEmptyPromptFailsTheProvokedFailuresCheck() async {
    let command = Products.command("adapter-host-fixtures", "aborting-executor")
    let report = await ModelExecutorConformance(
      errorMapping: { ($0 as? ProfileModelExecutionError) ?? .permanent("\($0)") },
      knownErrors: [], timeout: .seconds(60)
    ) { try ProcessModelExecutor(command: command) }.run()
    let result = report.result("executor.provokedFailures")
    #expect(result?.status == .failed)
    #expect(
      result?.message.contains("killed by signal 6 (SIGABRT)") == true, "\(result?.message ?? "")")
  }

  @Test func aKillTheKitAskedForIsNoBreakdown() async throws {
    let faults = AdapterFaults()
    let translator = try ProcessTranslator(
      command: Products.command("adapter-host-example", "translator"))
    try await AdapterFaults.$current.withValue(faults) {
      _ = try await translator.translate([], from: "ko", to: "en")
      translator.process.kill()
      await #expect(throws: AdapterProcessError.self) {
        _ = try await translator.translate(["x"], from: "ko", to: "en")
      }
    }
    #expect(faults.recorded.isEmpty, "\(faults.recorded)")
  }

  @Test func aResponseLineBeyondTheLimitFailsTheCallNamingTheLimit() async throws {
    let command = Products.command("adapter-host-fixtures", "huge-line-store")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "contract-kit-flood-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try await ProcessExecutionStore.open(command: command, directory: directory)
    let faults = AdapterFaults()
    await AdapterFaults.$current.withValue(faults) {
      await #expect {
        _ = try await store.loadCheckpoint(
          for: ProfileCommand(
            profile: .note, attachmentID: "a", sourceLanguage: nil, targetLanguage: "en"))
      } throws: { error in
        "\(error)".contains(
          "the adapter wrote a line of more than 16 MiB to standard output, the most one response may hold"
        )
      }
    }
    #expect(faults.recorded.count == 1, "\(faults.recorded)")
    // (That the line is read past, not kept, is the splitter's test below: what it holds never
    // passes its limit. This process's memory is shared with the tests running beside this one.)
  }

  @Test func theLineSplitterHoldsNoMoreThanItsLimitWhateverTheStream() {
    var splitter = LineSplitter(limit: 1 << 20)
    var lines: [String] = []
    var tooLong = 0
    let chunk = Data(repeating: 0x61, count: 64 << 10)
    for _ in 0..<(50 * 16) {  // 50 MiB without a line break
      splitter.feed(chunk, onLine: { lines.append($0) }, onTooLong: { tooLong += 1 })
    }
    splitter.feed(Data("\n{\"id\": 1}\npartial".utf8), onLine: { lines.append($0) }, onTooLong: {})
    splitter.finish(onLine: { lines.append($0) })
    #expect(tooLong == 1)
    #expect(lines == ["{\"id\": 1}", "partial"])
    #expect(splitter.peak <= 1 << 20)
  }
}
