import ContractConformance
import Foundation
import KitSupport
import ProfileAdapters
import ProfileContracts

/// Broken executors and mappings, each on top of the extractive executor.
enum ExecutorMutant: String, CaseIterable, Sendable {
  case wrongChunkKeys, titleWithoutTitle, titleReusesChunk, leaksRawError, everythingTransient,
    flakyMapping, ignoresCancellation, sharedSession,
    // A class the generated requests open up: a prompt of whitespace other than spaces, tabs and
    // line breaks sent on to the model, and its refusal narrowed as if a retry could help.
    unicodeBlankAsTransient,
    // A class only the executor's monitor reaches: an answer out of shape for an input only the
    // provoked requests send (an empty or blank prompt answered with an empty title).
    emptyTitleForBlankPrompt,
    // A class no rule read until responseTokens was judged: a budget ignored, every answer as
    // long as an ordinary budget allows.
    ignoresBudget,
    // Classes the generated prompts reach: a title cut to 24 characters at its last space, with
    // nothing left when its first word is longer; and a chunk answered by its title alone.
    cutsTitleAtASpace, titleOnlyChunks,
    // Classes only a long-lived executor shows: one request slot shared between calls, so that an
    // overlapping call answers another's prompt in a well-formed answer; and a model torn down
    // when a call is cancelled and never made again.
    answersAnotherCallsPrompt, brokenAfterCancellation,
    // A class only time reaches: a session that expires when left unused and is never made
    // again, every call after it refused as permanent.
    expiresWhenIdle

  func make() -> any ProfileModelExecuting {
    switch self {
    case .sharedSession: SharedSessionExecutor()
    case .answersAnotherCallsPrompt: SharedRequestSlotExecutor()
    case .brokenAfterCancellation: TornDownOnCancellationExecutor()
    case .expiresWhenIdle: ExpiresWhenIdleExecutor()
    default: MutatingExecutor(mutant: self)
    }
  }

  var mapping: @Sendable (any Error) -> ProfileModelExecutionError {
    switch self {
    case .everythingTransient: { _ in .transient("try again") }
    case .flakyMapping: FlakyMapping().map
    default: ExtractiveModelExecutor.map
    }
  }
}

struct MutatingExecutor: ProfileModelExecuting {
  let mutant: ExecutorMutant
  let base = ExtractiveModelExecutor()

  func generate(_ request: ProfileModelRequest) async throws -> Data {
    switch mutant {
    case .unicodeBlankAsTransient
    where request.prompt.allSatisfy(\.isWhitespace)
      && request.prompt.unicodeScalars.contains(where: { $0.value > 0x7F || $0 == "\r" }):
      throw ProfileModelExecutionError.transient("the model returned nothing; try again")
    case .emptyTitleForBlankPrompt where request.prompt.allSatisfy(\.isWhitespace):
      return Data(#"{"title": "", "points": []}"#.utf8)
    case .leaksRawError where request.prompt.allSatisfy(\.isWhitespace):
      throw CocoaError(.fileReadUnknown)
    case .ignoresCancellation:
      // A moment for a cancellation to land, then the defect: a blocking wait that cancellation
      // cannot end.
      try? await Task.sleep(for: .milliseconds(20))
      if Task.isCancelled { blockingWait(seconds: 3) }
    default:
      break
    }
    var request = request
    if mutant == .ignoresBudget, request.responseTokens >= 1 {
      request = ProfileModelRequest(
        stepID: request.stepID, schema: request.schema, instructions: request.instructions,
        prompt: request.prompt, responseTokens: 4096)
    }
    let data = try await base.generate(request)
    switch (mutant, request.schema) {
    case (.wrongChunkKeys, .summaryChunk):
      let answer = try CanonicalJSON.decode(SummaryChunkAnswer.self, from: data)
      return try CanonicalJSON.encode([
        "headline": .string(answer.title),
        "bullets": JSONValue.array(answer.points.map { .string($0) }),
      ])
    case (.titleWithoutTitle, .summaryTitle):
      let answer = try CanonicalJSON.decode(SummaryTitleAnswer.self, from: data)
      return try CanonicalJSON.encode(["name": answer.title])
    case (.cutsTitleAtASpace, .summaryChunk):
      let answer = try CanonicalJSON.decode(SummaryChunkAnswer.self, from: data)
      return try CanonicalJSON.encode(
        SummaryChunkAnswer(title: cutAtASpace(answer.title), points: answer.points))
    case (.cutsTitleAtASpace, .summaryTitle):
      let answer = try CanonicalJSON.decode(SummaryTitleAnswer.self, from: data)
      return try CanonicalJSON.encode(SummaryTitleAnswer(title: cutAtASpace(answer.title)))
    case (.titleOnlyChunks, .summaryChunk):
      let answer = try CanonicalJSON.decode(SummaryChunkAnswer.self, from: data)
      return try CanonicalJSON.encode(SummaryChunkAnswer(title: answer.title, points: []))
    case (.titleReusesChunk, .summaryTitle):
      let answer = try CanonicalJSON.decode(SummaryTitleAnswer.self, from: data)
      return try CanonicalJSON.encode(
        SummaryChunkAnswer(title: answer.title, points: ["an unwanted point"]))
    default:
      return data
    }
  }
}

/// The title's first 24 characters, cut back to their last space: nothing when the first word
/// is longer.
func cutAtASpace(_ title: String) -> String {
  guard title.count > 24 else { return title }
  let head = title.prefix(24)
  return head.lastIndex(of: " ").map { String(head[..<$0]) } ?? ""
}

/// Blocks the thread: nothing can cancel it.
func blockingWait(seconds: Double) { Thread.sleep(forTimeInterval: seconds) }

/// Maps the same error differently on alternate calls.
final class FlakyMapping: @unchecked Sendable {
  private let lock = Lock()
  private var calls = 0
  func map(_ error: any Error) -> ProfileModelExecutionError {
    let odd = lock.withCriticalSection { () -> Bool in
      calls += 1
      return calls % 2 == 1
    }
    return odd ? ExtractiveModelExecutor.map(error) : .unavailable
  }
}

/// Builds every answer in one shared buffer across suspensions: concurrent calls mix.
final class SharedSessionExecutor: ProfileModelExecuting, @unchecked Sendable {
  private let lock = Lock()
  private var transcript = Data()
  private let base = ExtractiveModelExecutor()

  func generate(_ request: ProfileModelRequest) async throws -> Data {
    let answer = try await base.generate(request)
    lock.withCriticalSection { transcript = Data() }
    for chunk in stride(from: 0, to: answer.count, by: 16) {
      lock.withCriticalSection { transcript.append(answer[chunk..<min(chunk + 16, answer.count)]) }
      await Task.yield()
      try? await Task.sleep(for: .microseconds(200))
    }
    return lock.withCriticalSection { transcript }
  }
}

/// Odd but valid: answers with extra keys, pretty-printed, and answers prompts it could refuse.
struct GenerousExecutor: ProfileModelExecuting {
  let base = ExtractiveModelExecutor()
  func generate(_ request: ProfileModelRequest) async throws -> Data {
    guard let data = try? await base.generate(request) else {
      return Data(#"{"title": "Nothing to summarize", "points": [], "note": "empty input"}"#.utf8)
    }
    guard case .object(var members) = try JSONValue(parsing: data) else { return data }
    members["model"] = .string("generous-1")
    return CanonicalJSON.render(.object(members), pretty: true)
  }
}

/// Keeps the request in one slot for the instance while it waits for its model: a call that
/// overlaps another answers the other's prompt, in a well-formed answer.
final class SharedRequestSlotExecutor: ProfileModelExecuting, @unchecked Sendable {
  private let lock = Lock()
  private var slot: ProfileModelRequest?
  private let base = ExtractiveModelExecutor()

  func generate(_ request: ProfileModelRequest) async throws -> Data {
    lock.withCriticalSection { slot = request }
    try? await Task.sleep(for: .milliseconds(20))
    let waiting = lock.withCriticalSection { slot } ?? request
    return try await base.generate(
      ProfileModelRequest(
        stepID: request.stepID, schema: request.schema, instructions: request.instructions,
        prompt: waiting.prompt, responseTokens: request.responseTokens))
  }
}

/// Tears its model down when a call is cancelled, and never makes it again: every later call
/// throws unavailable.
final class TornDownOnCancellationExecutor: ProfileModelExecuting, @unchecked Sendable {
  private let lock = Lock()
  private var tornDown = false
  private let base = ExtractiveModelExecutor()

  func generate(_ request: ProfileModelRequest) async throws -> Data {
    if lock.withCriticalSection({ tornDown }) {
      throw ProfileModelExecutionError.unavailable
    }
    // 5 ms of work, so that a cancellation as the call starts lands within it even when a
    // loaded machine holds the caller back between starting the call and cancelling it.
    try? await Task.sleep(for: .milliseconds(5))
    if Task.isCancelled {
      lock.withCriticalSection { tornDown = true }
      throw CancellationError()
    }
    return try await base.generate(request)
  }
}

/// Stands for a session that expires when idle: once 1.4 s pass between one call and the next,
/// every call throws permanent, and the session is never made again.
final class ExpiresWhenIdleExecutor: ProfileModelExecuting, @unchecked Sendable {
  private let base = ExtractiveModelExecutor()
  private let idle = IdleExpiry()

  func generate(_ request: ProfileModelRequest) async throws -> Data {
    if idle.expired() { throw ProfileModelExecutionError.permanent("the session expired") }
    return try await base.generate(request)
  }
}
