import Foundation
import GoldenReplayTesting
import KitSupport

extension ConformanceReport {
  /// Records one test failure per failed required check, in whichever test framework is running:
  /// `Issue.record` under Swift Testing, `XCTFail` under XCTest. Each carries the rule's advice
  /// ("when it fails") and its page in the rule book. Recommended failures, skips and pending
  /// findings (see ``RuleSet``) are not failures; they are printed to standard error so they are
  /// not lost.
  ///
  /// ```swift
  /// @Test func translatorKeepsTheContract() async {
  ///   let pairs = [LanguagePair(source: "ko", target: "en")]
  ///   await TranslatorConformance(pairs: pairs, timeout: .seconds(60)) { MyTranslator() }
  ///     .run().recordIssues()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - verbose: also print the whole report, passes included, so a run that passes still shows
  ///     which rules ran. Defaults to whether `CONTRACT_KIT_VERBOSE` is `1`.
  ///   - fileID: where the failure is recorded under Swift Testing; leave the default.
  ///   - filePath: where the failure is recorded under XCTest; leave the default.
  ///   - line: the line the failure is recorded at; leave the default.
  ///   - column: the column the failure is recorded at; leave the default.
  public func recordIssues(
    verbose: Bool = KitEnvironment.value("CONTRACT_KIT_VERBOSE") == "1",
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    if verbose { printTestNote(renderText()) }
    for result in results where result.status != .passed {
      let text = issueText(result)
      guard result.failsReport else {
        printTestNote(text)
        continue
      }
      recordTestFailure(text, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
