import KitSupport

/// What the suites' monitors saw broken while a check ran: every adapter call any check makes
/// passes a monitor, which judges it against the protocol's per-call promises, so a rule that
/// generates traffic fails on a broken promise it was not written to look for.
///
/// The check runner scopes one record per check, through ``current``, and fails the check with
/// what it holds.
final class PromiseViolations: Sendable {
  /// One broken promise: the rule that states it, the call that broke it, and how.
  struct Violation: Hashable, Sendable {
    /// The ID of the rule whose promise the call broke, such as `executor.chunkShape`.
    let promise: String
    /// The call, as its protocol spells it, arguments cut short.
    let call: String
    /// What was wrong, and what was seen.
    let problem: String

    /// `executor.chunkShape broken by generate(…): the title is empty`.
    var message: String { "\(promise) broken by \(call): \(problem)" }
  }

  /// The record of the running check, if a runner scoped one.
  @TaskLocal static var current: PromiseViolations?

  /// How many violations a record keeps: the first few say what is wrong.
  static let kept = 3

  /// The rule-set version the monitors came with: what they find alone is pending under an
  /// older pin.
  static let since = "0.6"

  private let violations = Locked<[Violation]>([])

  /// Notes a violation in the running check's record, if there is one; one promise broken the
  /// same way by many calls is kept once. The call is described only here, when a promise broke.
  static func record(_ promise: String, call: @autoclosure () -> String, _ problem: String) {
    current?.add(Violation(promise: promise, call: call(), problem: problem))
  }

  private func add(_ violation: Violation) {
    violations.withValue { list in
      guard list.count < Self.kept,
        !list.contains(where: { $0.promise == violation.promise && $0.problem == violation.problem }
        )
      else { return }
      list.append(violation)
    }
  }

  /// The violations noted, in order.
  var recorded: [Violation] { violations.withValue { $0 } }
}

extension CheckOutcome {
  /// The outcome, failed when a monitor saw a promise broken during the check, whatever the
  /// check itself concluded: the violation leads, naming its promise and its call.
  func failing(on violations: [PromiseViolations.Violation]) -> CheckOutcome {
    guard !violations.isEmpty else { return self }
    let seen = "a monitor saw " + violations.map(\.message).joined(separator: "; ")
    switch self {
    case .failed(let message):
      return .failed(seen + "; and " + message)
    case .failedSince(let message, let version):
      return .failedSince(seen + "; and " + message, version: version)
    case .passed, .skipped:
      return .failedSince(seen, version: PromiseViolations.since)
    }
  }
}

/// A call as a message shows it: `generate(stepID: "chunk-1", …)`, each argument cut short.
func describeCall(_ name: String, _ arguments: [(String, String)]) -> String {
  name + "(" + arguments.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ")"
}
