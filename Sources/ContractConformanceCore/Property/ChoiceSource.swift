import KitSupport

/// Where a generated input's randomness comes from: a sequence of bounded choices.
///
/// While searching, the choices come from a seeded generator and are recorded; while shrinking,
/// they are read back from a fixed sequence, and asking past its end ends the try. Every
/// generator is written against this one source, so every generator shrinks without a shrinker
/// of its own: shrinking works on the recorded choices, as Hypothesis and minithesis do. A choice
/// of 0 is always the simplest (the smallest size, the first option, "stop").
final class ChoiceSource {
  /// Thrown when a try asks for more choices than its fixed sequence holds, or than the limit.
  struct Overrun: Error {}

  private let prefix: [UInt64]
  private var random: SeededGenerator?
  private let limit: Int
  /// The choices made so far, in order: what replays this input.
  private(set) var choices: [UInt64] = []

  /// A source that draws fresh choices from `random`.
  init(random: SeededGenerator, limit: Int = 20_000) {
    prefix = []
    self.random = random
    self.limit = limit
  }

  /// A source that replays `choices` and overruns past their end.
  init(replaying choices: [UInt64]) {
    prefix = choices
    random = nil
    limit = choices.count
  }

  /// A choice in `0...bound`. A choice of one option is not recorded: it has nothing to shrink.
  func draw(_ bound: UInt64) throws(Overrun) -> UInt64 {
    if bound == 0 { return 0 }
    guard choices.count < limit else { throw Overrun() }
    let value: UInt64
    if choices.count < prefix.count {
      value = min(prefix[choices.count], bound)
    } else if var generator = random {
      value = bound == .max ? generator.next() : generator.next(upperBound: bound + 1)
      random = generator
    } else {
      throw Overrun()
    }
    choices.append(value)
    return value
  }

  /// An integer in `range`; shrinks toward its lower bound.
  func int(_ range: ClosedRange<Int>) throws(Overrun) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound)
    return range.lowerBound + Int(try draw(span))
  }

  /// A size across orders of magnitude: a power of two from 1 to `2^exponents.upperBound`,
  /// moved by an offset drawn from `offsets` to reach its neighbours, and never below 1; shrinks
  /// toward the smallest power and offset.
  func magnitude(exponents: ClosedRange<Int>, offsets: ClosedRange<Int> = -1...1) throws(Overrun)
    -> Int
  {
    max(1, (1 << (try int(exponents))) + (try int(offsets)))
  }

  /// `true` with about `percent` percent probability; shrinks toward `false`.
  func chance(_ percent: Int) throws(Overrun) -> Bool {
    try draw(99) >= UInt64(100 - percent)
  }

  /// One of `options`; shrinks toward the first.
  func pick<T>(_ options: [T]) throws(Overrun) -> T {
    precondition(!options.isEmpty, "pick from no options")
    return options[Int(try draw(UInt64(options.count - 1)))]
  }

  /// A list of `min` to `max` elements, about `average` long on average. Each element past the
  /// minimum is preceded by a "one more?" choice, so removing an element is removing a block of
  /// choices, and the list shrinks element by element from anywhere in it.
  func list<T>(
    min: Int = 0, max: Int, average: Int, _ element: (Int) throws(Overrun) -> T
  ) throws(Overrun) -> [T] {
    var items: [T] = []
    let stop = UInt64(1024 / Swift.max(average - min + 1, 1))
    while items.count < max {
      if items.count >= min, try draw(1023) < stop { break }
      items.append(try element(items.count))
    }
    return items
  }
}
