// The one place that picks the test framework: Issue.record under Swift Testing, XCTFail under
// XCTest, standard error when neither is running. Both libraries users test with report through
// it: GoldenReplayTesting, and ContractConformance with package access, so that the kit has one
// bridge and no module of its own for it. Nothing else imports a test framework but
// ContractConformance's trait (ContractKitTrait.swift), a Swift Testing type by nature.
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

/// Records a warning at the caller's source location: under Swift Testing 6.3 and later, an
/// issue of warning severity, which Xcode and `swift test` show beside the test without failing
/// it; elsewhere, a note on standard error.
package func recordTestWarning(
  _ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
) {
  #if canImport(Testing) && compiler(>=6.3)
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message), severity: .warning,
        sourceLocation: SourceLocation(
          fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
      return
    }
  #endif
  printTestNote(message)
}

/// Marks the current test, or the current case of a parameterized test, as skipped with
/// `reason`: under Swift Testing 6.3 and later it is cancelled (ST-0016), which the test list
/// shows as skipped, never as passed; elsewhere, a note on standard error. Returns whether the
/// test was marked.
@discardableResult
package func skipCurrentTest(
  _ reason: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
) -> Bool {
  #if canImport(Testing) && compiler(>=6.3)
    if Test.current != nil {
      // The cancellation is recorded as the call is made; what it throws only ends the test
      // early, and the caller has nothing left to do.
      _ = try? Test.cancel(
        Comment(rawValue: reason),
        sourceLocation: SourceLocation(
          fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
      return true
    }
  #endif
  printTestNote(reason)
  return false
}

/// Attaches `text` to the current test as a file called `name`: under Swift Testing 6.2 and
/// later (ST-0009), which Xcode's test report shows and `swift test --attachments-path DIR`
/// writes into DIR; elsewhere nothing, and the failure's own message must say what matters.
/// Returns whether it was attached.
@discardableResult
package func attachToCurrentTest(
  _ text: String, named name: String, fileID: String, filePath: StaticString, line: UInt,
  column: UInt
) -> Bool {
  #if canImport(Testing) && compiler(>=6.2)
    if Test.current != nil {
      Attachment.record(
        text, named: name,
        sourceLocation: SourceLocation(
          fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
      return true
    }
  #endif
  return false
}

/// How to run the current Swift Testing test again with some environment variables set
/// (`CONTRACT_KIT_SEED=7`): under `swift test`, and under `xcodebuild`, which hands the test only
/// variables spelled `TEST_RUNNER_…`. `nil` outside a Swift Testing test (XCTest names no current
/// test).
package func currentTestRerun() -> ((_ environment: String) -> String)? {
  #if canImport(Testing)
    guard let test = Test.current else { return nil }
    let components = test.id.nameComponents
    // `--filter` is a regular expression over `Suite/test()`: the names without their labels.
    let filter = components.map { String($0.prefix { $0 != "(" }) }.joined(separator: "/")
    let only = ([test.id.moduleName] + components).joined(separator: "/")
    return { environment in
      let xcode = environment.split(separator: " ").map { "TEST_RUNNER_" + $0 }.joined(
        separator: " ")
      return
        "\(environment) swift test --filter '\(filter)', or in Xcode: \(xcode) xcodebuild test -scheme <your scheme> -only-testing:\(only)"
    }
  #else
    return nil
  #endif
}
