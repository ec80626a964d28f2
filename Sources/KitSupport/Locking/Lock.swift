#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The package's one lock: a pthread mutex that runs a closure holding it, and releases it
/// however the closure ends. It needs no Foundation, so `contract-kit-anchors`, which loads
/// none, can use it. (`NSLocking.withLock` needs macOS 14, and `Synchronization.Mutex`
/// macOS 15; the kit supports macOS 13.)
// @unchecked: the mutex is used only through pthread calls, at a fixed address for the lock's life.
package final class Lock: @unchecked Sendable {
  // Safe to share: the mutex is touched only through pthread's calls, which are made for
  // threads to share it, and lives, at a fixed address, as long as the lock does.
  fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Takes the lock, waiting for it; ``unlock()`` gives it back. Prefer
  /// ``withCriticalSection(_:)``, which cannot forget to.
  package func lock() { pthread_mutex_lock(mutex) }

  /// Gives back the lock that ``lock()`` took.
  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` holding the lock, and releases it however `body` ends.
  package func withCriticalSection<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}

/// A lock with a condition to wait on: the thread that holds it waits, giving it up, until
/// another broadcasts. A ``Lock``'s mutex and a pthread condition variable, without Foundation.
// @unchecked: `condition` is used only via pthread calls, at a fixed address; `mutex` is a Lock.
package final class Condition: @unchecked Sendable {
  // Safe to share: the condition is touched only through pthread's calls, and lives, at a fixed
  // address, as long as the condition does.
  private let mutex = Lock()
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  package init() {
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
  }

  package func lock() { mutex.lock() }

  package func unlock() { mutex.unlock() }

  /// `body`'s result, run holding the lock (released however `body` ends); `body` may
  /// ``wait()``.
  package func withCriticalSection<T>(_ body: () throws -> T) rethrows -> T {
    try mutex.withCriticalSection(body)
  }

  /// Gives up the lock until a broadcast, then takes it again. Call it holding the lock, in a
  /// loop over what is waited for: a wait may also end without one.
  package func wait() { pthread_cond_wait(condition, mutex.mutex) }

  /// Wakes every thread that waits.
  package func broadcast() { pthread_cond_broadcast(condition) }
}
