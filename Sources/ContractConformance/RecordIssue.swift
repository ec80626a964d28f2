import TestingBridge

extension ConformanceReport {
  /// Records one test failure per failed required check, in whichever test framework is running:
  /// `Issue.record` under Swift Testing, `XCTFail` under XCTest. Recommended failures and skips
  /// are not failures; they are printed to standard error so they are not lost.
  ///
  /// ```swift
  /// @Test func storeKeepsTheContract() async {
  ///   await ExecutionStoreConformance(durability: .durable) { try MyStore(directory: $0) }
  ///     .run().recordIssues()
  /// }
  /// ```
  public func recordIssues(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    for result in results where result.status != .passed {
      let replay =
        seed.map { ", seed \($0); replay with \(ConformanceSeed.environmentVariable)=\($0)" } ?? ""
      let text =
        "\(result.id) [\(result.level)] \(result.status): \(result.message) (suite \(suite)\(replay))"
      guard result.level == .required, result.status == .failed else {
        printTestNote(text)
        continue
      }
      recordTestFailure(text, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
