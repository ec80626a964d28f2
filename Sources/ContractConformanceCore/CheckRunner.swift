import AdapterProcess
import Foundation

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

/// Runs a suite's checks: each under its own timeout, so a hung adapter fails that check and
/// nothing else, and each reported under its rule, pending where the pinned rule set says so.
struct CheckRunner {
  let suite: String
  let timeout: Duration
  var rules: RuleSet = .all

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
      let progress = CheckProgress(halfway: ContinuousClock.now.advanced(by: limit / 2))
      let faults = AdapterFaults()
      let violations = PromiseViolations()
      let outcome = await withTimeout(limit) { () async -> CheckOutcome in
        await CheckProgress.$current.withValue(progress) {
          await AdapterFaults.$current.withValue(faults) {
            await PromiseViolations.$current.withValue(violations) {
              do {
                return try await check.body(configuration)
              } catch {
                return .failed(failureMessage(error))
              }
            }
          }
        }
      }.map { $0.failing(on: faults.recorded).failing(on: violations.recorded) }
      let (status, message, version): (CheckStatus, String, String?) =
        switch outcome {
        case .passed(let message): (.passed, message, nil)
        case .failed(let message): (.failed, message, check.rule.since)
        case .failedSince(let message, let version): (.failed, message, version)
        case .skipped(let message): (.skipped, message, nil)
        case nil:
          (
            .failed,
            Self.timedOut(
              limit,
              found: violations.recorded.map { "a monitor saw \($0.message)" } + progress.failures),
            check.rule.since
          )
        }
      let pending = version.map(rules.isPending) ?? false
      let shown = scrub(message)
      results.append(
        CheckResult(
          id: check.rule.id, level: check.rule.level, status: status,
          message: pending
            ? "pending (rule set \(version ?? ""), pinned to \(rules.pin ?? "")): \(shown)"
            : shown,
          pending: pending))
    }
    return ConformanceReport(suite: suite, results: results, seed: seed)
  }

  /// The message of a check that ran out of time: what it found before, first, so a slow
  /// adapter cannot hide a wrong answer behind "hung".
  static func timedOut(_ timeout: Duration, found: [String]) -> String {
    let hung =
      "did not finish within \(timeout); the adapter hung (look for a lock, an await that never resumes, or ignored cancellation)"
    guard !found.isEmpty else { return hung }
    return found.joined(separator: "; ") + "; then the check " + hung
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

/// Runs `body` and returns its result, or `nil` when `limit` passes first. The body's task is
/// cancelled then, and left behind if it ignores cancellation: the caller does not wait for it.
func withTimeout<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async -> T) async
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
