// Deliberately broken adapters, served out of process for the kit's crash-isolation tests:
//   adapter-host-fixtures trapping-document   traps (index out of range) reading page index 3
//   adapter-host-fixtures exiting-store       exits with status 3 on its third checkpoint save
// and processes that die where they should throw, one a suite:
//   adapter-host-fixtures aborting-document   abort() for a page index out of range
//   adapter-host-fixtures exiting-document    exit(3) for an unknown attachment
//   adapter-host-fixtures aborting-translator abort() for a pair it does not support
//   adapter-host-fixtures exiting-store-open  exit(4) where a file stands in place of its directory
//   adapter-host-fixtures aborting-executor   abort() for an empty prompt
// and one that floods the kit:
//   adapter-host-fixtures huge-line-store     a 50 MB line on standard output before each load
// and correct ones that are slow, as hosted services and syncing disks are:
//   adapter-host-fixtures slow translator|executor|document|store LOW-HIGH
//                                             the kit's own adapter, LOW to HIGH ms a call (a page
//                                             for the document provider)
import AdapterProcess
import ContractConformanceCore
import Foundation
import KitSupport
import ProfileAdapters
import ProfileContracts
import ReferenceSuites
import TestSupport

/// A store that gives up, exiting the process, on its third save.
// @unchecked: `saves` is read and written only under `lock`; `base` is Sendable.
final class ExitingStore: ProfileExecutionStoring, @unchecked Sendable {
  let base: InMemoryExecutionStore
  private let lock = Lock()
  private var saves = 0
  init() { base = InMemoryExecutionStore() }
  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    let save = lock.withCriticalSection {
      saves += 1
      return saves
    }
    if save == 3 {
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

/// A correct provider over pages in memory that dies where it should throw: `abort()` for an
/// index out of range, or `exit(3)` for an unknown attachment.
struct DyingDocuments: ProfileDocumentProviding {
  let pages: [String]
  let pageCap: Int?
  let abortsOutOfRange: Bool
  var count: Int { min(pageCap ?? pages.count, pages.count) }
  private func known(_ attachmentID: String) throws {
    guard attachmentID == "doc" else {
      if abortsOutOfRange { throw CocoaError(.fileNoSuchFile) }
      FileHandle.standardError.write(Data("exiting-document: no attachment \(attachmentID)\n".utf8))
      exit(3)
    }
  }
  func pageCount(for attachmentID: String) async throws -> Int {
    try known(attachmentID)
    return count
  }
  func originalPageCount(for attachmentID: String) async throws -> Int {
    try known(attachmentID)
    return pages.count
  }
  func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    try known(attachmentID)
    guard index >= 0, index < count else {
      if abortsOutOfRange { abort() }
      throw CocoaError(.fileReadUnknown)
    }
    return PageContent(index: index, pageNumber: index + 1, text: pages[index])
  }
}

/// The sample-corpus translator, but `abort()` instead of throwing for an unsupported pair.
struct AbortingTranslator: SummaryTranslating {
  let base = SampleCorpusTranslator()
  func translate(_ texts: [String], from source: String, to target: String) async throws
    -> [String]
  {
    guard TranslationSamples.builtin.templates[target] != nil else { abort() }
    return try await base.translate(texts, from: source, to: target)
  }
}

/// A provider over pages in memory, under one attachment ID, `doc`: correct, or, with
/// `misreadsPage`, reading that page index from a position before the start (a trap).
struct MemoryDocuments: ProfileDocumentProviding {
  let pages: [String]
  let pageCap: Int?
  var misreadsPage: Int?
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
    let position = index == misreadsPage ? -1 : index  // the defect: index -1
    return PageContent(index: index, pageNumber: index + 1, text: pages[position])
  }
}

/// The extractive executor, but `abort()` instead of throwing for an empty prompt.
struct AbortingExecutor: ProfileModelExecuting {
  let base = ExtractiveModelExecutor()
  func generate(_ request: ProfileModelRequest) async throws -> Data {
    if request.prompt.isEmpty { abort() }
    return try await base.generate(request)
  }
}

/// The file store, but printing a 50 MB line to standard output before every load.
struct FloodingStore: ProfileExecutionStoring {
  let base: FileExecutionStore
  private func flood() {
    FileHandle.standardOutput.write(Data(repeating: 0x61, count: 50 << 20) + Data("\n".utf8))
  }
  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    try await base.saveCheckpoint(checkpoint)
  }
  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    flood()
    return try await base.loadCheckpoint(for: command)
  }
  func removeCheckpoint(for command: ProfileCommand) async throws {
    try await base.removeCheckpoint(for: command)
  }
  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    flood()
    return try await base.loadSummary(for: command)
  }
  func saveSummary(_ summary: ProfileSummary) async throws { try await base.saveSummary(summary) }
}

switch CommandLine.arguments.dropFirst().first {
case "trapping-document":
  await AdapterHost.documents { pages, pageCap in
    (MemoryDocuments(pages: pages, pageCap: pageCap, misreadsPage: 3), "doc")
  }.serve()
case "exiting-store":
  await AdapterHost.store { _ in ExitingStore() }.serve()
case "aborting-document", "exiting-document":
  let aborts = CommandLine.arguments[1] == "aborting-document"
  await AdapterHost.documents { pages, pageCap in
    (DyingDocuments(pages: pages, pageCap: pageCap, abortsOutOfRange: aborts), "doc")
  }.serve()
case "aborting-translator":
  await AdapterHost.translator { AbortingTranslator() }.serve()
case "exiting-store-open":
  await AdapterHost.store { directory in
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      exit(4)
    }
    return try FileExecutionStore(directory: directory)
  }.serve()
case "aborting-executor":
  await AdapterHost.executor { AbortingExecutor() }.serve()
case "slow":
  let arguments = Array(CommandLine.arguments.dropFirst(2))
  let bounds = arguments.count == 2 ? arguments[1].split(separator: "-").compactMap { Int($0) } : []
  guard bounds.count == 2, bounds[0] <= bounds[1] else {
    FileHandle.standardError.write(
      Data("usage: adapter-host-fixtures slow translator|executor|document|store LOW-HIGH\n".utf8))
    exit(2)
  }
  let milliseconds = bounds[0]...bounds[1]
  switch arguments[0] {
  case "translator":
    await AdapterHost.translator {
      SlowTranslator(SampleCorpusTranslator(), milliseconds: milliseconds)
    }.serve()
  case "executor":
    await AdapterHost.executor {
      SlowExecutor(ExtractiveModelExecutor(), milliseconds: milliseconds)
    }.serve()
  case "document":
    await AdapterHost.documents { pages, pageCap in
      (
        SlowDocuments(MemoryDocuments(pages: pages, pageCap: pageCap), milliseconds: milliseconds),
        "doc"
      )
    }.serve()
  default:
    await AdapterHost.store { directory in
      SlowStore(try FileExecutionStore(directory: directory), milliseconds: milliseconds)
    }.serve()
  }
case "huge-line-store":
  await AdapterHost.store { directory in
    FloodingStore(base: try FileExecutionStore(directory: directory))
  }.serve()
default:
  FileHandle.standardError.write(
    Data(
      "usage: adapter-host-fixtures trapping-document|exiting-store|aborting-document|exiting-document|aborting-translator|exiting-store-open|aborting-executor|huge-line-store|slow KIND LOW-HIGH\n"
        .utf8))
  exit(2)
}
