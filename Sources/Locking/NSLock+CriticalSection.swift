import Foundation

extension NSLock {
  /// Runs `body` holding the lock, and releases it however `body` ends.
  ///
  /// The package's one lock helper. (`NSLocking.withLock` needs macOS 14, and
  /// `Synchronization.Mutex` macOS 15; the kit supports macOS 13.)
  public func withCriticalSection<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}
