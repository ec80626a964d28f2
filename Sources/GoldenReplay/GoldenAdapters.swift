import Foundation
import KitSupport
import ProfileContracts

/// The four adapters a scenario runs a core against, and its clock. While recording, the model
/// answers from the scenario's declared source with its faults; while replaying, it answers from
/// the recording, and every call of every adapter (and every wait) is checked against the
/// recorded order.
public struct GoldenAdapters: Sendable {
  /// The model executor.
  public let model: any ProfileModelExecuting
  /// The translator, or `nil` when the scenario has none.
  public let translator: (any SummaryTranslating)?
  /// The document provider.
  public let documents: any ProfileDocumentProviding
  /// The progress store.
  public let store: any ProfileExecutionStoring
  /// The clock the core waits on between retries: it never waits, and logs each wait as a
  /// boundary call, so backoff is a decision the replay pins.
  public let clock: GoldenClock
  /// Policy numbers the scenario overrides, by name.
  public let policy: [String: Int]
  /// How the scenario drives the core: `run`, `resume` or `rerun`.
  public let entry: String

  init(
    scenario: GoldenScenario, log: CallLog, offline: any ProfileModelExecuting,
    live: (any ProfileModelExecuting)? = nil
  ) {
    model = GoldenModel(scenario: scenario, log: log, offline: offline, live: live)
    translator = scenario.translator.map {
      GoldenTranslator(batches: $0, faults: scenario.faults, log: log)
    }
    documents = GoldenDocuments(
      document: scenario.document, faults: scenario.faults.filter { $0.adapter == "documents" },
      log: log)
    store = GoldenStore(state: scenario.store, log: log)
    clock = GoldenClock(log: log)
    policy = scenario.policy
    entry = scenario.entry ?? "run"
  }
}

/// The error a replayed model throws once the run has left its recording, to end it quickly.
let divergedError = ProfileModelExecutionError.permanent(
  "golden replay diverged from its recording")

struct GoldenModel: ProfileModelExecuting {
  let scenario: GoldenScenario
  let log: CallLog
  /// The runner's offline model, answering `extractive` scenarios (see ``GoldenRunner/model``).
  let offline: any ProfileModelExecuting
  /// The real model answering while a `live` scenario records.
  let live: (any ProfileModelExecuting)?
  /// Call numbers, and answers used per step, shared by copies of the model.
  private let counter = Counter()

  init(
    scenario: GoldenScenario, log: CallLog, offline: any ProfileModelExecuting,
    live: (any ProfileModelExecuting)?
  ) {
    self.scenario = scenario
    self.log = log
    self.offline = offline
    self.live = live
  }

  func generate(_ request: ProfileModelRequest) async throws -> Data {
    let arguments = (try? CanonicalJSON.jsonValue(of: request)) ?? .null
    let call = GoldenCall(adapter: "model", call: "generate", arguments: arguments)
    let number = counter.next()
    if log.isReplaying {
      if let recorded = log.log(call) {
        // Keep the scripted answers in step with a recording, which takes one per unfaulted call.
        if scenario.model.source == "scripted", fault(number) == nil {
          _ = counter.count(request.stepID)
        }
        log.respond(recorded.response)
        if let error = recorded.response["error"] {
          throw
            (try? CanonicalJSON.decode(
              ProfileModelExecutionError.self, from: CanonicalJSON.render(error))) ?? divergedError
        }
        guard case .string(let text)? = recorded.response["data"] else { throw divergedError }
        return Data(text.utf8)
      }
      // Past the divergence the run goes on as a recording would, so its artifact is what
      // recording the changed core writes; only a live model cannot answer offline.
      guard scenario.model.source != "live", !log.isPastLimit() else { throw divergedError }
    } else {
      log.log(call)
    }
    do {
      let data = try await answer(request, number: number)
      log.respond(.object(["data": .string(String(decoding: data, as: UTF8.self))]))
      return data
    } catch let error as ProfileModelExecutionError {
      log.respond(.object(["error": (try? CanonicalJSON.jsonValue(of: error)) ?? .null]))
      throw error
    }
  }

  /// The fault the scenario applies to model call `number`, if any.
  private func fault(_ number: Int) -> GoldenScenario.Fault? {
    scenario.faults.first { $0.adapter == "model" && $0.call == number }
  }

  private func answer(_ request: ProfileModelRequest, number: Int) async throws -> Data {
    if let fault = fault(number) {
      let message = fault.message ?? fault.kind
      switch fault.kind {
      case "transient": throw ProfileModelExecutionError.transient(message)
      case "rejected": throw ProfileModelExecutionError.rejected(message)
      case "permanent": throw ProfileModelExecutionError.permanent(message)
      case "unavailable": throw ProfileModelExecutionError.unavailable
      default: return Data("{\"title\": 42}".utf8)  // malformed
      }
    }
    if let live, scenario.model.source == "live" { return try await live.generate(request) }
    if scenario.model.source == "scripted" {
      let answers = scenario.model.answers?[request.stepID] ?? []
      let used = counter.count(request.stepID)
      guard used < answers.count else {
        throw ProfileModelExecutionError.permanent("no scripted answer for \(request.stepID)")
      }
      return Data(answers[used].utf8)
    }
    return try await offline.generate(request)
  }
}

struct GoldenTranslator: SummaryTranslating {
  let batches: [[String]]
  let faults: [GoldenScenario.Fault]
  let log: CallLog
  private let counter = Counter()

  init(batches: [[String]], faults: [GoldenScenario.Fault], log: CallLog) {
    self.batches = batches
    self.faults = faults
    self.log = log
  }

  struct Unsupported: Error {}

  func translate(_ texts: [String], from source: String, to target: String) async throws -> [String]
  {
    log.log(
      GoldenCall(
        adapter: "translator", call: "translate",
        arguments: .object([
          "texts": .array(texts.map { .string($0) }), "from": .string(source),
          "to": .string(target),
        ])))
    let number = counter.next() - 1
    guard number < batches.count else {
      log.respond(.object(["error": .string("no scripted batch")]))
      throw Unsupported()
    }
    var output = batches[number]
    if faults.contains(where: { $0.adapter == "translator" && $0.kind == "dropOne" }),
      !output.isEmpty
    {
      output.removeLast()
    }
    log.respond(.object(["texts": .array(output.map { .string($0) })]))
    return output
  }
}

struct GoldenDocuments: ProfileDocumentProviding {
  let document: GoldenScenario.Document
  let faults: [GoldenScenario.Fault]
  let log: CallLog
  private let reads = Counter()

  init(document: GoldenScenario.Document, faults: [GoldenScenario.Fault], log: CallLog) {
    self.document = document
    self.faults = faults
    self.log = log
  }

  private func has(_ kind: String) -> Bool { faults.contains { $0.kind == kind } }

  struct Unreadable: Error, CustomStringConvertible {
    let index: Int
    var description: String { "page \(index) is unreadable in this scenario" }
  }
  struct OutOfRange: Error {}

  private var count: Int {
    document.pageCap.map { min($0, document.pages.count) } ?? document.pages.count
  }

  func pageCount(for attachmentID: String) async throws -> Int {
    let count = has("negativePageCount") ? -1 : count
    log.log(
      GoldenCall(
        adapter: "documents", call: "pageCount", arguments: .object([:]),
        response: .integer(Int64(count))))
    return count
  }

  func originalPageCount(for attachmentID: String) async throws -> Int {
    let original =
      has("negativeOriginalPageCount") ? -1 : document.pages.count + document.firstPageNumber - 1
    log.log(
      GoldenCall(
        adapter: "documents", call: "originalPageCount", arguments: .object([:]),
        response: .integer(Int64(original))))
    return original
  }

  func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    log.log(
      GoldenCall(
        adapter: "documents", call: "page", arguments: .object(["index": .integer(Int64(index))])))
    let read = reads.next()
    guard index >= 0, index < count else { throw OutOfRange() }
    if document.unreadable.contains(index)
      || faults.contains(where: { $0.kind == "unreadable" && $0.call == read })
    {
      log.respond(.object(["error": .string("unreadable")]))
      throw Unreadable(index: index)
    }
    log.respond(.object(["pageNumber": .integer(Int64(index + document.firstPageNumber))]))
    return PageContent(
      index: index, pageNumber: index + document.firstPageNumber, text: document.pages[index])
  }
}

/// A clock that never waits and logs every wait as `clock.sleep(milliseconds: N)`. A core makes
/// it its own by conforming it to its clock protocol (the reference core's wiring does
/// `extension GoldenClock: ProfileClock {}`).
public struct GoldenClock: Sendable {
  let log: CallLog

  /// Logs the wait (whole milliseconds, rounded down) and returns at once.
  public func sleep(for duration: Duration) async {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    log.log(
      GoldenCall(
        adapter: "clock", call: "sleep",
        arguments: .object(["milliseconds": .integer(milliseconds)])))
  }
}

struct GoldenStore: ProfileExecutionStoring {
  /// What the store holds: the scenario's starting state, then what the core saved, by command.
  struct Saved {
    var checkpoints: [ProfileCommand: ProfileCheckpoint] = [:]
    var summaries: [ProfileCommand: ProfileSummary] = [:]
  }

  let saved: Locked<Saved>
  let unavailable: String?
  let log: CallLog

  struct Unavailable: Error {}

  init(state: GoldenScenario.Store, log: CallLog) {
    var start = Saved()
    if let checkpoint = state.checkpoint { start.checkpoints[checkpoint.command] = checkpoint }
    if let summary = state.summary { start.summaries[summary.command] = summary }
    saved = Locked(start)
    unavailable = state.unavailable
    self.log = log
  }

  private func call(_ name: String, _ arguments: JSONValue = .object([:])) {
    log.log(GoldenCall(adapter: "store", call: name, arguments: arguments))
  }

  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    call("loadCheckpoint")
    if unavailable == "load" { throw Unavailable() }
    let checkpoint = saved.withValue { $0.checkpoints[command] }
    log.respond(
      checkpoint.map {
        .object(["phase": .string($0.phase), "payloadBytes": .integer(Int64($0.payload.count))])
      } ?? .null)
    return checkpoint
  }

  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    // The payload is opaque to the app: only its phase is compared, its length only recorded.
    call("saveCheckpoint", .object(["phase": .string(checkpoint.phase)]))
    log.respond(.object(["payloadBytes": .integer(Int64(checkpoint.payload.count))]))
    if unavailable == "save" { throw Unavailable() }
    saved.withValue { $0.checkpoints[checkpoint.command] = checkpoint }
  }

  func removeCheckpoint(for command: ProfileCommand) async throws {
    call("removeCheckpoint")
    _ = saved.withValue { $0.checkpoints.removeValue(forKey: command) }
  }

  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    call("loadSummary")
    return saved.withValue { $0.summaries[command] }
  }

  func saveSummary(_ summary: ProfileSummary) async throws {
    call("saveSummary", (try? CanonicalJSON.jsonValue(of: summary)) ?? .null)
    if unavailable == "save" { throw Unavailable() }
    saved.withValue { $0.summaries[summary.command] = summary }
  }
}
