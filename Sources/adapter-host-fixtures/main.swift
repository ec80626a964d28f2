// Deliberately broken adapters, served out of process for the kit's crash-isolation tests:
//   adapter-host-fixtures trapping-document   traps (index out of range) reading page index 3
//   adapter-host-fixtures exiting-store       exits with status 3 on its third checkpoint save
import AdapterHost
import Foundation
import ProfileAdapters
import ProfileContracts

/// A provider over pages in memory that reads page index 3 from a position before the start.
struct TrappingDocuments: ProfileDocumentProviding {
  let pages: [String]
  let pageCap: Int?
  var count: Int { min(pageCap ?? pages.count, pages.count) }
  func pageCount(for attachmentID: String) async throws -> Int {
    guard attachmentID == "doc" else { throw CocoaError(.fileNoSuchFile) }
    return count
  }
  func originalPageCount(for attachmentID: String) async throws -> Int {
    guard attachmentID == "doc" else { throw CocoaError(.fileNoSuchFile) }
    return pages.count
  }
  func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    guard attachmentID == "doc", index >= 0, index < count else {
      throw CocoaError(.fileReadUnknown)
    }
    let position = index == 3 ? index - 4 : index  // the defect: -1 for index 3
    return PageContent(index: index, pageNumber: index + 1, text: pages[position])
  }
}

/// A store that gives up, exiting the process, on its third save.
final class ExitingStore: ProfileExecutionStoring, @unchecked Sendable {
  let base: InMemoryExecutionStore
  private var saves = 0
  init() { base = InMemoryExecutionStore() }
  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    saves += 1
    if saves == 3 {
      FileHandle.standardError.write(Data("exiting-store: giving up on save 3\n".utf8))
      exit(3)
    }
    try await base.saveCheckpoint(checkpoint)
  }
  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    try await base.loadCheckpoint(for: command)
  }
  func removeCheckpoint(for command: ProfileCommand) async throws {
    try await base.removeCheckpoint(for: command)
  }
  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    try await base.loadSummary(for: command)
  }
  func saveSummary(_ summary: ProfileSummary) async throws { try await base.saveSummary(summary) }
}

switch CommandLine.arguments.dropFirst().first {
case "trapping-document":
  await AdapterHost.documents { pages, pageCap in
    (TrappingDocuments(pages: pages, pageCap: pageCap), "doc")
  }.serve()
case "exiting-store":
  await AdapterHost.store { _ in ExitingStore() }.serve()
default:
  FileHandle.standardError.write(
    Data("usage: adapter-host-fixtures trapping-document|exiting-store\n".utf8))
  exit(2)
}
