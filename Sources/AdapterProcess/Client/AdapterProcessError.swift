/// Why a call to an adapter process failed for a reason of the process, not of the adapter: it
/// could not start, it exited or was killed, or it answered something that is not JSON-RPC.
public struct AdapterProcessError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line: what happened, and what to do.
  public let message: String
  /// Whether the process broke down (died unasked, or broke the protocol) rather than failing
  /// to start: what the suites report as the adapter breaking down.
  public let isBreakdown: Bool

  /// Creates an error.
  public init(_ message: String, isBreakdown: Bool = false) {
    self.message = message
    self.isBreakdown = isBreakdown
  }

  /// The message.
  public var description: String { message }
}
