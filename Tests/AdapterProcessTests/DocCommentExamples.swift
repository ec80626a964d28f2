import AdapterProcess
import ContractConformance
import Foundation
import ProfileContracts
import TestSupport
import Testing

/// The examples of AdapterProcess's doc comments, run against the
/// bundled adapters served by `adapter-host-example` (and a dying one of
/// `adapter-host-fixtures`). DocCodeBlocksTests checks that each block is a run of lines here.
@Suite(.integration) struct AdapterProcessDocCommentExamples {
  static let command = ProfileCommand(
    profile: .note, attachmentID: "a", sourceLanguage: nil, targetLanguage: "en")

  /// A store directory that does not exist yet, removed at the end of `body`.
  static func withDirectory(_ body: (URL) async throws -> Void) async throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "doc-comment-store-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: url) }
    try await body(url)
  }

  @Test func adapterProcess() async throws {
    let storeCommand = Products.command("adapter-host-example", "store")
    try await Self.withDirectory { url in
      let command = Self.command
      let process = try AdapterProcess(command: storeCommand)
      _ = try await process.call("open", ["directory": .string(url.path)])
      let checkpoint = try await process.call("loadCheckpoint", ["command": .encoded(command)])
      #expect(checkpoint == .null)
      await process.close(within: .seconds(10))
      #expect(process.exitDescription != nil)
    }
  }

  @Test func processExecutionStore() async throws {
    let storeCommand = Products.command("adapter-host-example", "store")
    try await Self.withDirectory { url in
      let checkpoint = ProfileCheckpoint(
        command: Self.command, phase: "chunks:1/2", payload: Data([7]),
        receipt: ProfileExecutionReceipt())
      let store = try await ProcessExecutionStore.open(command: storeCommand, directory: url)
      try await store.saveCheckpoint(checkpoint)
      await store.process.close(within: .seconds(10))
      let reopened = try await ProcessExecutionStore.open(command: storeCommand, directory: url)
      #expect(try await reopened.loadCheckpoint(for: checkpoint.command) == checkpoint)
    }
  }

  @Test func adapterFaults() async throws {
    let (provider, id) = try await ProcessDocumentProvider.load(
      command: Products.command("adapter-host-fixtures", "aborting-document"), pages: ["One."],
      pageCap: nil)
    let faults = AdapterFaults()
    let page = try? await AdapterFaults.$current.withValue(faults) {
      try await provider.page(at: 99, for: id)
    }
    let recorded = faults.recorded  // ["the adapter process was killed by signal 6 (SIGABRT) …"]
    #expect(page == nil)
    #expect(recorded.count == 1)
    #expect(
      recorded.first?.contains("was killed by signal 6 (SIGABRT) while answering page") == true,
      "\(recorded)")
  }
}
