import Foundation
import KitSupport
import ProfileContracts

/// Correct adapters that are slow, as hosted services and real disks are: each call waits a
/// time in `milliseconds` (spread over the range by the call's number, the same every run), then
/// answers as the adapter it wraps. The suites must pass them: slow is never a failure.
public struct Delays: Sendable {
  /// The range of one call's wait.
  public let milliseconds: ClosedRange<Int>
  private let calls = Locked(0)

  /// Waits from `milliseconds.lowerBound` to `milliseconds.upperBound` a call.
  public init(_ milliseconds: ClosedRange<Int>) { self.milliseconds = milliseconds }

  /// Waits one call's time.
  public func wait() async throws {
    let call = calls.withValue { count in
      count += 1
      return count
    }
    let span = milliseconds.upperBound - milliseconds.lowerBound + 1
    try await Task.sleep(for: .milliseconds(milliseconds.lowerBound + (call * 97) % span))
  }
}

/// A translator that waits before each batch.
public struct SlowTranslator: SummaryTranslating {
  let base: any SummaryTranslating
  let delays: Delays
  /// `base`, waiting `milliseconds` a call.
  public init(_ base: any SummaryTranslating, milliseconds: ClosedRange<Int>) {
    self.base = base
    delays = Delays(milliseconds)
  }
  public func translate(_ texts: [String], from source: String, to target: String) async throws
    -> [String]
  {
    try await delays.wait()
    return try await base.translate(texts, from: source, to: target)
  }
}

/// An executor that waits before each answer.
public struct SlowExecutor: ProfileModelExecuting {
  let base: any ProfileModelExecuting
  let delays: Delays
  /// `base`, waiting `milliseconds` a call.
  public init(_ base: any ProfileModelExecuting, milliseconds: ClosedRange<Int>) {
    self.base = base
    delays = Delays(milliseconds)
  }
  public func generate(_ request: ProfileModelRequest) async throws -> Data {
    try await delays.wait()
    return try await base.generate(request)
  }
}

/// A document provider that waits before each page, as a PDF renderer does; counts are quick.
public struct SlowDocuments: ProfileDocumentProviding {
  let base: any ProfileDocumentProviding
  let delays: Delays
  /// `base`, waiting `milliseconds` a page.
  public init(_ base: any ProfileDocumentProviding, milliseconds: ClosedRange<Int>) {
    self.base = base
    delays = Delays(milliseconds)
  }
  public func pageCount(for attachmentID: String) async throws -> Int {
    try await base.pageCount(for: attachmentID)
  }
  public func originalPageCount(for attachmentID: String) async throws -> Int {
    try await base.originalPageCount(for: attachmentID)
  }
  public func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    try await delays.wait()
    return try await base.page(at: index, for: attachmentID)
  }
}

/// A store that waits before every call, as a disk that syncs or a hosted store does.
public struct SlowStore: ProfileExecutionStoring {
  let base: any ProfileExecutionStoring
  let delays: Delays
  /// `base`, waiting `milliseconds` a call.
  public init(_ base: any ProfileExecutionStoring, milliseconds: ClosedRange<Int>) {
    self.base = base
    delays = Delays(milliseconds)
  }
  public func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    try await delays.wait()
    return try await base.loadCheckpoint(for: command)
  }
  public func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    try await delays.wait()
    try await base.saveCheckpoint(checkpoint)
  }
  public func removeCheckpoint(for command: ProfileCommand) async throws {
    try await delays.wait()
    try await base.removeCheckpoint(for: command)
  }
  public func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    try await delays.wait()
    return try await base.loadSummary(for: command)
  }
  public func saveSummary(_ summary: ProfileSummary) async throws {
    try await delays.wait()
    try await base.saveSummary(summary)
  }
}
