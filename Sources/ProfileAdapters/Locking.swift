import Foundation

extension NSLock {
  /// Runs `body` holding the lock. (`NSLocking.withLock` needs macOS 14; the kit supports 13.)
  func withCriticalSection<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}
