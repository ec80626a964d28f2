import Foundation
import GoldenReplayTesting
import KitSupport
import ProfileCore
import ReferenceSuites
import TestSupport
import Testing

/// Golden reports as SARIF and GitHub annotations: a scenario whose outcome no longer matches,
/// and one that was recorded instead of replayed, read back by a real SARIF reader.
@Suite struct GoldenSARIFTests {
  /// A scratch copy of two of the kit's scenarios: one with its expected outcome changed (a
  /// failure), one with its recording dropped (recorded on replay with `.missing`).
  static func report() async throws -> (GoldenReport, folder: URL, names: (String, String)) {
    let corpus = GoldenCorpusTests.folder
    let names = try ProfileCore.goldenRunner(directory: corpus).scenarios()
    try #require(names.count >= 2)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "golden-sarif-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let (changed, fresh) = (names[0], names[1])
    try rewrite(changed, from: corpus, into: folder) {
      $0["expected"] = .object(["kind": .string("not what the core returns")])
    }
    try rewrite(fresh, from: corpus, into: folder) {
      $0["recording"] = nil
      $0["expected"] = nil
    }
    let runner = try ProfileCore.goldenRunner(directory: folder, mode: .missing, force: true)
    let report = GoldenReport(try await runner.replayAll(ProfileCore.golden))
    return (report, folder, (changed, fresh))
  }

  /// Copies scenario `name` from `corpus` into `folder`, its top-level members changed by `edit`.
  static func rewrite(
    _ name: String, from corpus: URL, into folder: URL, _ edit: (inout [String: JSONValue]) -> Void
  ) throws {
    let value = try JSONValue(
      parsing: Data(contentsOf: corpus.appendingPathComponent(name + ".json")))
    guard case .object(var members) = value else {
      throw CocoaError(.fileReadCorruptFile)
    }
    edit(&members)
    try Data(CanonicalJSON.render(.object(members), pretty: true)).write(
      to: folder.appendingPathComponent(name + ".json"))
  }

  @Test(.integration, .enabled(if: SARIFTools.run, Comment(rawValue: SARIFTools.missing)))
  func sarifToolsReadsTheFailureAndTheRecording() async throws {
    let (report, folder, (changed, fresh)) = try await Self.report()
    defer { try? FileManager.default.removeItem(at: folder) }
    let rows = try SARIFTools.rows(of: report.renderSARIF(folder: "Golden"))
    let byCode = Dictionary(grouping: rows, by: \.code)
    #expect(byCode["golden.failed"]?.map(\.location) == ["Golden/\(changed).json"], "\(rows)")
    #expect(byCode["golden.failed"]?.first?.severity == "error")
    #expect(byCode["golden.recorded"]?.map(\.location) == ["Golden/\(fresh).json"], "\(rows)")
    #expect(byCode["golden.recorded"]?.first?.severity == "warning")
    #expect(rows.allSatisfy { $0.tool == "contract-kit golden" })
  }

  @Test func githubAnnotationsAreOnTheScenarioFiles() async throws {
    let (report, folder, (changed, fresh)) = try await Self.report()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = report.renderGitHub(folder: "Golden").split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(lines)")
    #expect(
      lines.contains { $0.hasPrefix("::error file=Golden/\(changed).json,title=golden.failed") })
    #expect(
      lines.contains { $0.hasPrefix("::warning file=Golden/\(fresh).json,title=golden.recorded") })
    #expect(lines.last == report.summaryLine)
  }
}
