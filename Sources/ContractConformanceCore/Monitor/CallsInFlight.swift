import KitSupport

/// The adapter calls of the running check that have not returned yet, and when each began: what
/// lets the check runner tell a slow adapter, whose calls keep returning, from a hung one, one of
/// whose calls never does.
///
/// The monitors wrap every call they pass in ``watch(_:_:)``; the check runner scopes one record
/// per check, through ``current``.
final class CallsInFlight: Sendable {
  /// The record of the running check, if a runner scoped one.
  @TaskLocal static var current: CallsInFlight?

  private struct Call {
    let began: ContinuousClock.Instant
    let describe: @Sendable () -> String
  }

  private struct State {
    var next = 0
    var calls: [Int: Call] = [:]
    var lastReturn: ContinuousClock.Instant?
    var returned = 0
    var slowest: Duration = .zero
  }

  private let state = Locked(State())

  /// Runs `body`, one adapter call, noted in the running check's record while it is under way;
  /// `call` describes it, only if a message needs it.
  static func watch<T>(
    _ call: @escaping @Sendable () -> String, _ body: () async throws -> T
  ) async rethrows -> T {
    guard let current else { return try await body() }
    let id = current.begin(call)
    defer { current.end(id) }
    return try await body()
  }

  private func begin(_ describe: @escaping @Sendable () -> String) -> Int {
    state.withValue { state in
      state.next += 1
      state.calls[state.next] = Call(began: .now, describe: describe)
      return state.next
    }
  }

  private func end(_ id: Int) {
    let now = ContinuousClock.now
    state.withValue { state in
      guard let call = state.calls.removeValue(forKey: id) else { return }
      state.lastReturn = now
      state.returned += 1
      state.slowest = max(state.slowest, now - call.began)
    }
  }

  /// The call under way the longest, described, and when it began.
  var oldest: (call: String, began: ContinuousClock.Instant)? {
    let call = state.withValue { $0.calls.values.min { $0.began < $1.began } }
    return call.map { ($0.describe(), $0.began) }
  }

  /// When the oldest call under way began, if any is.
  var oldestBegan: ContinuousClock.Instant? {
    state.withValue { $0.calls.values.map(\.began).min() }
  }

  /// When a call last returned, if one has.
  var lastReturn: ContinuousClock.Instant? { state.withValue(\.lastReturn) }

  /// How many calls returned, and the longest any took.
  var returned: (count: Int, slowest: Duration) { state.withValue { ($0.returned, $0.slowest) } }
}
