import Foundation
import KitSupport
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process saves checkpoints and summaries in a loop and is killed with SIGKILL at
/// random moments, 200 times. After every kill, a fresh process loads both: each must be a whole
/// value that was written, the last acknowledged one or the one in flight, never a torn one.
///
/// Replay a run with `STORE_CRASH_SEED=<seed> swift test --filter FileExecutionStoreCrashTests`.
@Suite(.integration) struct FileExecutionStoreCrashTests {
  @Test func sigkillAtRandomMomentsNeverLeavesATornValue() throws {
    let seed =
      ProcessInfo.processInfo.environment["STORE_CRASH_SEED"].flatMap(UInt64.init) ?? 20_261_129
    var random = SeededGenerator(seed: seed)
    let directory = TemporaryDirectory("crash")
    defer { directory.remove() }
    let kills = 200
    var next = 1
    var previous: [Int?] = [nil, nil]  // what the last check found: checkpoint, summary
    var corruptLoads: [String] = []
    var acknowledgedTotal = 0
    for round in 0..<kills {
      let start = next
      let (process, pipe) = try ChildProcess.start(
        "store-crash-child", ["write", directory.url.path, String(start)])
      // Let it acknowledge a few saves, so the kill lands inside the save loop, not at start-up.
      var printed = Data()
      let wanted = Int.random(in: 1...6, using: &random)
      while printed.filter({ $0 == 0x0A }).count < wanted {
        let data = pipe.fileHandleForReading.availableData
        if data.isEmpty { break }
        printed.append(data)
      }
      usleep(UInt32.random(in: 0...3_000, using: &random))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      printed.append(pipe.fileHandleForReading.readDataToEndOfFile())
      let acknowledged = String(decoding: printed, as: UTF8.self).split(separator: "\n").compactMap
      { Int($0) }
      acknowledgedTotal += acknowledged.count

      let check = try ChildProcess.run("store-crash-child", ["check", directory.url.path])
      let found = check.output.split(whereSeparator: \.isWhitespace).map { Int($0) }
      guard check.status == 0, found.count == 2 else {
        corruptLoads.append("round \(round): \(check.output)")
        continue
      }
      for (slot, value) in found.enumerated() {
        // The last acknowledged value, or the one in flight after it; with no acknowledgement,
        // the value from before this child, or this child's first.
        let allowed: Set<Int?> =
          acknowledged.last.map { [$0, $0 + 1] } ?? [previous[slot], start]
        if !allowed.contains(value) {
          corruptLoads.append(
            "round \(round): found \(value.map(String.init) ?? "none"), expected one of \(allowed.map { $0.map(String.init) ?? "none" }.sorted())"
          )
        }
      }
      previous = found
      next = (found.compactMap { $0 }.max() ?? start - 1) + 1
    }
    print(
      "store crash test: \(kills) kills, \(acknowledgedTotal) acknowledged save pairs, \(corruptLoads.count) corrupt loads (seed \(seed))"
    )
    #expect(corruptLoads.isEmpty, "seed \(seed): \(corruptLoads.prefix(5))")
    #expect(
      acknowledgedTotal >= kills,
      "the child must get saves done between kills for the test to mean anything")
  }
}
