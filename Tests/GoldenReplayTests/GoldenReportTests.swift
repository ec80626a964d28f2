import Foundation
import GoldenReplay
import ProfileContracts
import Testing

/// `GoldenReport` and its rendering, in the library that makes it.
@Suite struct GoldenReportTests {
  static let passed = GoldenResult(name: "a", status: .passed, lines: [], divergence: nil)
  static let failed = GoldenResult(
    name: "b", status: .failed, lines: ["the outcome differs", "  $.kind: x"], divergence: nil)
  static let recorded = GoldenResult(
    name: "c", status: .recorded, lines: ["recorded 4 calls; review with git diff and run again"],
    divergence: nil)

  @Test func theSummaryCountsPassedFailedAndRecorded() {
    let report = GoldenReport([Self.passed, Self.failed, Self.recorded])
    #expect(!report.isPassing)
    #expect(report.failures.map(\.name) == ["b", "c"])
    #expect(
      report.summaryLine
        == "3 scenarios: 1 passed, 1 failed; recorded 1 scenarios; review with git diff and run again"
    )
    #expect(GoldenReport([Self.passed]).isPassing)
    #expect(GoldenReport([Self.passed]).summaryLine == "1 scenarios: 1 passed, 0 failed")
  }

  @Test func textListsEachFailureThenTheSummary() {
    let text = GoldenReport([Self.passed, Self.failed]).renderText()
    #expect(text == "b: the outcome differs\n    $.kind: x\n2 scenarios: 1 passed, 1 failed")
  }

  @Test func jsonCarriesStatusLinesAndTheFirstDivergence() async throws {
    let folder = try GoldenRunnerTests.Folder()
    let diverged = try await GoldenRunnerTests.replayWithShorterChunkAnswers(in: folder)
    let json = GoldenReport([Self.passed, Self.failed, diverged]).renderJSON()
    let value = try JSONValue(parsing: Array(json.utf8))
    guard case .array(let items) = value, items.count == 3 else {
      Issue.record("expected three results: \(json)")
      return
    }
    #expect(items[0] == .object(["name": .string("a"), "status": .string("passed")]))
    #expect(items[1]["lines"] == .array([.string("the outcome differs"), .string("  $.kind: x")]))
    #expect(items[2]["status"] == .string("failed"))
    #expect(items[2]["divergence"]?["call"] != nil)
    #expect(
      items[2]["divergence"]?["expected"]
        == .string("model.generate(stepID: \"chunk-1\", schema: \"summaryChunk\")"))
    #expect(items[2]["lines"] == nil, "a divergence replaces the lines")
    #expect(!json.hasSuffix("\n"))
  }
}
