import Foundation

/// Durable page progress. Re-submit the identical ``ProfileCommand`` to continue.
///
/// The payload is the core's own intermediate result, opaque to the app, so the core can change
/// its shape freely. JSON form: the payload is Base64.
public struct ProfileCheckpoint: Codable, Hashable, Sendable {
  /// Which command this is the progress of.
  public let command: ProfileCommand
  /// How far the run got, for example `chunks:3/10`.
  public let phase: String
  /// The core's intermediate result; opaque to the app.
  public let payload: Data
  /// The per-step record so far.
  public let receipt: ProfileExecutionReceipt

  /// Creates a checkpoint.
  public init(
    command: ProfileCommand, phase: String, payload: Data, receipt: ProfileExecutionReceipt
  ) {
    self.command = command
    self.phase = phase
    self.payload = payload
    self.receipt = receipt
  }
}
