import Foundation

/// What a check's body decides, before the runner attaches the rule's ID and level.
enum CheckOutcome: Sendable {
  case passed(String)
  /// A failure the rule found as it was introduced.
  case failed(String)
  /// A failure only what rule-set `version` added to the check finds: pending under an older pin.
  case failedSince(String, version: String)
  case skipped(String)
}

extension CheckOutcome {
  /// A check's fixed part (this outcome) followed by its generated part: a failure of either
  /// fails the check, the fixed part's first, and counts from the earlier version of the two;
  /// both passes' messages are kept.
  func then(_ generated: CheckOutcome) -> CheckOutcome {
    switch (self, generated) {
    case (.passed(let fixed), .passed(let more)): .passed("\(fixed); \(more)")
    case (.failed(let fixed), .failed(let more)), (.failed(let fixed), .failedSince(let more, _)),
      (.failedSince(let fixed, _), .failed(let more)):
      .failed("\(fixed)\n\(more)")
    case (.failedSince(let fixed, let first), .failedSince(let more, let second)):
      .failedSince(
        "\(fixed)\n\(more)", version: RuleSet.compare(first, second) <= 0 ? first : second)
    case (.failed, _), (.skipped, _), (.failedSince, _): self
    case (.passed, _): generated
    }
  }
}

/// Collects a check's failures, so one run reports them all rather than the first; caps the list
/// so a broken adapter does not flood the report.
struct Failures {
  private(set) var messages: [String] = []
  private(set) var total = 0
  static let shown = 5

  mutating func add(_ message: String) {
    total += 1
    if messages.count < Self.shown { messages.append(message) }
    CheckProgress.current?.found(message)
  }

  /// Adds a failure that matters more than the others, so it is shown first.
  mutating func addFirst(_ message: String) {
    total += 1
    messages.insert(message, at: 0)
    if messages.count > Self.shown { messages.removeLast() }
    CheckProgress.current?.found(message)
  }

  var isEmpty: Bool { total == 0 }

  /// The failures shown, joined, and how many more there were.
  var message: String {
    let more = total > messages.count ? "; and \(total - messages.count) more" : ""
    return messages.joined(separator: "; ") + more
  }

  /// The outcome: passed with `passMessage` when nothing failed, else the failures joined.
  func outcome(passed passMessage: String) -> CheckOutcome {
    total > 0 ? .failed(message) : .passed(passMessage)
  }
}

/// A short, one-line rendering of a string for messages: quoted, newlines shown, long text cut.
package func quote(_ text: String, limit: Int = 60) -> String {
  var shown = text.replacingOccurrences(of: "\n", with: "\\n")
  if shown.count > limit { shown = String(shown.prefix(limit)) + "…" }
  return "\"" + shown + "\""
}

/// A one-line description of an error, with its type, for messages.
func describe(_ error: any Error) -> String {
  "\(type(of: error)): \(String(describing: error).replacingOccurrences(of: "\n", with: " "))"
}

/// A check that cannot go on, with the message to report.
struct CheckFailure: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// Runs one step of a check. An error it throws ends the check as a failure naming the step
/// ("saving the 8 MiB payload threw …"); a ``CheckFailure`` passes through as it is.
func attempt<T>(_ step: String, _ body: () async throws -> T) async throws(CheckFailure) -> T {
  do {
    return try await body()
  } catch let failure as CheckFailure {
    throw failure
  } catch {
    throw CheckFailure("\(step) threw \(describe(error))")
  }
}

/// The message of a ``CheckFailure``, or a description of any other error.
func failureMessage(_ error: any Error) -> String {
  (error as? CheckFailure)?.message ?? "threw \(describe(error))"
}

/// What a running check has found so far, so that a check that runs out of time still reports
/// the wrong answers it saw before the adapter stalled. Every ``Failures`` of the check's task
/// writes here.
// @unchecked: `messages` is read and written only under `lock`; the rest is immutable.
final class CheckProgress: @unchecked Sendable {
  /// The progress of the check running in this task, if any.
  @TaskLocal static var current: CheckProgress?

  private let lock = NSLock()
  private var messages: [String] = []
  /// Half the check's time: a property stops generating inputs, and stops shrinking, after it.
  let halfway: ContinuousClock.Instant?
  /// The ID of the rule whose check this is.
  let rule: String?

  init(halfway: ContinuousClock.Instant? = nil, rule: String? = nil) {
    self.halfway = halfway
    self.rule = rule
  }

  /// Notes a failure the check found.
  func found(_ message: String) {
    lock.lock()
    defer { lock.unlock() }
    if messages.count < Failures.shown { messages.append(message) }
  }

  /// The failures found so far, in order.
  var failures: [String] {
    lock.lock()
    defer { lock.unlock() }
    return messages
  }

  private var kept: RegressionCase?

  /// Notes a generated input that failed, shrunk, for the regressions folder; the first wins.
  func keep(_ regression: RegressionCase) {
    lock.lock()
    defer { lock.unlock() }
    if kept == nil { kept = regression }
  }

  /// The failing generated input to keep, if the check found one.
  var regression: RegressionCase? {
    lock.lock()
    defer { lock.unlock() }
    return kept
  }

  private var folder: String?

  /// Notes the store's folder as a failing check left it (``StoreFolderListing``); the last wins.
  func leave(folder listing: String) {
    lock.lock()
    defer { lock.unlock() }
    folder = listing
  }

  /// The store's folder as the failing check left it, if the check noted one.
  var storeFolder: String? {
    lock.lock()
    defer { lock.unlock() }
    return folder
  }
}
