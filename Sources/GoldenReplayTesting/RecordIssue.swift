// The one place that picks the test framework for golden results: Issue.record under Swift
// Testing, XCTFail under XCTest, standard error when neither is running. A module of its own, so
// the command line links GoldenReplay without any test framework.
import Foundation
@_exported import GoldenReplay

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

extension GoldenResult {
  /// Records one test failure when the scenario did not pass: the first divergence or the
  /// outcome diff, under the scenario's name.
  ///
  /// ```swift
  /// // XCTest
  /// func testGolden() async throws {
  ///   let runner = try GoldenRunner(directory: goldenURL)
  ///   for result in try await runner.replayAll(myCore) { result.recordIssue() }
  /// }
  /// ```
  public func recordIssue(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    guard !passed else { return }
    let message = "\(name): \(status)\n" + lines.joined(separator: "\n")
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
