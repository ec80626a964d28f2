/// How the core waits between retries. Injected, so tests never sleep.
public protocol ProfileClock: Sendable {
  /// Waits for `duration`, or returns early when the task is cancelled.
  func sleep(for duration: Duration) async
}

/// The real clock.
public struct SystemProfileClock: ProfileClock {
  /// Creates the clock.
  public init() {}
  /// Sleeps on the continuous clock.
  public func sleep(for duration: Duration) async { try? await Task.sleep(for: duration) }
}

/// A clock that never waits: for replays, tests and benchmarks, where backoff is a decision to
/// pin, not time to spend.
public struct ImmediateClock: ProfileClock {
  /// Creates the clock.
  public init() {}
  /// Returns at once.
  public func sleep(for duration: Duration) async {}
}
