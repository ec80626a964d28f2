/// Stores the core's progress and its canonical summaries, keyed by the command.
///
/// Re-submitting the identical ``ProfileCommand`` finds its progress. Every save returns only
/// once it would survive a crash.
///
/// `ExecutionStoreConformance` in the `ContractConformance` module states this contract as a
/// runnable test.
public protocol ProfileExecutionStoring: Sendable {
  /// The checkpoint saved for `command`, or `nil` when there is none.
  ///
  /// - Throws: when the store cannot be read, or holds a record for `command` that fails its
  ///   checks. A damaged record is never reported as `nil`.
  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint?

  /// Saves `checkpoint` under its command, replacing any earlier one.
  ///
  /// Returns only once the checkpoint would survive a crash or power loss.
  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws

  /// Removes the checkpoint saved for `command`. Removing none is not an error.
  func removeCheckpoint(for command: ProfileCommand) async throws

  /// The canonical summary saved for `command`, or `nil` when there is none.
  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary?

  /// Saves `summary` under `summary.command`, replacing any earlier one.
  ///
  /// Returns only once the summary would survive a crash or power loss.
  func saveSummary(_ summary: ProfileSummary) async throws
}
