import Dispatch
import KitSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `transform` over `items` on every core, results in order.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
  guard items.count > 1 else { return items.map(transform) }
  let storage = ResultStorage<R>(count: items.count)
  DispatchQueue.concurrentPerform(iterations: items.count) { index in
    storage.set(index, transform(items[index]))
  }
  return storage.values()
}

/// `transform` over `items` on every core, results in order, with one `State` per worker thread:
/// each worker makes its own with `makeState` and hands it to every item it takes, so caches and
/// scratch buffers need no lock. Workers take a few items at a time from a shared cursor, so a
/// slow item does not leave a core idle.
func parallelMap<T: Sendable, State, R: Sendable>(
  _ items: [T], state makeState: @Sendable () -> State,
  _ transform: @Sendable (T, inout State) -> R
) -> [R] {
  let workers = min(ProcessInfo.processInfo.activeProcessorCount, items.count)
  guard workers > 1 else {
    var state = makeState()
    return items.map { transform($0, &state) }
  }
  let storage = ResultStorage<R>(count: items.count)
  let cursor = Cursor(count: items.count, step: 4)
  DispatchQueue.concurrentPerform(iterations: workers) { _ in
    var state = makeState()
    while let taken = cursor.take() {
      for index in taken { storage.set(index, transform(items[index], &state)) }
    }
  }
  return storage.values()
}

/// Hands out consecutive ranges of `0..<count`, `step` at a time, to whichever thread asks.
// @unchecked: `next` is read and written only under `lock`; `count` and `step` are `let`s.
private final class Cursor: @unchecked Sendable {
  private let lock = Lock()
  private let count: Int
  private let step: Int
  private var next = 0

  init(count: Int, step: Int) {
    self.count = count
    self.step = step
  }

  func take() -> Range<Int>? {
    lock.lock()
    defer { lock.unlock() }
    guard next < count else { return nil }
    let taken = next..<min(next + step, count)
    next = taken.upperBound
    return taken
  }
}

// @unchecked: `set` writes under `lock`; `values()` reads only after `concurrentPerform` returns.
private final class ResultStorage<R: Sendable>: @unchecked Sendable {
  private let lock = Lock()
  private var items: [R?]
  init(count: Int) { items = [R?](repeating: nil, count: count) }
  func set(_ index: Int, _ value: R) {
    lock.lock()
    items[index] = value
    lock.unlock()
  }
  func values() -> [R] {
    items.map { item in
      guard let item else { preconditionFailure("parallelMap returned before every index was set") }
      return item
    }
  }
}

/// A value worked out on another thread from the moment it is created, waited for when asked.
///
/// The thread is one of its own, not Dispatch's: the work (git, mostly waiting) must start while
/// `parallelMap` keeps every one of Dispatch's threads busy.
// @unchecked: `result` is set once before `done` is signalled, and read only after waiting on it.
final class Pending<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<Value, Error>?

  init(_ work: @escaping @Sendable () throws -> Value) {
    startThread {
      self.result = Result(catching: work)
      self.done.signal()
    }
  }

  /// A value already known: no thread, and ready at once.
  init(ready value: Value) {
    result = .success(value)
    done.signal()
  }

  /// Whether the work has ended, without waiting for it.
  var isReady: Bool {
    guard done.wait(timeout: .now()) == .success else { return false }
    done.signal()
    return true
  }

  /// The value, or what the work threw; waits for the work to end.
  func value() throws -> Value {
    done.wait()
    done.signal()
    guard let result else { preconditionFailure("the work signalled before keeping its result") }
    return try result.get()
  }
}

/// What `work` hands to `deliver`, worked out on a thread of its own, returned as soon as it is
/// handed over: whatever `work` still holds then is freed after, on that thread, while the caller
/// goes on. A check ends holding hundreds of thousands of strings and arrays its report does not
/// need, and freeing them takes tens of milliseconds.
///
/// `work` calls `deliver` once, as its last step, or throws; what it throws, this throws.
func handedOver<Value: Sendable>(
  _ work: @escaping @Sendable (_ deliver: (Value) -> Void) throws -> Void
) throws -> Value {
  let handoff = Handoff<Value>()
  startThread {
    do {
      try work { handoff.set(.success($0)) }
      handoff.set(.failure(HandoffError()))
    } catch {
      handoff.set(.failure(error))
    }
  }
  return try handoff.value()
}

/// The one result of a ``handedOver(_:)`` work: the first one set is kept.
// @unchecked: `result` is read and written only under `lock`; `done` is a semaphore.
private final class Handoff<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let lock = Lock()
  private var result: Result<Value, Error>?

  func set(_ result: Result<Value, Error>) {
    let first = lock.withCriticalSection {
      guard self.result == nil else { return false }
      self.result = result
      return true
    }
    if first { done.signal() }
  }

  func value() throws -> Value {
    done.wait()
    let result = lock.withCriticalSection { self.result }
    guard let result else { preconditionFailure("the handoff signalled before keeping a result") }
    return try result.get()
  }
}

/// A ``handedOver(_:)`` work that ended without handing over a value: a bug in the work.
private struct HandoffError: Error, CustomStringConvertible {
  var description: String { "internal error: a check ended without its report" }
}

/// A value worked out on another thread from the moment something shows it will be wanted
/// (`start()`), so that it is ready, or nearly, when it is asked for; never worked out when
/// nothing starts it or asks.
// @unchecked: `pending` is read and written only under `lock`; `work` is a `@Sendable` `let`.
final class Prefetch<Value: Sendable>: @unchecked Sendable {
  private let lock = Lock()
  private let work: @Sendable () throws -> Value
  private var pending: Pending<Value>?

  init(_ work: @escaping @Sendable () throws -> Value) { self.work = work }

  /// Starts the work, unless it has started, and returns it.
  @discardableResult
  func start() -> Pending<Value> {
    lock.lock()
    defer { lock.unlock() }
    if let pending { return pending }
    let started = Pending(work)
    pending = started
    return started
  }

  /// The value, or what the work threw, when something started the work (waiting for it);
  /// `nil` when nothing did.
  func valueIfStarted() throws -> Value? {
    lock.lock()
    let pending = self.pending
    lock.unlock()
    return try pending?.value()
  }

  /// The value, or what the work threw: starts the work if nothing has, and waits for it.
  func value() throws -> Value {
    try start().value()
  }
}
