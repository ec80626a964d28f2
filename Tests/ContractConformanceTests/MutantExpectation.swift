import ContractConformance
import Testing

/// Each check's limit in these tests: the test runner runs many suites at once on two cores, and
/// a check starved of the cooperative pool must not time out into a different verdict. (A
/// property stops generating at half its check's time; with this limit, only the defaults stop
/// it.)
let testTimeout: Duration = .seconds(600)

/// A deliberately broken adapter and what the suite must say about it: the check it fails and a
/// fragment of the message that check must carry.
struct MutantExpectation: Sendable, CustomTestStringConvertible {
  let mutant: String
  let failing: String
  let message: String

  var testDescription: String { "\(mutant) fails \(failing)" }
}

/// Checks a report against the expectations for one mutant: each expected check failed, with its
/// message fragment. Under another seed than the default (`CONTRACT_KIT_SEED`, as CI's seed
/// sweep sets it) the generated inputs differ, and so may the failing input and its message:
/// there each expected check must fail, whatever it says.
func expect(
  _ report: ConformanceReport, failsAll expectations: [MutantExpectation],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for expectation in expectations {
    let result = report.result(expectation.failing)
    #expect(result != nil, "no check \(expectation.failing)", sourceLocation: sourceLocation)
    #expect(
      result?.status == .failed,
      "\(expectation.mutant) should fail \(expectation.failing); got \(result?.status.rawValue ?? "nothing"): \(result?.message ?? "")",
      sourceLocation: sourceLocation)
    guard (report.seed ?? ConformanceSeed.defaultSeed) == ConformanceSeed.defaultSeed else {
      continue
    }
    #expect(
      result?.message.contains(expectation.message) == true,
      "\(expectation.mutant) / \(expectation.failing): message \(String(describing: result?.message)) lacks \(expectation.message)",
      sourceLocation: sourceLocation)
  }
}

/// Checks that a report has no failure at all, required or recommended.
func expectClean(
  _ report: ConformanceReport, _ subject: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  for failure in report.failures {
    Issue.record(
      "\(subject) should pass \(failure.id): \(failure.message)", sourceLocation: sourceLocation)
  }
  #expect(report.isPassing, sourceLocation: sourceLocation)
}
