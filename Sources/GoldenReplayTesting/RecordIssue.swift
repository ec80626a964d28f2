// GoldenReplay plus recordIssue() for XCTest and Swift Testing. A module of its own, so the
// command line links GoldenReplay without any test framework.
@_exported import GoldenReplay

extension GoldenResult {
  /// Records one test failure when the scenario did not pass: the first divergence or the
  /// outcome diff, under the scenario's name.
  ///
  /// Under Swift Testing, one test case per scenario, so a failure names it; a missing or empty
  /// folder fails the run. From Swift 6.2, a failed replay also attaches its run as made,
  /// `<name>.actual.json`, and its divergence and outcome diff, `<name>.diff.txt`:
  /// `swift test --attachments-path DIR` writes them into DIR, and
  /// `contract-kit golden review --attachments DIR` reviews them. The runner's `model:` is the offline model the scenarios record from:
  /// here the kit's `ExtractiveModelExecutor`, from ProfileAdapters.
  ///
  /// ```swift
  /// @Test(
  ///   arguments: try GoldenRunner(
  ///     directory: goldenFolder, core: "TinyCore", model: ExtractiveModelExecutor()
  ///   ).scenarios())
  /// func golden(_ name: String) async throws {
  ///   let runner = try GoldenRunner(
  ///     directory: goldenFolder, core: "TinyCore", model: ExtractiveModelExecutor())
  ///   let result = await runner.replay(name) { adapters, command in
  ///     await TinyCore(model: adapters.model, documents: adapters.documents).run(command)
  ///   }
  ///   result.recordIssue()
  /// }
  /// ```
  ///
  /// Under XCTest, one test for them all: `replayAll` throws for a missing or empty folder too.
  ///
  /// ```swift
  /// func testGolden() async throws {
  ///   let runner = try GoldenRunner(
  ///     directory: goldenFolder, core: "TinyCore", model: ExtractiveModelExecutor())
  ///   for result in try await runner.replayAll({ adapters, command in
  ///     await TinyCore(model: adapters.model, documents: adapters.documents).run(command)
  ///   }) {
  ///     result.recordIssue()
  ///   }
  /// }
  /// ```
  public func recordIssue(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    guard !passed else { return }
    let message = "\(name): \(status)\n" + lines.joined(separator: "\n")
    if let actual {
      attachToCurrentTest(
        String(decoding: actual, as: UTF8.self), named: "\(name).actual.json", fileID: fileID,
        filePath: filePath, line: line, column: column)
      attachToCurrentTest(
        message + "\n", named: "\(name).diff.txt", fileID: fileID, filePath: filePath,
        line: line, column: column)
    }
    recordTestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
