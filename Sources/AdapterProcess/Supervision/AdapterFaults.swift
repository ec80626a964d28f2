import Foundation
import KitSupport

/// Where a check learns that an adapter process broke down during one of its calls: it died (by
/// a signal or an exit the kit did not ask for), or it broke the protocol (a line that is not a
/// response, or longer than `AdapterProcess.maximumLineBytes`).
///
/// A check that expects an error would otherwise take the breakdown for the adapter's answer:
/// a provider that aborts on an out-of-range page "threw". In an app the same adapter takes the
/// app down with it, so the conformance suites scope one of these over each check and fail the
/// check when it holds anything, whatever the check expected.
///
/// ```swift
/// let faults = AdapterFaults()
/// let page = try? await AdapterFaults.$current.withValue(faults) {
///   try await provider.page(at: 99, for: id)
/// }
/// let recorded = faults.recorded  // ["the adapter process was killed by signal 6 (SIGABRT) …"]
/// ```
// @unchecked: `messages` is read and written only under `lock`.
package final class AdapterFaults: @unchecked Sendable {
  /// The record of the task's current check, if one is scoped.
  @TaskLocal package static var current: AdapterFaults?

  private let lock = Lock()
  private var messages: [String] = []

  /// Creates an empty record.
  package init() {}

  /// Notes a breakdown, once however many calls it failed; keeps the first five.
  package func record(_ message: String) {
    lock.withCriticalSection {
      if messages.count < 5, !messages.contains(message) { messages.append(message) }
    }
  }

  /// The breakdowns noted, in order.
  package var recorded: [String] { lock.withCriticalSection { messages } }
}
