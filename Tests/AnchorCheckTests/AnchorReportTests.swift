import Testing

@testable import AnchorCheck

/// A report's counts by status, over generated mixes of every status and one no check reports.
@Suite struct AnchorReportTests {
  static func result(_ status: AnchorStatus) -> AnchorResult {
    AnchorResult(
      doc: "a.md", line: 1, anchor: "x.swift:1", path: "x.swift", start: 1, end: 1,
      quoted: false, status: status, suggestion: nil, message: "m", changes: nil,
      archived: false, form: .prose, columns: 0..<9, fix: nil)
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
        results: picked.map(Self.result), docCount: 1, notes: [], suppressed: 0)
      let expected = Dictionary(
        uniqueKeysWithValues: AnchorStatus.all.map { status in
          (status, picked.filter { $0 == status }.count)
        })
      #expect(
        report.counts == expected,
        "seed \(seed) (DECLSCAN_SEED=\(seed &- 90)), round \(round)")
    }
  }
}
