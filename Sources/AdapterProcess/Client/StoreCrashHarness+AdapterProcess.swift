import Foundation
import ProfileContracts

#if os(macOS) || os(Linux)
  extension StoreCrashHarness {
    /// The harness for stores served by ``ProcessExecutionStore``: the store suite kills their
    /// process in `store.crash` and starts their command under the file-operation recorder in
    /// `store.powerLoss`.
    public static var adapterProcess: StoreCrashHarness {
      StoreCrashHarness(
        process: { store in
          guard let store = store as? ProcessExecutionStore else { return nil }
          // The closures hold the store, whose release would end the process.
          return StoreProcess(
            command: store.process.command, processIdentifier: store.process.processIdentifier,
            kill: { store.process.kill() }, close: { await store.process.close(within: $0) })
        },
        open: { command, directory, environment in
          try await ProcessExecutionStore.open(
            command: command, directory: directory, environment: environment)
        })
    }
  }
#endif
