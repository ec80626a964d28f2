import Foundation
import ProfileContracts

// Adapter processes run on macOS and Linux; iOS, tvOS and watchOS have no Process.
#if os(macOS) || os(Linux)
  /// A `ProfileExecutionStoring` served by an adapter process: every call is one JSON-RPC call.
  /// Here `storeCommand` is the adapter's command line (`python3 my_store.py`, say):
  ///
  /// ```swift
  /// let store = try await ProcessExecutionStore.open(command: storeCommand, directory: url)
  /// ```
  public final class ProcessExecutionStore: ProfileExecutionStoring, Sendable {
    /// The process serving the store.
    public let process: AdapterProcess

    /// Starts `command` and opens its store at `directory` (`open {directory}`).
    ///
    /// - Parameters:
    ///   - command: the adapter's command line, split into words as a shell would (quotes and
    ///     backslashes, but no variables, globs or pipes).
    ///   - directory: the store's directory, sent to the adapter's `open`.
    ///   - environment: variables set for the process on top of this process's own.
    /// - Throws: ``AdapterProcessError`` when the process cannot start or ends; `RPCError` when
    ///   the adapter refuses the directory.
    public static func open(
      command: String, directory: URL, environment: [String: String] = [:]
    ) async throws -> ProcessExecutionStore {
      let process = try AdapterProcess(command: command, environment: environment)
      _ = try await process.call(AdapterMethod.open, ["directory": .string(directory.path)])
      return ProcessExecutionStore(process: process)
    }

    /// A store over a process that has already opened its directory, which it owns: releasing the
    /// store ends the process.
    public init(process: AdapterProcess) { self.process = process }

    /// Ends the process: each proxy owns its process.
    deinit { process.terminate() }

    /// `loadCheckpoint {command}`.
    public func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
      try await process.call(AdapterMethod.loadCheckpoint, ["command": .encoded(command)])
        .decoded(as: ProfileCheckpoint?.self)
    }

    /// `saveCheckpoint {checkpoint}`.
    public func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
      _ = try await process.call(AdapterMethod.saveCheckpoint, ["checkpoint": .encoded(checkpoint)])
    }

    /// `removeCheckpoint {command}`.
    public func removeCheckpoint(for command: ProfileCommand) async throws {
      _ = try await process.call(AdapterMethod.removeCheckpoint, ["command": .encoded(command)])
    }

    /// `loadSummary {command}`.
    public func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
      try await process.call(AdapterMethod.loadSummary, ["command": .encoded(command)])
        .decoded(as: ProfileSummary?.self)
    }

    /// `saveSummary {summary}`.
    public func saveSummary(_ summary: ProfileSummary) async throws {
      _ = try await process.call(AdapterMethod.saveSummary, ["summary": .encoded(summary)])
    }
  }
#endif
