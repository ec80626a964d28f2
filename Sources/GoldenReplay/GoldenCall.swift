import Foundation
import KitSupport
import ProfileContracts

/// One call that crossed the boundary: which adapter, which function, its arguments, and what
/// came back. Replays compare `adapter`, `call` and `arguments`; model responses are served from
/// the recording.
public struct GoldenCall: Codable, Hashable, Sendable, CustomStringConvertible {
  /// `model`, `translator`, `documents`, `store` or `clock`.
  public var adapter: String
  /// The function: `generate`, `translate`, `page`, `saveCheckpoint`, …
  public var call: String
  /// The arguments, as canonical JSON.
  public var arguments: JSONValue
  /// What came back: `{"data": …}`, `{"error": …}`, `{"value": …}`; recorded for review.
  public var response: JSONValue

  /// Creates a call.
  public init(adapter: String, call: String, arguments: JSONValue, response: JSONValue = .null) {
    self.adapter = adapter
    self.call = call
    self.arguments = arguments
    self.response = response
  }

  /// `model.generate(stepID: "chunk-3", schema: summaryTitle)`: the call, with the arguments a
  /// reader tells calls apart by.
  public var description: String {
    guard case .object(let members) = arguments else { return "\(adapter).\(call)()" }
    let shown = ["stepID", "schema", "index", "phase", "from", "to", "milliseconds"].compactMap {
      key -> String? in
      members[key].map { "\(key): \(JSONDiff.render($0))" }
    }
    return "\(adapter).\(call)(\(shown.joined(separator: ", ")))"
  }

  /// Whether `other` is the same call: same adapter, function and arguments.
  func matches(_ other: GoldenCall) -> Bool {
    adapter == other.adapter && call == other.call && arguments == other.arguments
  }
}

/// The first place a replay left its recording.
public struct GoldenDivergence: Hashable, Sendable {
  /// The 1-based position of the call in the recording.
  public let index: Int
  /// The recorded call, or `nil` when the run made an extra call.
  public let expected: GoldenCall?
  /// The call made, or `nil` when a recorded call was never made.
  public let actual: GoldenCall?

  /// The divergence stated plainly, with a field-path diff of the two calls.
  public var lines: [String] {
    var lines = ["call \(index) diverged"]
    lines.append("  expected \(expected.map(\.description) ?? "(no further call)")")
    lines.append("  got      \(actual.map(\.description) ?? "(no call)")")
    // A field diff helps only between two calls of the same function.
    if let expected, let actual, expected.adapter == actual.adapter, expected.call == actual.call {
      lines += JSONDiff.differences(expected: expected.arguments, actual: actual.arguments).map {
        "    " + $0
      }
    }
    return lines
  }
}

/// The calls of one run: appended while recording; checked against the recording while
/// replaying, keeping the first divergence. Every read and write holds one lock, and the runner
/// reads the log once, whole (``finish()``), so a call an adapter logs after the core's run
/// returned (a task it left behind) can neither race that read nor change the log between two
/// reads of it.
final class CallLog: Sendable {
  /// What the log holds.
  struct State {
    var calls: [GoldenCall] = []
    /// The first call that left the recording, or the first recorded call never made.
    var divergence: GoldenDivergence?
    /// How many calls had been made when the model first refused past ``CallLog/limit``.
    var stoppedAfter: Int?
  }

  private let state = Locked(State())
  private let recorded: [GoldenCall]?
  /// The calls after which a replay that left its recording gets no more model answers: four
  /// times the recording and 64 more, so a core that loops once it diverges ends its run.
  let limit: Int?

  /// A log that records (`recorded == nil`) or replays.
  init(replaying recorded: [GoldenCall]?) {
    self.recorded = recorded
    limit = recorded.map { 4 * $0.count + 64 }
  }

  var isReplaying: Bool { recorded != nil }

  /// Whether a replay has gone past ``limit``; the first time, notes where.
  func isPastLimit() -> Bool {
    state.withValue {
      guard let limit, $0.calls.count > limit else { return false }
      if $0.stoppedAfter == nil { $0.stoppedAfter = $0.calls.count }
      return true
    }
  }

  /// Logs `call`. While replaying, returns the recorded call at this position when it matches,
  /// or `nil` after noting the divergence.
  @discardableResult
  func log(_ call: GoldenCall) -> GoldenCall? {
    state.withValue {
      let index = $0.calls.count
      $0.calls.append(call)
      guard let recorded else { return call }
      guard index < recorded.count, recorded[index].matches(call) else {
        if $0.divergence == nil {
          $0.divergence = GoldenDivergence(
            index: index + 1, expected: index < recorded.count ? recorded[index] : nil,
            actual: call)
        }
        return nil
      }
      return recorded[index]
    }
  }

  /// Sets the response of the last call logged, while recording.
  func respond(_ response: JSONValue) {
    state.withValue {
      if !$0.calls.isEmpty { $0.calls[$0.calls.count - 1].response = response }
    }
  }

  /// Notes recorded calls that were never made, and returns what the log holds, read at once.
  func finish() -> State {
    state.withValue {
      if let recorded, $0.divergence == nil, $0.calls.count < recorded.count {
        $0.divergence = GoldenDivergence(
          index: $0.calls.count + 1, expected: recorded[$0.calls.count], actual: nil)
      }
      return $0
    }
  }
}
