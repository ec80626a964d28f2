import ContractConformance
import Foundation
import ProfileContracts
import ReferenceSuites
import Testing

@testable import ContractConformanceCore

/// The coverage matrix: every field the suites send is varied by some rule, every rule judges
/// an answer or a promise, and `Conformance/coverage.md` is what the suites' calls show.
@Suite(.serialized) struct CoverageMatrixTests {
  static let suites: [(name: String, rules: [ConformanceRule], monitored: [String])] = [
    ("executor", ModelExecutorConformance.rules, ExecutorMonitor.promises),
    ("translator", TranslatorConformance.rules, TranslatorMonitor.promises),
    ("document", DocumentProviderConformance.rules, DocumentMonitor.promises),
    ("store", ExecutionStoreConformance.rules, []),
  ]

  /// The four suites run once against the kit's own adapters, with their calls recorded. The
  /// long limit keeps every property at its planned count, so the page is the same every run.
  @Test(.integration) func everyFieldIsVariedAndTheCommittedPageIsWhatTheCallsShow() async throws {
    let traffic = Traffic()
    for suite in Self.suites {
      let runs = await Traffic.$current.withValue(traffic) {
        await ReferenceSuites.run(suite.name, timeout: testTimeout)
      }
      for run in runs { expectClean(run.report, run.label) }
    }
    let matrices = Self.suites.map {
      CoverageMatrix(
        suite: $0.name, rules: $0.rules.map(\.id), monitored: Set($0.monitored),
        traffic: traffic.byRule)
    }
    for problem in matrices.flatMap(\.problems) { Issue.record(Comment(rawValue: problem)) }
    let page = CoverageMatrix.markdown(matrices, seed: ConformanceSeed.defaultSeed)
    let file = RuleBookTests.packageRoot.appendingPathComponent("Conformance/coverage.md")
    if ProcessInfo.processInfo.environment["CONTRACT_KIT_WRITE_COVERAGE"] == "1" {
      try Data(page.utf8).write(to: file)
    }
    let committed = try? String(contentsOf: file, encoding: .utf8)
    #expect(
      committed == page,
      "Conformance/coverage.md is stale; run: CONTRACT_KIT_WRITE_COVERAGE=1 CONTRACT_KIT_INTEGRATION=1 swift test --filter CoverageMatrixTests"
    )
  }

  /// The matrix fails on what it is there to catch: a field no rule varies, a case no rule
  /// sends, a field the surface does not list, and a rule that judges nothing.
  @Test func aFieldNoRuleVariesIsAProblem() {
    var oneValue = Traffic.Field()
    oneValue.values = ["chunk-1"]
    var twoValues = Traffic.Field()
    twoValues.values = ["a", "b"]
    var oneCase = Traffic.Field()
    oneCase.cases = ["summaryChunk"]
    let matrix = CoverageMatrix(
      suite: "executor", rules: ["executor.chunkShape", "executor.new"], monitored: [],
      traffic: [
        "executor.chunkShape": [
          "generate.request.stepID": oneValue, "generate.request.prompt": twoValues,
          "generate.request.schema": oneCase, "generate.request.temperature": twoValues,
        ]
      ])
    let problems = matrix.problems
    #expect(
      problems.contains("executor: no rule sends more than one value in generate.request.stepID"))
    #expect(problems.contains("executor: no rule sends generate.request.schema as summaryTitle"))
    #expect(
      problems.contains(
        "executor: the suite sends generate.request.temperature, which the surface does not list"))
    #expect(problems.contains("executor: executor.new judges no answer or promise of the surface"))
    #expect(!problems.contains { $0.contains("generate.request.prompt") })
  }

  /// Reflection reaches every leaf: an enum's case and its associated values, an optional's
  /// `nil`, a list's length and elements.
  @Test func theWalkReachesEveryLeafOfARecord() {
    let step = ProfileStepRecord(
      stepID: "chunk-1", attempts: 2, status: .failed(.contextWouldOverflow(estimatedTokens: 9)))
    var leaves: [String: [String]] = [:]
    Traffic.walk(ProfileExecutionReceipt(steps: [step]), path: "r") { path, leaf in
      switch leaf {
      case .value(let value): leaves[path, default: []].append("\(value)")
      case .enumCase(let name): leaves[path, default: []].append("case " + name)
      }
    }
    #expect(
      leaves == [
        "r.steps.count": ["1"], "r.steps[].stepID": ["chunk-1"], "r.steps[].attempts": ["2"],
        "r.steps[].status": ["case failed"],
        "r.steps[].status.failed": ["case contextWouldOverflow"],
        "r.steps[].status.failed.contextWouldOverflow.estimatedTokens": ["9"],
      ])
    var nils: [String] = []
    Traffic.walk(
      ProfileCommand(profile: .note, attachmentID: "a", sourceLanguage: nil, targetLanguage: "en"),
      path: "c"
    ) { path, leaf in
      if case .value(let value) = leaf, value == AnyHashable("nil") { nils.append(path) }
    }
    #expect(nils == ["c.sourceLanguage"])
  }
}
