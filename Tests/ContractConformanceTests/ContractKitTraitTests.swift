#if compiler(>=6.1)
  import ContractConformance
  import ContractConformanceCore
  import Foundation
  import ProfileAdapters
  import Synchronization
  import Testing

  /// `.contractKit(…)`: settings in code for a test or a whole suite, the test's over the
  /// suite's, each `nil` left to the environment.
  @Suite(.contractKit(examples: 3, pin: "0.4")) struct ContractKitTraitTests {
    @Test(.contractKit(seed: 7)) func aTestsTraitAndItsSuitesBothApply() {
      #expect(ConformanceSettings.scoped?.seed == 7)
      #expect(ConformanceSettings.scoped?.examples == 3)
      #expect(ConformanceSettings.scoped?.rules == .pinned("0.4"))
    }
  }

  /// The rest of the trait's promises, under the same suite trait.
  @Suite(.contractKit(examples: 3, pin: "0.4")) struct ContractKitTraitScopeTests {
    @Test(.contractKit(examples: 5)) func theTestsTraitWinsOverTheSuites() {
      #expect(ConformanceExamples.current() == 5)
      #expect(RuleSet.current() == .pinned("0.4"))
      #expect(ConformanceSettings.scoped?.seed == nil, "a seed no trait set is the environment's")
    }

    @Test(.contractKit(seed: 11, rules: ["executor.knownErrors"]))
    func aSuiteRunInsideReadsTheTraitsSettings() async {
      let report = await ModelExecutorConformance(
        errorMapping: ExtractiveModelExecutor.map,
        knownErrors: ExtractiveModelExecutor.NativeError.allCases.map {
          KnownError($0, expected: .rejected)
        }
      ) { ExtractiveModelExecutor() }.run()
      #expect(report.results.map(\.id) == ["executor.knownErrors"])
      #expect(report.seed == 11)
      #expect(report.ruleSet == "0.4")
    }

    /// A pin that is not a version, or no inputs at all, fails the test before it runs.
    @Test(arguments: [
      (ContractKitTrait.contractKit(pin: "v0.4"), "is not a rule-set version"),
      (ContractKitTrait.contractKit(examples: 0), "is below one"),
    ])
    func aSettingThatCannotRunFailsTheTest(trait: ContractKitTrait, words: String) async throws {
      let test = try #require(Test.current)
      let ran = Mutex(false)
      let error = await #expect(throws: ContractKitTrait.SettingError.self) {
        try await trait.provideScope(for: test, testCase: nil) { ran.withLock { $0 = true } }
      }
      #expect(error?.description.contains(words) == true)
      #expect(!ran.withLock { $0 }, "the test must not run with a setting it cannot run with")
    }
  }
#endif
