import Foundation
import Testing

@testable import ReferenceSuites

/// The limit each check of an adapter in its own process gets: the user's, or one that follows
/// the adapter's measured speed, never under 10 s.
@Suite struct AdapterSpeedTests {
  @Test func aGivenLimitIsKept() async {
    let speed = await AdapterSpeed.choose(given: .seconds(90)) {
      Issue.record("nothing is measured when a limit is given")
    }
    #expect(speed.timeout == .seconds(90))
    #expect(speed.note == "each check's limit: 90.00 s, as given")
  }

  @Test func aSlowAdapterGetsSixtyTimesItsMeasuredUse() async {
    let speed = await AdapterSpeed.choose(given: nil) {
      try await Task.sleep(for: .milliseconds(400))
    }
    // 60 × at least 0.4 s, whatever the machine adds to the measured use.
    #expect(speed.timeout >= .seconds(24), "\(speed.timeout)")
    #expect(speed.note.hasPrefix("each check's limit: "), "\(speed.note)")
    #expect(speed.note.contains("60 times one measured use ("), "\(speed.note)")
  }

  @Test func aFastAdapterGetsTheFloor() async {
    let speed = await AdapterSpeed.choose(given: nil) {}
    #expect(speed.timeout == .seconds(10))
    #expect(speed.note.contains("at least 10.00 s"), "\(speed.note)")
  }

  @Test func aUseThatFailsGetsTheFloorAndSaysHowToRaiseIt() async {
    struct Broken: Error {}
    let speed = await AdapterSpeed.choose(given: nil) { throw Broken() }
    #expect(speed.timeout == .seconds(10))
    #expect(speed.note.contains("could not be timed; pass --check-timeout S"), "\(speed.note)")
  }

  @Test func secondsShowTwoDecimals() {
    #expect(AdapterSpeed.seconds(.milliseconds(1250)) == "1.25 s")
    #expect(AdapterSpeed.seconds(.seconds(60)) == "60.00 s")
  }
}
