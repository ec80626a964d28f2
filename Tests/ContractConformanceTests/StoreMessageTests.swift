import ContractConformance
import Foundation
import ProfileContracts
import Testing

/// A store that keeps checkpoints in memory and refuses a save while another is under way,
/// with an error naming its directory, as a store's own errors often do.
final class DirectoryNamingStore: ProfileExecutionStoring, @unchecked Sendable {
  struct Busy: Error, CustomStringConvertible {
    let directory: URL
    var description: String { "\(directory.path)/checkpoint.json is locked by another save" }
  }
  let directory: URL
  private let lock = NSLock()
  private var saving = 0
  private var checkpoints: [ProfileCommand: ProfileCheckpoint] = [:]
  private var summaries: [ProfileCommand: ProfileSummary] = [:]

  init(directory: URL) { self.directory = directory }

  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    lock.withLock { checkpoints[command] }
  }
  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    let busy = lock.withLock { () -> Bool in
      saving += 1
      return saving > 1
    }
    defer { lock.withLock { saving -= 1 } }
    if busy { throw Busy(directory: directory) }
    try await Task.sleep(for: .milliseconds(1))
    lock.withLock { checkpoints[checkpoint.command] = checkpoint }
  }
  func removeCheckpoint(for command: ProfileCommand) async throws {
    lock.withLock { _ = checkpoints.removeValue(forKey: command) }
  }
  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    lock.withLock { summaries[command] }
  }
  func saveSummary(_ summary: ProfileSummary) async throws {
    lock.withLock { summaries[summary.command] = summary }
  }
}

@Suite struct StoreMessageTests {
  /// Whatever check and whichever step reports a store's error, the sandbox's random folder is
  /// written `<sandbox>`, so two runs' reports compare equal: concurrentOneKey kept it once.
  @Test func noStoreMessageCarriesTheSandboxFolder() async throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("store-messages-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    func run() async -> ConformanceReport {
      await ExecutionStoreConformance(
        durability: .durable, timeout: testTimeout, scratch: scratch
      ) { DirectoryNamingStore(directory: $0) }.run()
    }
    let report = await run()
    for result in report.results {
      #expect(!result.message.contains(scratch.path), "\(result.id): \(result.message)")
      #expect(!result.message.contains("contract-kit-store-"), "\(result.id): \(result.message)")
      // Nor does the folder a failing check left, by paths or by the bytes of its files.
      let folder = result.storeFolder ?? ""
      #expect(!folder.contains(scratch.path), "\(result.id): \(folder)")
      #expect(!folder.contains("contract-kit-store-"), "\(result.id): \(folder)")
    }
    #expect(report.results.contains { $0.storeFolder != nil }, "no failing check left a folder")
    let message = report.result("store.concurrentOneKey")?.message ?? ""
    #expect(
      message.contains("<sandbox>/outer/inner/store/checkpoint.json is locked by another save"),
      "\(message)")
  }
}
