import Foundation
import Testing

@testable import ContractConformanceCore

/// The check runner's watchdog: a check whose calls keep returning runs past its limit; one call
/// under way for the whole limit is hung, and named; a check with no call under way or returning
/// for the limit is stuck; and a slow check still ends at the cap.
///
/// The limits are seconds and the calls milliseconds: the test runner starves the cooperative
/// pool of two cores for a while at a time, and a call whose task cannot resume looks under way.
@Suite struct WatchdogTests {
  struct Calls: Sendable {
    let count: Int
    let each: Duration
    let hangAt: Int?
  }

  static let rule = ConformanceRule(
    id: "test.watched", level: .required, asserts: "-", why: "-", whenItFails: "-", since: "0.1")

  /// Runs one check making `calls.count` watched calls of `calls.each`, the one at `hangAt`
  /// never returning, under a limit of `limit` and a cap of `cap` limits.
  static func run(_ calls: Calls, limit: Duration, cap: Int = 20) async -> CheckResult? {
    let check = Check<Calls>(rule) { calls in
      for index in 0..<calls.count {
        try await CallsInFlight.watch({ "call(\(index))" }) {
          try await Task.sleep(for: index == calls.hangAt ? .seconds(3600) : calls.each)
        }
      }
      return .passed("\(calls.count) calls")
    }
    var runner = CheckRunner(suite: "test", timeout: limit)
    runner.slowCap = cap
    return await runner.run([check], on: calls, seed: nil).results.first
  }

  @Test func aCheckWhoseCallsKeepReturningOutlivesItsLimit() async {
    // 30 calls of 50 ms: one and a half limits of 1 s in all, none near the limit alone.
    let result = await Self.run(
      Calls(count: 30, each: .milliseconds(50), hangAt: nil), limit: .seconds(1))
    #expect(result?.status == .passed, "\(result?.message ?? "")")
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

  @Test func aSlowCheckEndsAtTheCapSayingItIsSlowNotHung() async {
    // Calls of 10 ms without end, a limit of 1 s, a cap of 2 limits.
    let result = await Self.run(
      Calls(count: .max, each: .milliseconds(10), hangAt: nil), limit: .seconds(1), cap: 2)
    #expect(result?.status == .failed)
    let message = result?.message ?? ""
    #expect(message.contains("kept returning"), "\(message)")
    #expect(message.contains("slow, not hung"), "\(message)")
  }
}
