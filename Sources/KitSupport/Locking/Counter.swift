/// Numbers handed out to concurrent callers: one sequence overall, and a count per key. The
/// package's one counter, for fixture names, call numbers and answers used per step.
package final class Counter: Sendable {
  private let counts = Locked((total: 0, perKey: [String: Int]()))

  /// Creates a counter that has counted nothing.
  package init() {}

  /// The next number overall: 1 on the first call, then 2, 3…
  package func next() -> Int {
    counts.withValue {
      $0.total += 1
      return $0.total
    }
  }

  /// How many times `key` was counted before this call (0 the first time); this call counts it
  /// once more.
  package func count(_ key: String) -> Int {
    counts.withValue {
      let before = $0.perKey[key, default: 0]
      $0.perKey[key] = before + 1
      return before
    }
  }
}
