import Foundation
import KitSupport
import ProfileAdapters
import ProfileContracts
import ProfileCore

@testable import ProfileCore

/// A model scripted per call: the answer function sees every request and the call's number.
final class ScriptedModel: ProfileModelExecuting, @unchecked Sendable {
  private let lock = Lock()
  private(set) var requests: [ProfileModelRequest] = []
  private let answer: @Sendable (ProfileModelRequest, Int) throws -> Data

  init(
    _ answer: @escaping @Sendable (ProfileModelRequest, Int) throws -> Data = ScriptedModel
      .extractive
  ) {
    self.answer = answer
  }

  static let extractive: @Sendable (ProfileModelRequest, Int) throws -> Data = { request, _ in
    let sentences = request.prompt.split(separator: "\n").flatMap { $0.split(separator: ".") }
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    switch request.schema {
    case .summaryChunk:
      return try CanonicalJSON.encode(
        SummaryChunkAnswer(title: sentences.first ?? "Untitled", points: Array(sentences.prefix(2)))
      )
    case .summaryTitle:
      return try CanonicalJSON.encode(
        SummaryTitleAnswer(title: "Overall " + (sentences.first ?? "")))
    }
  }

  func generate(_ request: ProfileModelRequest) async throws -> Data {
    let number = lock.withCriticalSection {
      requests.append(request)
      return requests.count
    }
    return try answer(request, number)
  }

  var stepIDs: [String] { lock.withCriticalSection { requests.map(\.stepID) } }
}

/// Pages in memory; some may throw; page numbers may start after front matter.
struct MemoryDocuments: ProfileDocumentProviding {
  var pages: [String]
  var cap: Int?
  var unreadable: Set<Int> = []
  var firstPageNumber = 1
  var reportedCount: Int?

  func pageCount(for attachmentID: String) async throws -> Int {
    reportedCount ?? cap.map { min($0, pages.count) } ?? pages.count
  }
  func originalPageCount(for attachmentID: String) async throws -> Int {
    pages.count + firstPageNumber - 1
  }
  func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    struct Unreadable: Error {}
    if unreadable.contains(index) { throw Unreadable() }
    return PageContent(index: index, pageNumber: index + firstPageNumber, text: pages[index])
  }
}

/// A store that records its calls and fails on demand.
final class RecordingStore: ProfileExecutionStoring, @unchecked Sendable {
  struct Down: Error {}
  let base = InMemoryExecutionStore()
  private let lock = Lock()
  private(set) var calls: [String] = []
  var failLoad = false
  var failSave = false
  var savedSummaries: [ProfileSummary] = []

  private func log(_ call: String) { lock.withCriticalSection { calls.append(call) } }

  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    log("loadCheckpoint")
    if failLoad { throw Down() }
    return try await base.loadCheckpoint(for: command)
  }
  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    log("saveCheckpoint \(checkpoint.phase)")
    if failSave { throw Down() }
    try await base.saveCheckpoint(checkpoint)
  }
  func removeCheckpoint(for command: ProfileCommand) async throws {
    log("removeCheckpoint")
    try await base.removeCheckpoint(for: command)
  }
  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    try await base.loadSummary(for: command)
  }
  func saveSummary(_ summary: ProfileSummary) async throws {
    log("saveSummary")
    lock.withCriticalSection { savedSummaries.append(summary) }
    try await base.saveSummary(summary)
  }
}

/// A clock that records what it was asked to wait, and never waits.
final class RecordingClock: ProfileClock, @unchecked Sendable {
  private let lock = Lock()
  private(set) var sleeps: [Duration] = []
  func sleep(for duration: Duration) async { lock.withCriticalSection { sleeps.append(duration) } }
}

/// A translator that answers through a function.
struct FunctionTranslator: SummaryTranslating {
  let body: @Sendable ([String]) throws -> [String]
  func translate(_ texts: [String], from s: String, to t: String) async throws -> [String] {
    try body(texts)
  }
}

/// Fixtures: English pages whose sentences carry numbers and names the fact check can find.
enum Fixture {
  static let command = ProfileCommand(
    profile: .document, attachmentID: "doc", sourceLanguage: "en", targetLanguage: "en")

  static func page(_ number: Int) -> String {
    "Page \(number) reports revenue of \(number * 100) units for the northern region. The team met on Monday to review the figures."
  }

  static func pages(_ count: Int) -> [String] { (1...count).map(page) }

  static func core(
    model: ScriptedModel = ScriptedModel(),
    documents: MemoryDocuments = MemoryDocuments(pages: pages(3)),
    store: RecordingStore = RecordingStore(), translator: (any SummaryTranslating)? = nil,
    policy: ProfilePolicy = .default, clock: RecordingClock = RecordingClock()
  ) -> ProfileCore {
    ProfileCore(
      model: model, translator: translator, documents: documents, store: store, policy: policy,
      languages: BuiltinLanguageIdentifier(), clock: clock)
  }

  /// A policy whose window holds about one fixture page per chunk.
  static let onePagePerChunk = ProfilePolicy(
    contextTokens: 100, chunkResponseTokens: 40, titleResponseTokens: 16)
}

/// Pages that record the order of reads and how many ran at once.
final class OrderRecordingDocuments: ProfileDocumentProviding, @unchecked Sendable {
  let pages: [String]
  private let lock = Lock()
  private(set) var reads: [Int] = []
  private(set) var mostAtOnce = 0
  private var running = 0

  init(pages: [String]) { self.pages = pages }

  func pageCount(for attachmentID: String) async throws -> Int { pages.count }
  func originalPageCount(for attachmentID: String) async throws -> Int { pages.count }
  func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    lock.withCriticalSection {
      reads.append(index)
      running += 1
      mostAtOnce = max(mostAtOnce, running)
    }
    await Task.yield()
    lock.withCriticalSection { running -= 1 }
    return PageContent(index: index, pageNumber: index + 1, text: pages[index])
  }
}
