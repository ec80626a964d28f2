// The one place that picks the test framework: Issue.record under Swift Testing, XCTFail under
// XCTest, standard error when neither is running. Both libraries users test with report through
// it: GoldenReplayTesting, and ContractConformance with package access, so that the kit has one
// bridge and no module of its own for it. Nothing else imports a test framework.
import Foundation

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Records one test failure at the caller's source location, in whichever test framework is
/// running: `Issue.record` under Swift Testing, `XCTFail` under XCTest, and a line on standard
/// error when neither is.
///
/// - Parameters:
///   - message: the failure, as the test report should show it.
///   - fileID, filePath, line, column: where the user's test called the public API.
package func recordTestFailure(
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

/// Writes a note that is not a failure (a skipped or recommended check) to standard error, so it
/// is not lost when every required check passes.
package func printTestNote(_ message: String) {
  FileHandle.standardError.write(Data("note: \(message)\n".utf8))
}
