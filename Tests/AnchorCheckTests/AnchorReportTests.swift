import Foundation
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// A report's counts by status, over generated mixes of every status and one no check reports.
@Suite struct AnchorReportTests {
  static func result(_ status: AnchorStatus, permalink: Bool = false) -> AnchorResult {
    AnchorResult(
      doc: "a.md", line: 1, anchor: "x.swift:1", path: "x.swift", start: 1, end: 1,
      quoted: false, status: status, suggestion: nil, message: "m", changes: nil,
      archived: false, form: permalink ? .permalink : .prose, columns: 0..<9, fix: nil)
  }

  /// Each status counts as often as it occurs, zero included; a status outside
  /// ``AnchorStatus/all`` counts nowhere. Replay a seed with `DECLSCAN_SEED`.
  @Test func everyStatusCountsAsOftenAsItOccurs() {
    let seed = baseSeed() &+ 90
    var random = SplitMix64(seed: seed)
    // Same length and first byte as `moved`, which `counts` first looks by.
    let stranger = AnchorStatus(rawValue: "mover")
    let statuses = AnchorStatus.all + [stranger]
    for round in 0..<50 {
      let picked = (0..<random.below(200)).map { _ in statuses[random.below(statuses.count)] }
      let report = AnchorReport(
        results: picked.map { Self.result($0) }, docCount: 1, notes: [], suppressed: 0)
      let expected = Dictionary(
        uniqueKeysWithValues: AnchorStatus.all.map { status in
          (status, picked.filter { $0 == status }.count)
        })
      #expect(
        report.counts == expected,
        "seed \(seed) (DECLSCAN_SEED=\(seed &- 90)), round \(round)")
    }
  }

  /// The JSON summary counts each status, and the permalinks, as often as they occur, however
  /// many results there are: each core counts the slices it renders, and their counts add up.
  /// Replay a seed with `DECLSCAN_SEED`.
  @Test func theJSONSummaryCountsEveryResultOnce() throws {
    let seed = baseSeed() &+ 91
    var random = SplitMix64(seed: seed)
    for round in 0..<12 {
      // Up to several slices of 1,024 results, which the cores render in turn.
      let count = random.chance(30) ? random.below(3) : random.below(5000)
      let picked = (0..<count).map { _ in
        (AnchorStatus.all[random.below(AnchorStatus.all.count)], random.chance(20))
      }
      let report = AnchorReport(
        results: picked.map { Self.result($0.0, permalink: $0.1) }, docCount: 1, notes: [],
        suppressed: 0)
      let json = try JSONSerialization.jsonObject(with: Data(report.renderJSON().utf8))
      let summary = try #require((json as? [String: Any])?["summary"] as? [String: Int])
      var expected = ["total": count, "permalinks": picked.filter(\.1).count]
      for status in AnchorStatus.all {
        expected[status.rawValue] = picked.filter { $0.0 == status }.count
      }
      #expect(summary == expected, "seed \(seed) (DECLSCAN_SEED=\(seed &- 91)), round \(round)")
    }
  }
}
