/// Shrinks a failing input by shrinking the choices that generated it, as Hypothesis does: a
/// candidate is kept when it is smaller (shorter, or as long and lower at its first difference)
/// and its input still fails.
///
/// The passes, repeated until none helps or the budget runs out: delete blocks of 1 to 8 choices
/// (an element, a step of a history, a character), set blocks to zero (the simplest option of
/// each), and lower each choice by binary search.
struct Shrinker {
  /// Runs the input the choices generate: the choices it used when it still fails, `nil` when it
  /// passes or the choices do not make an input.
  let fails: ([UInt64]) async -> [UInt64]?
  /// The smallest failing choices found so far.
  private(set) var best: [UInt64]
  /// How many tries are left.
  private(set) var budget: Int
  /// How many smaller failing inputs were found.
  private(set) var steps = 0
  private var tried: Set<[UInt64]> = []

  init(best: [UInt64], budget: Int, fails: @escaping ([UInt64]) async -> [UInt64]?) {
    self.best = best
    self.budget = budget
    self.fails = fails
  }

  /// Whether `a` is smaller than `b`: shorter, or as long and lower at the first difference.
  static func isSmaller(_ a: [UInt64], than b: [UInt64]) -> Bool {
    a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
  }

  /// Tries `candidate`; keeps it (or the smaller choices it actually used) when it still fails.
  private mutating func consider(_ candidate: [UInt64]) async -> Bool {
    guard budget > 0, Self.isSmaller(candidate, than: best), tried.insert(candidate).inserted
    else { return false }
    budget -= 1
    guard let used = await fails(candidate), Self.isSmaller(used, than: best) else { return false }
    best = used
    steps += 1
    return true
  }

  /// Shrinks until no pass finds a smaller failing input, or the budget is spent.
  mutating func shrink() async {
    var improved = true
    while improved, budget > 0 {
      improved = false
      for size in [8, 6, 5, 4, 3, 2, 1] {
        var start = best.count - size
        while start >= 0 {
          var candidate = best
          candidate.removeSubrange(start..<min(start + size, candidate.count))
          if await consider(candidate) {
            improved = true
          } else {
            start -= 1
          }
          start = min(start, best.count - size)
        }
      }
      for size in [8, 4, 2] {
        var start = 0
        while start + size <= best.count {
          var candidate = best
          for index in start..<(start + size) { candidate[index] = 0 }
          if await consider(candidate) { improved = true }
          start += 1
        }
      }
      var index = 0
      while index < best.count {
        if await lower(at: index) { improved = true }
        index += 1
      }
      if await lowerDuplicates() { improved = true }
    }
  }

  /// Lowers every choice that shares a value with another together, by binary search: inputs
  /// that fail because two parts are equal shrink only when both move at once.
  private mutating func lowerDuplicates() async -> Bool {
    var counts: [UInt64: Int] = [:]
    for value in best where value > 0 { counts[value, default: 0] += 1 }
    var improved = false
    for value in counts.filter({ $0.value > 1 }).keys.sorted() {
      let positions = best.indices.filter { best[$0] == value }
      guard positions.count > 1 else { continue }
      var low: UInt64 = 0
      var high = value
      while low < high {
        let middle = low + (high - low) / 2
        var candidate = best
        for position in positions where position < candidate.count { candidate[position] = middle }
        if await consider(candidate) {
          improved = true
          high = middle
        } else {
          low = middle + 1
        }
      }
    }
    return improved
  }

  /// Lowers the choice at `index` to the smallest value that still fails, by binary search.
  private mutating func lower(at index: Int) async -> Bool {
    guard best[index] > 0 else { return false }
    var candidate = best
    candidate[index] = 0
    if await consider(candidate) { return true }
    var low: UInt64 = 0
    var high = best[index]
    var improved = false
    while low + 1 < high, index < best.count {
      let middle = low + (high - low) / 2
      candidate = best
      candidate[index] = middle
      if await consider(candidate) {
        improved = true
        high = index < best.count ? best[index] : 0
      } else {
        low = middle
      }
    }
    return improved
  }
}
