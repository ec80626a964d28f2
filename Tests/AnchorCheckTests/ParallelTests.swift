import Foundation
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// The checker's concurrency helpers: results in order, and work that runs once, when wanted.
@Suite struct ParallelTests {
  /// Counts the runs of a piece of work, from any thread.
  final class Runs: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() {
      lock.lock()
      count += 1
      lock.unlock()
    }
    var total: Int {
      lock.lock()
      defer { lock.unlock() }
      return count
    }
  }

  struct Failure: Error {}

  @Test func parallelMapKeepsTheOrderOfItsInput() {
    let input = Array(0..<1000)
    #expect(parallelMap(input) { $0 * 2 } == input.map { $0 * 2 })
  }

  @Test func prefetchRunsItsWorkOnceHoweverOftenItIsStarted() throws {
    let runs = Runs()
    let prefetch = Prefetch { () -> Int in
      runs.add()
      return 42
    }
    DispatchQueue.concurrentPerform(iterations: 100) { _ in prefetch.start() }
    #expect(try prefetch.value() == 42)
    #expect(try prefetch.value() == 42)
    #expect(runs.total == 1)
  }

  @Test func prefetchAskedWithoutAStartRunsItsWorkThen() throws {
    let runs = Runs()
    let prefetch = Prefetch { () -> String in
      runs.add()
      return "renames"
    }
    #expect(runs.total == 0)
    #expect(try prefetch.value() == "renames")
    #expect(runs.total == 1)
  }

  @Test func prefetchNeverStartedNeverRuns() {
    let runs = Runs()
    do {
      let prefetch = Prefetch { runs.add() }
      _ = prefetch
    }
    // Work that had started would have had this long to run.
    Thread.sleep(forTimeInterval: 0.05)
    #expect(runs.total == 0)
  }

  /// Holds its work's leftovers: says when they are freed.
  final class Leftovers: @unchecked Sendable {
    let freed: Runs
    init(freed: Runs) { self.freed = freed }
    deinit { freed.add() }
  }

  @Test func handedOverReturnsTheValueBeforeTheWorkFreesWhatItHolds() throws {
    let freed = Runs()
    let release = DispatchSemaphore(value: 0)
    let value = try handedOver { (deliver: (Int) -> Void) in
      let leftovers = Leftovers(freed: freed)
      deliver(42)
      // The caller has the value while this still holds its leftovers.
      _ = release.wait(timeout: .now() + 2)
      withExtendedLifetime(leftovers) {}
    }
    #expect(value == 42)
    #expect(freed.total == 0)
    release.signal()
    for _ in 0..<200 where freed.total == 0 { Thread.sleep(forTimeInterval: 0.01) }
    #expect(freed.total == 1)
  }

  @Test func handedOverPassesOnWhatItsWorkThrewAndSaysWhenItGaveNothing() {
    #expect(throws: Failure.self) {
      try handedOver { (_: (Int) -> Void) in throw Failure() }
    }
    #expect(throws: (any Error).self) {
      try handedOver { (_: (Int) -> Void) in }
    }
    // Only the first value handed over counts.
    let first = try? handedOver { (deliver: (Int) -> Void) in
      deliver(1)
      deliver(2)
    }
    #expect(first == 1)
  }

  @Test func prefetchPassesOnWhatItsWorkThrew() {
    let prefetch = Prefetch { () throws -> Int in throw Failure() }
    prefetch.start()
    #expect(throws: Failure.self) { try prefetch.value() }
  }
}
