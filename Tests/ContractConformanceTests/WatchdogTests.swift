import Foundation
import Testing

@testable import ContractConformanceCore

/// The check runner's watchdog: a check whose calls keep returning runs past its limit; one call
/// under way for the whole limit is hung, and named; a check with no call under way or returning
/// for the limit is stuck; and a slow check still ends at the cap.
///
/// Only the decisions are tested at instants made up: the test runner starves the cooperative
/// pool of two cores for seconds at a time, and a call whose task cannot resume looks under way,
/// so a real check can only be shown stopped, never shown running on.
@Suite struct WatchdogTests {
  struct Calls: Sendable {
    let count: Int
    let each: Duration
    let hangAt: Int?
  }

  static let rule = ConformanceRule(
    id: "test.watched", level: .required, asserts: "-", why: "-", whenItFails: "-", since: "0.1")

  /// Runs one check making `calls.count` watched calls of `calls.each`, the one at `hangAt`
  /// never returning, under a limit of `limit`.
  static func run(_ calls: Calls, limit: Duration) async -> CheckResult? {
    let check = Check<Calls>(rule) { calls in
      for index in 0..<calls.count {
        try await CallsInFlight.watch({ "call(\(index))" }) {
          try await Task.sleep(for: index == calls.hangAt ? .seconds(3600) : calls.each)
        }
      }
      return .passed("\(calls.count) calls")
    }
    let report = await CheckRunner(suite: "test", timeout: limit).run(
      [check], on: calls, seed: nil)
    return report.results.first
  }

  @Test func aCallUnderWayForTheLimitIsHungAndNamed() async {
    // The first call never returns: no call before it can be what the watchdog saw.
    let result = await Self.run(
      Calls(count: 6, each: .milliseconds(10), hangAt: 0), limit: .milliseconds(200))
    #expect(result?.status == .failed)
    #expect(
      result?.message.hasPrefix("the call call(0) did not return within 0.2 seconds") == true,
      "\(result?.message ?? "")")
  }

  @Test func aCheckStuckBetweenCallsIsStoppedAtTheLimit() async {
    let check = Check<Int>(Self.rule) { _ in
      try await Task.sleep(for: .seconds(3600))
      return .passed("never")
    }
    let report = await CheckRunner(suite: "test", timeout: .milliseconds(100)).run(
      [check], on: 0, seed: nil)
    let message = report.results.first?.message ?? ""
    #expect(report.results.first?.status == .failed)
    #expect(
      message.hasPrefix(
        "did not finish within 0.1 seconds, and no adapter call returned or was under way"),
      "\(message)")
  }

  /// What the watchdog decides, at instants made up: the two tests above stop real checks,
  /// this one walks the decisions a slow check meets without waiting for them.
  @Test func aCheckWhoseCallsKeepReturningRunsOnUntilTheCap() {
    let start = ContinuousClock.now
    let limit = Duration.seconds(10)
    func at(_ seconds: Double) -> ContinuousClock.Instant {
      start.advanced(by: .milliseconds(Int(seconds * 1000)))
    }
    func look(_ now: Double, oldest: Double?, last: Double?) -> WatchdogStop.Look {
      WatchdogStop.look(
        now: at(now), start: start, limit: limit, cap: CheckRunner.slowCap,
        oldestBegan: oldest.map(at),
        lastReturn: last.map(at))
    }
    // Past the limit, a call under way for 2 s of a slow check: look again when it would turn
    // hung.
    #expect(look(35, oldest: 33, last: 33) == .again(at(43)))
    // No call under way, one returned 4 s ago: look again when the limit since would pass.
    #expect(look(37, oldest: nil, last: 33) == .again(at(43)))
    // A call under way for the whole limit is hung, however recently another returned.
    #expect(look(43, oldest: 33, last: 42.9) == .hung)
    // Nothing under way, and nothing returned for the limit: stuck between calls.
    #expect(look(43, oldest: nil, last: 33) == .stalled)
    #expect(look(10, oldest: nil, last: nil) == .stalled)
    // Calls kept returning all along, up to 20 limits: slow, not hung.
    #expect(look(200, oldest: 199.5, last: 199.5) == .slow)
    #expect(look(195, oldest: 194, last: 193) == .again(at(200)))
  }
}
