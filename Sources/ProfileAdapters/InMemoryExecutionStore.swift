import Foundation
import KitSupport
import ProfileContracts

/// A volatile `ProfileExecutionStoring` for previews and tests: it forgets everything when it
/// is dropped.
///
/// It keeps the same promises as a durable store within one instance's lifetime: saves replace,
/// keys are whole commands, and removing nothing is fine. Run the store suite on it with
/// `durability: .volatile`.
// @unchecked: `checkpoints` and `summaries` are read and written only under `lock`.
public final class InMemoryExecutionStore: ProfileExecutionStoring, @unchecked Sendable {
  private let lock = Lock()
  private var checkpoints: [ProfileCommand: ProfileCheckpoint] = [:]
  private var summaries: [ProfileCommand: ProfileSummary] = [:]

  /// Creates an empty store, or one holding `checkpoints` and `summaries`.
  public init(checkpoints: [ProfileCheckpoint] = [], summaries: [ProfileSummary] = []) {
    for checkpoint in checkpoints { self.checkpoints[checkpoint.command] = checkpoint }
    for summary in summaries { self.summaries[summary.command] = summary }
  }

  /// The checkpoint saved for `command`.
  public func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    lock.withCriticalSection { checkpoints[command] }
  }

  /// Saves `checkpoint`, replacing any earlier one.
  public func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    lock.withCriticalSection { checkpoints[checkpoint.command] = checkpoint }
  }

  /// Removes the checkpoint saved for `command`, if any.
  public func removeCheckpoint(for command: ProfileCommand) async throws {
    _ = lock.withCriticalSection { checkpoints.removeValue(forKey: command) }
  }

  /// The summary saved for `command`.
  public func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    lock.withCriticalSection { summaries[command] }
  }

  /// Saves `summary` under `summary.command`, replacing any earlier one.
  public func saveSummary(_ summary: ProfileSummary) async throws {
    lock.withCriticalSection { summaries[summary.command] = summary }
  }
}
