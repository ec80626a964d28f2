// GoldenReplay plus recordIssue() for XCTest and Swift Testing. A module of its own, so the
// command line links GoldenReplay without any test framework.
@_exported import GoldenReplay
import TestingBridge

extension GoldenResult {
  /// Records one test failure when the scenario did not pass: the first divergence or the
  /// outcome diff, under the scenario's name.
  ///
  /// ```swift
  /// // Swift Testing: one case per scenario; a missing or empty folder fails the run
  /// @Test(arguments: try GoldenRunner(directory: goldenURL, core: "MyCore").scenarios())
  /// func golden(_ name: String) async throws {
  ///   let runner = try GoldenRunner(directory: goldenURL, core: "MyCore")
  ///   await runner.replay(name, myCore).recordIssue()
  /// }
  ///
  /// // XCTest: replayAll throws for a missing or empty folder too
  /// func testGolden() async throws {
  ///   let runner = try GoldenRunner(directory: goldenURL, core: "MyCore")
  ///   for result in try await runner.replayAll(myCore) { result.recordIssue() }
  /// }
  /// ```
  public func recordIssue(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    guard !passed else { return }
    let message = "\(name): \(status)\n" + lines.joined(separator: "\n")
    recordTestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
