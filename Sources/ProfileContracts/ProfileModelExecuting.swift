import Foundation

/// The only protocol that calls the model.
///
/// The app implements it over its platform's model API; the core knows nothing of that API.
/// An executor answers a ``ProfileModelRequest`` with JSON in the shape its
/// ``ProfileModelRequest/schema`` names, and narrows every native error to one of the four
/// ``ProfileModelExecutionError`` kinds before it reaches the core.
///
/// `ModelExecutorConformance` in the `ContractConformance` module states this contract as a
/// runnable test.
public protocol ProfileModelExecuting: Sendable {
  /// Runs one model call.
  ///
  /// - Parameter request: the step, the answer shape, the instructions, the source text and the
  ///   upper bound on the answer's length.
  /// - Returns: the model's answer, as UTF-8 JSON in the request's schema.
  /// - Throws: only ``ProfileModelExecutionError``. `CancellationError` is never `transient`.
  func generate(_ request: ProfileModelRequest) async throws -> Data
}
