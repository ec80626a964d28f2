// The contract, as the fixture's source has it today.
import Foundation

/// The shape of the slot the model fills.
public enum ProfileModelSchema: String, Codable, Hashable, Sendable {
  /// A chunk's headline and factual points.
  case summaryChunk
  /// One title over several chunks.
  case summaryTitle
}

/// Inserted lines push the executor down.
/// (They stand for code added since the doc was written.)

public protocol ProfileModelExecuting: Sendable {
  func generate(_ request: ProfileModelRequest) async throws -> Data
}

public struct ProfileModelRequest {
  public let stepID: String
}
