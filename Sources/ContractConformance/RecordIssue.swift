// The one place that picks the test framework: Issue.record under Swift Testing, XCTFail under
// XCTest, standard error when neither is running.
import Foundation

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

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
        FileHandle.standardError.write(Data("note: \(text)\n".utf8))
        continue
      }
      record(text, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  private func record(
    _ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
  ) {
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(message, file: filePath, line: line)
    #else
      FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    #endif
  }
}
