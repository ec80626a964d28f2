import Foundation
import KitSupport
import ProfileContracts

/// Serves one adapter over JSON-RPC 2.0 on standard input and output, so that the conformance
/// suites (and `contract-kit conformance run --adapter-command`) can check it in its own process:
/// a trap in the adapter then fails one check, not the whole run.
///
/// The `main.swift` of an executable target serves one adapter for its process's life, as
/// `adapter-host-example store` serves the kit's file store:
///
/// ```swift
/// import AdapterProcess
/// import ProfileAdapters
///
/// await AdapterHost.store { directory in try FileExecutionStore(directory: directory) }.serve()
/// ```
///
/// Requests are handled concurrently, as in-process calls would be; responses are written one
/// line each, in the order they finish.
public struct AdapterHost: Sendable {
  private let state = HostState()
  private let handler: @Sendable (HostState, RPCRequest) async throws -> JSONValue

  private init(_ handler: @escaping @Sendable (HostState, RPCRequest) async throws -> JSONValue) {
    self.handler = handler
  }

  /// A host for a translator, made once per process.
  public static func translator(
    _ make: @escaping @Sendable () async throws -> any SummaryTranslating
  ) -> AdapterHost {
    AdapterHost { state, request in
      guard request.method == AdapterMethod.translate else { throw unknown(request) }
      let translator = try await state.translator(make)
      let texts = try request.param("texts", as: [String].self)
      let from = try request.param("from", as: String.self)
      let to = try request.param("to", as: String.self)
      return try .encoded(try await translator.translate(texts, from: from, to: to))
    }
  }

  /// A host for a model executor, made once per process. Its `ProfileModelExecutionError`s go
  /// out with their kind in `error.data.kind`.
  public static func executor(
    _ make: @escaping @Sendable () async throws -> any ProfileModelExecuting
  ) -> AdapterHost {
    AdapterHost { state, request in
      guard request.method == AdapterMethod.generate else { throw unknown(request) }
      let executor = try await state.executor(make)
      let modelRequest = try request.param("request", as: ProfileModelRequest.self)
      let data = try await executor.generate(modelRequest)
      return .string(String(decoding: data, as: UTF8.self))
    }
  }

  /// A host for a document provider: `load` stores a document's pages as the provider reads
  /// documents and returns the provider with the document's attachment ID.
  public static func documents(
    _ load:
      @escaping @Sendable (_ pages: [String], _ pageCap: Int?) async throws -> (
        provider: any ProfileDocumentProviding, attachmentID: String
      )
  ) -> AdapterHost {
    AdapterHost { state, request in
      if request.method == AdapterMethod.loadFixture {
        let pages = try request.param("pages", as: [String].self)
        let cap = try request.param("pageCap", as: Int?.self)
        let (provider, id) = try await load(pages, cap)
        state.setProvider(provider)
        return .object(["attachmentID": .string(id)])
      }
      guard let provider = state.provider else {
        throw RPCError(
          code: RPCError.invalidRequest, message: "no document loaded; call loadFixture first")
      }
      let id = try request.param("attachmentID", as: String.self)
      switch request.method {
      case AdapterMethod.pageCount: return .integer(Int64(try await provider.pageCount(for: id)))
      case AdapterMethod.originalPageCount:
        return .integer(Int64(try await provider.originalPageCount(for: id)))
      case AdapterMethod.page:
        let index = try request.param("index", as: Int.self)
        return try .encoded(try await provider.page(at: index, for: id))
      default: throw unknown(request)
      }
    }
  }

  /// A host for a progress store, opened at the directory of the `open` call.
  public static func store(
    _ open: @escaping @Sendable (URL) async throws -> any ProfileExecutionStoring
  ) -> AdapterHost {
    AdapterHost { state, request in
      if request.method == AdapterMethod.open {
        let path = try request.param("directory", as: String.self)
        state.setStore(try await open(URL(fileURLWithPath: path, isDirectory: true)))
        return .null
      }
      guard let store = state.store else {
        throw RPCError(code: RPCError.invalidRequest, message: "no store is open; call open first")
      }
      switch request.method {
      case AdapterMethod.loadCheckpoint:
        let command = try request.param("command", as: ProfileCommand.self)
        return try .encoded(try await store.loadCheckpoint(for: command))
      case AdapterMethod.saveCheckpoint:
        try await store.saveCheckpoint(
          try request.param("checkpoint", as: ProfileCheckpoint.self))
        return .null
      case AdapterMethod.removeCheckpoint:
        try await store.removeCheckpoint(
          for: try request.param("command", as: ProfileCommand.self))
        return .null
      case AdapterMethod.loadSummary:
        let command = try request.param("command", as: ProfileCommand.self)
        return try .encoded(try await store.loadSummary(for: command))
      case AdapterMethod.saveSummary:
        try await store.saveSummary(
          try request.param("summary", as: ProfileSummary.self))
        return .null
      default: throw unknown(request)
      }
    }
  }

  private static func unknown(_ request: RPCRequest) -> RPCError {
    RPCError(
      code: RPCError.methodNotFound, message: "this adapter does not serve \(request.method)")
  }

  /// The response to one request: the adapter's answer, or its error.
  package func handle(_ request: RPCRequest) async -> RPCResponse {
    do {
      return RPCResponse(id: request.id, result: try await handler(state, request))
    } catch let error as RPCError {
      return RPCResponse(id: request.id, error: error)
    } catch let error as ProfileModelExecutionError {
      return RPCResponse(
        id: request.id,
        error: RPCError(
          code: RPCError.adapterError, message: error.message ?? error.kind,
          data: .object(["kind": .string(error.kind)])))
    } catch {
      return RPCResponse(
        id: request.id,
        error: RPCError(
          code: RPCError.adapterError, message: "\(type(of: error)): \(error)"))
    }
  }

  /// Serves requests from standard input until it closes, answering on standard output.
  public func serve() async {
    let output = LineWriter()
    await withTaskGroup(of: Void.self) { group in
      for await line in Self.standardInputLines() {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
        group.addTask {
          let response: RPCResponse
          do throws(RPCError) {
            response = await handle(try RPCRequest(line: line))
          } catch {
            response = RPCResponse(id: 0, error: error)
          }
          output.write(response.line)
        }
      }
    }
  }

  /// The lines of standard input, read on a thread of their own.
  private static func standardInputLines() -> AsyncStream<String> {
    AsyncStream { continuation in
      Thread.detachNewThread {
        while let line = readLine(strippingNewline: true) { continuation.yield(line) }
        continuation.finish()
      }
    }
  }
}

/// Writes whole lines to standard output, one at a time.
private final class LineWriter: Sendable {
  private let lock = Lock()
  func write(_ line: String) {
    lock.withCriticalSection {
      FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
  }
}

/// What a host process holds between requests: the adapter it made or opened.
// @unchecked: its two slots, of Sendable adapters, are read and written only under `lock`.
final class HostState: @unchecked Sendable {
  private let lock = Lock()
  private let madeTranslator = MadeOnce<any SummaryTranslating>()
  private let madeExecutor = MadeOnce<any ProfileModelExecuting>()
  private var storedProvider: (any ProfileDocumentProviding)?
  private var storedStore: (any ProfileExecutionStoring)?

  var provider: (any ProfileDocumentProviding)? { lock.withCriticalSection { storedProvider } }
  var store: (any ProfileExecutionStoring)? { lock.withCriticalSection { storedStore } }
  func setProvider(_ provider: any ProfileDocumentProviding) {
    lock.withCriticalSection { storedProvider = provider }
  }
  func setStore(_ store: any ProfileExecutionStoring) {
    lock.withCriticalSection { storedStore = store }
  }

  func translator(_ make: @escaping @Sendable () async throws -> any SummaryTranslating)
    async throws -> any SummaryTranslating
  {
    try await madeTranslator.value(make)
  }

  func executor(_ make: @escaping @Sendable () async throws -> any ProfileModelExecuting)
    async throws -> any ProfileModelExecuting
  {
    try await madeExecutor.value(make)
  }
}

/// An adapter made once per process, however many requests ask for it at once: the first starts
/// `make`, the others wait for that same making. A making that throws is forgotten, so the next
/// request tries again.
final class MadeOnce<Value: Sendable>: Sendable {
  private let making = Locked<Task<Value, any Error>?>(nil)

  /// The value, made by `make` on the first call.
  func value(_ make: @escaping @Sendable () async throws -> Value) async throws -> Value {
    let task = making.withValue { slot in
      if let slot { return slot }
      let started = Task { try await make() }
      slot = started
      return started
    }
    do {
      return try await task.value
    } catch {
      making.withValue { if $0 == task { $0 = nil } }
      throw error
    }
  }
}
