import AdapterProcess
import Foundation
import KitSupport

/// One check of a suite: the rule it proves, paired with the body that proves it. A body
/// returns its outcome, or throws: a ``CheckFailure`` is reported with its message, any other
/// error as what the adapter threw.
struct Check<Suite: Sendable>: Sendable {
  /// The rule, as the rule book states it.
  let rule: ConformanceRule
  /// How many of the suite's timeouts the check may take: more than one for a check that does
  /// the work of many (restarting a store process fifty times).
  let timeouts: Int
  /// The check, run against a suite's configuration.
  let body: @Sendable (Suite) async throws -> CheckOutcome

  init(
    _ rule: ConformanceRule, timeouts: Int = 1,
    _ body: @escaping @Sendable (Suite) async throws -> CheckOutcome
  ) {
    self.rule = rule
    self.timeouts = timeouts
    self.body = body
  }
}

/// Runs a suite's checks: each under its own watchdog, so a hung adapter fails that check and
/// nothing else, and each reported under its rule, pending where the pinned rule set says so.
///
/// A check's limit bounds one adapter call, not the check: a check whose calls keep returning
/// runs on, up to ``slowCap`` limits, however slow each call is. It fails as hung only when one
/// call has been under way for the whole limit (named in the message), or when no call has been
/// under way or returned for that long (the check is stuck between calls).
struct CheckRunner {
  let suite: String
  let timeout: Duration
  var rules: RuleSet = .all

  /// How many limits a check whose calls keep returning may take in all.
  static let slowCap = 20

  /// Runs `checks` in order against `configuration`, turning what each body throws into a
  /// failed result.
  func run<Suite: Sendable>(
    _ checks: [Check<Suite>], on configuration: Suite, seed: UInt64?,
    scrub: (String) -> String = { $0 }
  ) async -> ConformanceReport {
    var results: [CheckResult] = []
    let selection = RuleSelection.current()
    if let selection, let failure = RuleSelection.failure(selection) { results.append(failure) }
    for check in checks where selection?.contains(check.rule.id) ?? true {
      let limit = timeout * check.timeouts
      let progress = CheckProgress(
        halfway: ContinuousClock.now.advanced(by: limit / 2), rule: check.rule.id)
      let faults = AdapterFaults()
      let violations = PromiseViolations()
      let calls = CallsInFlight()
      let watched = await watchdog(limit, calls: calls, cap: Self.slowCap) {
        () async -> CheckOutcome in
        await CheckProgress.$current.withValue(progress) {
          await AdapterFaults.$current.withValue(faults) {
            await PromiseViolations.$current.withValue(violations) {
              await CallsInFlight.$current.withValue(calls) {
                do {
                  return try await check.body(configuration)
                } catch {
                  return .failed(failureMessage(error))
                }
              }
            }
          }
        }
      }
      let found = { violations.recorded.map { "a monitor saw \($0.message)" } + progress.failures }
      let (status, message, version): (CheckStatus, String, String?) =
        switch watched {
        case .finished(let outcome):
          switch outcome.failing(on: faults.recorded).failing(on: violations.recorded) {
          case .passed(let message): (.passed, message, nil)
          case .failed(let message): (.failed, message, check.rule.since)
          case .failedSince(let message, let version): (.failed, message, version)
          case .skipped(let message): (.skipped, message, nil)
          }
        case .stopped(let stop):
          (.failed, Self.timedOut(limit, stop, found: found()), check.rule.since)
        }
      let pending = version.map(rules.isPending) ?? false
      let shown = scrub(message)
      results.append(
        CheckResult(
          id: check.rule.id, level: check.rule.level, status: status,
          message: pending
            ? "pending (rule set \(version ?? ""), pinned to \(rules.pin ?? "")): \(shown)"
            : shown,
          pending: pending, regression: status == .failed ? progress.regression : nil,
          storeFolder: status == .failed ? progress.storeFolder : nil))
    }
    return ConformanceReport(
      suite: suite, results: results, seed: seed, ruleSet: rules.pin ?? RuleSet.latestVersion)
  }

  /// The message of a check the watchdog stopped: what it found before, first, so a slow
  /// adapter cannot hide a wrong answer behind "hung".
  static func timedOut(_ limit: Duration, _ stop: WatchdogStop, found: [String]) -> String {
    let look = "look for a lock, an await that never resumes, or ignored cancellation"
    let stopped: String
    switch stop {
    case .hung(let call):
      stopped = "the call \(call) did not return within \(limit); the adapter hung (\(look))"
    case .stalled:
      stopped =
        "did not finish within \(limit), and no adapter call returned or was under way for that long; the adapter hung (\(look))"
    case .slow(let count, let slowest):
      stopped =
        "did not finish within \(limit * slowCap): its \(count) calls kept returning, the slowest in \(slowest), so the adapter is slow, not hung; give the suite a longer timeout"
    }
    guard !found.isEmpty else { return stopped }
    return found.joined(separator: "; ") + "; then " + (stop.isCall ? "" : "the check ") + stopped
  }
}

extension CheckOutcome {
  /// The outcome, failed when an adapter process broke down during the check (died unasked, or
  /// broke the protocol), whatever the check made of the error it saw: a process that dies is
  /// never an adapter that threw.
  func failing(on breakdowns: [String]) -> CheckOutcome {
    guard let first = breakdowns.first else { return self }
    let breakdown =
      "\(first): a process that dies or breaks the protocol fails the check, whatever the check expected (in an app, the same adapter takes the app down)"
    switch self {
    case .failed(let message), .failedSince(let message, _):
      return .failed(breakdown + "; " + message)
    case .passed, .skipped:
      return .failed(breakdown)
    }
  }
}

/// Why the watchdog stopped a check.
enum WatchdogStop: Equatable, Sendable {
  /// One call, described, was under way for the whole limit.
  case hung(call: String)
  /// No call was under way or returned for the whole limit.
  case stalled
  /// The check's calls kept returning, but it ran past the cap: `count` calls, the slowest.
  case slow(count: Int, slowest: Duration)

  /// Whether the message names a call.
  var isCall: Bool {
    if case .hung = self { return true }
    return false
  }
}

extension WatchdogStop {
  /// What the watchdog sees when it looks.
  enum Look: Equatable {
    /// The oldest call under way has been for the whole limit.
    case hung
    /// No call is under way, and none returned for the whole limit.
    case stalled
    /// The check's calls kept returning up to the cap.
    case slow
    /// Nothing to stop yet: look again then, when the oldest call would turn hung, or, with
    /// none under way, when the limit since the last return would pass.
    case again(ContinuousClock.Instant)
  }

  /// What the watchdog of a check that began at `start`, with `limit` a call and `cap` limits in
  /// all, sees at `now`, given when the oldest call under way began and when a call last
  /// returned.
  static func look(
    now: ContinuousClock.Instant, start: ContinuousClock.Instant, limit: Duration, cap: Int,
    oldestBegan: ContinuousClock.Instant?, lastReturn: ContinuousClock.Instant?
  ) -> Look {
    if let oldestBegan, now - oldestBegan >= limit { return .hung }
    if oldestBegan == nil, now - (lastReturn ?? start) >= limit { return .stalled }
    let end = start.advanced(by: limit * cap)
    if now >= end { return .slow }
    return .again(min((oldestBegan ?? lastReturn ?? start).advanced(by: limit), end))
  }
}

/// What a watched check came to.
enum Watched<T: Sendable>: Sendable {
  case finished(T)
  case stopped(WatchdogStop)
}

/// Runs `body` and returns its result, unless the watchdog stops it first: when one call of
/// `calls` has been under way for `limit`, when no call has been under way or returned for
/// `limit`, or after `cap` limits in all. The body's task is cancelled then, and left behind if
/// it ignores cancellation: the caller does not wait for it.
func watchdog<T: Sendable>(
  _ limit: Duration, calls: CallsInFlight, cap: Int,
  _ body: @escaping @Sendable () async -> T
) async -> Watched<T> {
  let gate = ResumeOnce<Watched<T>>()
  return await withCheckedContinuation { continuation in
    gate.set(continuation)
    let watcher = Locked<Task<Void, Never>?>(nil)
    let work = Task {
      let value = await body()
      gate.resume(.finished(value))
      watcher.withValue { $0?.cancel() }
    }
    let watch = Task {
      let start = ContinuousClock.now
      var stop: WatchdogStop
      var wake = start.advanced(by: limit)
      while true {
        try? await Task.sleep(until: wake)
        if Task.isCancelled { return }
        let look = WatchdogStop.look(
          now: .now, start: start, limit: limit, cap: cap, oldestBegan: calls.oldestBegan,
          lastReturn: calls.lastReturn)
        switch look {
        case .again(let next):
          wake = next
          continue
        case .hung:
          // The call may have returned since: then look again.
          guard let oldest = calls.oldest, ContinuousClock.now - oldest.began >= limit else {
            continue
          }
          stop = .hung(call: oldest.call)
        case .stalled:
          stop = .stalled
        case .slow:
          let returned = calls.returned
          stop = .slow(count: returned.count, slowest: returned.slowest)
        }
        break
      }
      if gate.resume(.stopped(stop)) { work.cancel() }
    }
    watcher.withValue { $0 = watch }
  }
}

/// Runs `body` and returns its result, or `nil` when `limit` passes first. The body's task is
/// cancelled then, and left behind if it ignores cancellation: the caller does not wait for it.
package func withTimeout<T: Sendable>(
  _ limit: Duration, _ body: @escaping @Sendable () async -> T
) async
  -> T?
{
  let gate = ResumeOnce<T?>()
  return await withCheckedContinuation { continuation in
    gate.set(continuation)
    let work = Task {
      let value = await body()
      gate.resume(value)
    }
    Task {
      try? await Task.sleep(for: limit)
      if gate.resume(nil) { work.cancel() }
    }
  }
}

/// Resumes a continuation once, from whichever side gets there first.
// @unchecked: `continuation` and `pending` are read and written only under `lock`.
final class ResumeOnce<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<T, Never>?
  /// The value resumed with, boxed: `T` may itself be optional.
  private struct Resumed { let value: T }
  private var pending: Resumed?

  func set(_ continuation: CheckedContinuation<T, Never>) {
    lock.lock()
    if let pending {
      lock.unlock()
      continuation.resume(returning: pending.value)
      return
    }
    self.continuation = continuation
    lock.unlock()
  }

  /// Resumes with `value` unless already resumed; returns whether this call did it.
  @discardableResult
  func resume(_ value: T) -> Bool {
    lock.lock()
    guard pending == nil else {
      lock.unlock()
      return false
    }
    pending = Resumed(value: value)
    let continuation = self.continuation
    self.continuation = nil
    lock.unlock()
    continuation?.resume(returning: value)
    return true
  }
}
