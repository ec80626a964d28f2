import KitSupport
import ProfileContracts

extension ConformanceReport {
  /// Plain text: a summary line, then one line per check, failures with their message.
  ///
  /// ```
  /// translator: 9 passed, 1 failed, 0 skipped (seed 20261129)
  ///   ok    translator.count
  ///   FAIL  translator.order [required]: ko → en: output 0 lost 101 of input 0's markers 101, …
  /// ```
  ///
  /// Pending results (see ``RuleSet``) come first, marked `PEND`. A failure's message is cut to
  /// about 1 KB, saying what it left out, unless `verbose`, which also shows each pass's message
  /// and the folder a failing store check left.
  /// A failure that another failure of the report likely explains says which.
  public func renderText(label: String? = nil, verbose: Bool = false) -> String {
    let (passed, failed, skipped) = counts
    let seedNote = seed.map { " (seed \($0))" } ?? ""
    let pendingNote = pending.isEmpty ? "" : ", \(pending.count) pending"
    var lines = [
      "\(label ?? suite): \(passed) passed, \(failed - pending.count) failed, \(skipped) skipped\(pendingNote)\(seedNote)"
    ]
    // Pending findings first: what the next rule set will count, before what this one counts.
    for result in pending + results.filter({ !$0.pending }) {
      let line: String
      switch result.status {
      case .passed: line = "  ok    \(result.id)" + (verbose ? ": \(result.message)" : "")
      case .skipped: line = "  skip  \(result.id): \(result.message)"
      default:
        let mark = result.pending ? "PEND" : "FAIL"
        let message = verbose ? result.message : ShortMessage.shortened(result.message)
        let cause = LikelyCauses.root(of: result.id, in: self).map {
          "\n(also failing, likely the same cause: \($0), which failed too; fix it first)"
        }
        let folder = result.storeFolder.map {
          verbose ? "\nthe store's folder as the check left it:\n" + $0 : ""
        }
        line =
          "  \(mark)  \(result.id) [\(result.level)]: \(message)\(cause ?? "")\(folder ?? "")"
      }
      // A message of several lines (a shrunk history) keeps its lines, indented under its rule.
      lines.append(line.replacingOccurrences(of: "\n", with: "\n        "))
    }
    return lines.joined(separator: "\n")
  }

  /// One result as a test issue: the check, its level, status and message, how to replay the
  /// seed; then, for a failure, the rule's advice (or, when another failure of the report likely
  /// explains it, that failure's name instead) and the command that explains it.
  ///
  /// ```
  /// store.keys [required] failed: the base command loaded … (suite store, seed 7; replay: CONTRACT_KIT_SEED=7 with the same test or command)
  /// When it fails: Key by every field of the command (for example its canonical JSON), …
  /// Rule book: swift package contract-kit conformance explain store.keys
  /// ```
  ///
  /// - Parameter rerun: how to run the same test again with some environment variables set
  ///   (`CONTRACT_KIT_SEED=7`), when the test is known; every replay line then names it.
  package func issueText(_ result: CheckResult, rerun: ((String) -> String)? = nil) -> String {
    let rerun = rerun ?? { "\($0) \(ReplayCommand.sameRun)" }
    let lines = ShortMessage.shortened(result.message).split(
      separator: "\n", omittingEmptySubsequences: false)
    let message = lines.map { line in
      ReplayCommand.environment(inNeutralLine: line).map { "replay: " + rerun($0) } ?? String(line)
    }.joined(separator: "\n")
    // A message with a replay line of its own (a shrunk input) needs no second one.
    let replayed = lines.contains { $0.hasPrefix("replay: ") }
    let replay =
      seed.map {
        replayed || result.status != .failed
          ? ", seed \($0)"
          : ", seed \($0); replay: \(rerun(ReplayCommand.environment(seed: $0, examples: nil)))"
      } ?? ""
    var text = [
      "\(result.id) [\(result.level)] \(result.status): \(message) (suite \(suite)\(replay))"
    ]
    if result.status == .failed, let root = LikelyCauses.root(of: result.id, in: self) {
      // One bug, one piece of advice: the root's, which its own issue gives.
      text.append(
        "Also failing, likely the same cause: \(root), which failed too; fix it first, then run again"
      )
      text.append("Rule book: \(RuleBook.explainCommand(result.id))")
    } else if result.status == .failed, let rule = RuleBook.rule(result.id) {
      text.append("When it fails: \(rule.whenItFails)")
      text.append("Rule book: \(RuleBook.explainCommand(result.id))")
    }
    return text.joined(separator: "\n")
  }

  /// Canonical JSON: `{"kit": "0.7.0", "results": [...], "ruleSet": "0.7", "seed": N, "suite": "..."}`.
  public func renderJSON() throws -> String {
    String(decoding: try CanonicalJSON.encode(self, pretty: true), as: UTF8.self)
  }
}

/// JUnit XML for CI dashboards: one `<testsuite>` per report, one `<testcase>` per check.
package enum JUnitReport {
  /// The reports as one JUnit XML document. Times are omitted: they are not deterministic.
  package static func render(_ reports: [(label: String, report: ConformanceReport)]) -> String {
    var xml = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites name=\"contract-kit conformance\">",
    ]
    for (label, report) in reports {
      let (_, all, skipped) = report.counts
      let failed = all - report.pending.filter { $0.status == .failed }.count
      xml.append(
        "  <testsuite name=\"\(XMLText.escape(label))\" tests=\"\(report.results.count)\" failures=\"\(failed)\" skipped=\"\(skipped + all - failed)\">"
      )
      for result in report.results {
        let open =
          "    <testcase classname=\"\(XMLText.escape(label))\" name=\"\(XMLText.escape(result.id))\""
        switch result.status {
        case .passed:
          xml.append(open + "/>")
        case .skipped:
          xml.append(open + ">")
          xml.append("      <skipped message=\"\(XMLText.escape(result.message))\"/>")
          xml.append("    </testcase>")
        case _ where result.pending:
          // A pending finding fails nothing: shown as a skip that says what it found.
          xml.append(open + ">")
          xml.append("      <skipped message=\"\(XMLText.escape(result.message))\"/>")
          xml.append("    </testcase>")
        default:
          xml.append(open + ">")
          xml.append(
            "      <failure type=\"\(result.level)\" message=\"\(XMLText.escape(result.message))\"/>"
          )
          xml.append("    </testcase>")
        }
      }
      xml.append("  </testsuite>")
    }
    xml.append("</testsuites>")
    return xml.joined(separator: "\n")
  }
}
