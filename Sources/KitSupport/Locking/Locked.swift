/// A value that threads share under a ``Lock``: every read and write goes through
/// ``withValue(_:)``, so no path reaches the value without the lock.
// @unchecked: `value` is read and written only inside `lock.withCriticalSection`.
package final class Locked<Value>: @unchecked Sendable {
  private let lock = Lock()
  private var value: Value

  /// Creates the shared value.
  package init(_ value: Value) { self.value = value }

  /// Runs `body` on the value, holding the lock, and returns what it returns.
  package func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try lock.withCriticalSection { try body(&value) }
  }
}
