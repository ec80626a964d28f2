import Foundation
import ProfileContracts

/// What the store suite needs to really crash a store that runs in a process of its own: how to
/// find the process behind a store the factory returned, and how to start the store's command
/// again with extra environment.
///
/// The suite knows nothing of how processes are started; `AdapterProcess` supplies the harness
/// for its `ProcessExecutionStore` (`.adapterProcess`), and any other launcher can supply one
/// from these closures. Without a harness, `store.crash` approximates a crash in process and
/// `store.powerLoss` is skipped with the line that says how to run it.
///
/// Here `command` is the store adapter's command line (`python3 my_store.py`, say):
///
/// ```swift
/// import AdapterProcess
/// import ContractConformance
///
/// let report = await ExecutionStoreConformance(
///   durability: .durable, timeout: .seconds(60), crashHarness: .adapterProcess
/// ) { directory in
///   try await ProcessExecutionStore.open(command: command, directory: directory)
/// }.run()
/// ```
public struct StoreCrashHarness: Sendable {
  /// The process a store runs in, as the suite drives it.
  public struct StoreProcess: Sendable {
    /// The command line the process was started from, to start it again.
    public let command: String
    /// The operating system's process identifier.
    public let processIdentifier: Int32
    /// Kills the process at once (SIGKILL), without a chance to flush.
    public let kill: @Sendable () -> Void
    /// Asks the process to end and waits at most the given time before killing it.
    public let close: @Sendable (Duration) async -> Void

    /// Creates a process handle from its command, its identifier and its two ways to end.
    public init(
      command: String, processIdentifier: Int32, kill: @escaping @Sendable () -> Void,
      close: @escaping @Sendable (Duration) async -> Void
    ) {
      self.command = command
      self.processIdentifier = processIdentifier
      self.kill = kill
      self.close = close
    }
  }

  /// The process `store` runs in; `nil` when it runs in this one.
  public let process: @Sendable (any ProfileExecutionStoring) -> StoreProcess?
  /// Starts `command` on `directory` with `environment` on top of this process's own, and
  /// returns the store it serves.
  public let open:
    @Sendable (_ command: String, _ directory: URL, _ environment: [String: String]) async throws
      -> any ProfileExecutionStoring

  /// Creates a harness from its two closures.
  public init(
    process: @escaping @Sendable (any ProfileExecutionStoring) -> StoreProcess?,
    open:
      @escaping @Sendable (_ command: String, _ directory: URL, _ environment: [String: String])
      async throws -> any ProfileExecutionStoring
  ) {
    self.process = process
    self.open = open
  }
}
