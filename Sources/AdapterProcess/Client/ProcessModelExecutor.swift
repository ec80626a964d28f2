import Foundation
import ProfileContracts

// Adapter processes run on macOS and Linux; iOS, tvOS and watchOS have no Process.
#if os(macOS) || os(Linux)
  /// A `ProfileModelExecuting` served by an adapter process. An error whose `data.kind` is one
  /// of the four kinds becomes that `ProfileModelExecutionError`; any other error is a native
  /// error, thrown as it came.
  public final class ProcessModelExecutor: ProfileModelExecuting, Sendable {
    /// The process serving the executor.
    public let process: AdapterProcess

    /// Starts `command` as an executor.
    public convenience init(command: String) throws {
      self.init(process: try AdapterProcess(command: command))
    }

    /// An executor over a running process, which it owns: releasing the executor ends the process.
    public init(process: AdapterProcess) { self.process = process }

    /// Ends the process: each proxy owns its process.
    deinit { process.terminate() }

    /// `generate {request}` → the answer's JSON text.
    public func generate(_ request: ProfileModelRequest) async throws -> Data {
      do {
        let answer = try await process.call(AdapterMethod.generate, ["request": .encoded(request)])
        guard case .string(let text) = answer else {
          throw AdapterProcessError(
            "generate answered \(answer) instead of the answer's JSON text as a string")
        }
        return Data(text.utf8)
      } catch let error as RPCError {
        throw Self.narrowed(error) ?? error
      }
    }

    /// The executor error `error` carries in `data.kind`, if any.
    package static func narrowed(_ error: RPCError) -> ProfileModelExecutionError? {
      guard case .string(let kind)? = error.data?["kind"] else { return nil }
      switch kind {
      case "unavailable": return .unavailable
      case "transient": return .transient(error.message)
      case "rejected": return .rejected(error.message)
      case "permanent": return .permanent(error.message)
      default: return nil
      }
    }
  }
#endif
