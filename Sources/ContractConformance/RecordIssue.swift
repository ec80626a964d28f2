import Foundation
import GoldenReplayTesting
import KitSupport

extension ConformanceReport {
  /// Records one test failure per failed required check, in whichever test framework is running:
  /// `Issue.record` under Swift Testing, `XCTFail` under XCTest. Each carries the rule's advice
  /// ("when it fails"), its page in the rule book, and a replay line that runs the same test
  /// again with the same seed. Recommended failures and pending findings (see ``RuleSet``) are
  /// not failures: under Swift Testing 6.3 and later they are recorded as warnings, elsewhere
  /// printed to standard error. A report whose every check was skipped (a rule left out by
  /// `CONTRACT_KIT_RULES`, or one that does not apply) marks the test as skipped under Swift
  /// Testing 6.3 and later, never as passed; a skip among other results is printed. Under Swift
  /// Testing 6.2 and later, a failure whose message the issue shortens, that found a generated
  /// input, or of a store check that left files attaches `<rule ID>.txt`: the whole message, the
  /// input's seed, choices and regressions line, and the store's files
  /// (`swift test --attachments-path DIR` writes it into DIR).
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
  ///   - verbose: also print the whole report, each pass with what it checked, so a run that
  ///     passes still shows which rules ran. Defaults to whether `CONTRACT_KIT_VERBOSE` is `1`.
  ///   - fileID: where the failure is recorded under Swift Testing; leave the default.
  ///   - filePath: where the failure is recorded under XCTest; leave the default.
  ///   - line: the line the failure is recorded at; leave the default.
  ///   - column: the column the failure is recorded at; leave the default.
  public func recordIssues(
    verbose: Bool = KitEnvironment.value("CONTRACT_KIT_VERBOSE") == "1",
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    if verbose { printTestNote(renderText(verbose: true)) }
    // A misspelled setting is no silent default: the run it asked for did not happen.
    for problem in [ConformanceSeed.problem(), ConformanceExamples.problem()].compactMap({ $0 }) {
      recordTestFailure(problem, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    let rerun = currentTestRerun()
    if !results.isEmpty, results.allSatisfy({ $0.status == .skipped }) {
      let reasons = results.map { "\($0.id): \($0.message)" }
      skipCurrentTest(
        "skipped \(reasons.joined(separator: "; "))", fileID: fileID, filePath: filePath,
        line: line, column: column)
      return
    }
    // Roots first: the failure that likely explains others is the one to read and fix.
    let ordered =
      LikelyCauses.rootsFirst(self)
      + results.filter { $0.status != .passed && $0.status != .failed }
    for result in ordered {
      let text = issueText(result, rerun: rerun)
      if result.status == .failed, let attachment = attachment(for: result) {
        attachToCurrentTest(
          attachment, named: "\(result.id).txt", fileID: fileID, filePath: filePath, line: line,
          column: column)
      }
      if result.failsReport {
        recordTestFailure(text, fileID: fileID, filePath: filePath, line: line, column: column)
      } else if result.status == .failed {
        recordTestWarning(text, fileID: fileID, filePath: filePath, line: line, column: column)
      } else {
        printTestNote(text)
      }
    }
  }

  /// What a failure attaches to its test: the whole message, whose long lines and many lines
  /// the issue shortens; for a generated input, its rule, seed and choices, and the line that
  /// keeps it in a regressions folder; for a store check, the store's folder as it was left.
  /// `nil` when the issue already says it all.
  func attachment(for result: CheckResult) -> String? {
    let shortened = ShortMessage.shortened(result.message) != result.message
    guard shortened || result.regression != nil || result.storeFolder != nil else { return nil }
    var text = ["\(result.id) [\(result.level)] \(result.status) (suite \(suite))"]
    if let kept = result.regression {
      text += [
        "", "the failing generated input, shrunk:", "  rule: \(kept.rule)", "  seed: \(kept.seed)",
        "  choices: \(kept.choices.isEmpty ? "-" : kept.choices.map(String.init).joined(separator: ","))",
        "  input: \(kept.input)",
        "  a regressions folder (CONTRACT_KIT_REGRESSIONS) keeps it as this line of \(suite).txt:",
        "  \(kept.line)",
      ]
    }
    text += ["", result.message]
    if let folder = result.storeFolder {
      text += ["", "the store's folder as the check left it (its sandbox is removed):", folder]
    }
    return text.joined(separator: "\n") + "\n"
  }
}
