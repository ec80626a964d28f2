/// Why a call to an adapter process failed for a reason of the process, not of the adapter: it
/// could not start, it exited or was killed, or it answered something that is not JSON-RPC.
public struct AdapterProcessError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line: what happened, and what to do.
  public let message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
