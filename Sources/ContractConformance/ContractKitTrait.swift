#if canImport(Testing) && compiler(>=6.1)
  import ContractConformanceCore
  import Foundation
  import Testing

  /// Conformance settings for one test, or every test of a suite, written in code: what
  /// `CONTRACT_KIT_SEED`, `CONTRACT_KIT_EXAMPLES`, `CONTRACT_KIT_RULES`, `CONTRACT_KIT_PIN`,
  /// `CONTRACT_KIT_POWER_LOSS_MODEL` and `CONTRACT_KIT_REGRESSIONS` set for a whole process. A
  /// suite run inside the test reads them before the environment; a setting the trait leaves
  /// `nil` comes from an outer trait, then the environment.
  ///
  /// ```swift
  /// @Suite(.contractKit(examples: 3, pin: "0.4")) struct ContractKitTraitTests {
  ///   @Test(.contractKit(seed: 7)) func aTestsTraitAndItsSuitesBothApply() {
  ///     #expect(ConformanceSettings.scoped?.seed == 7)
  ///     #expect(ConformanceSettings.scoped?.examples == 3)
  ///     #expect(ConformanceSettings.scoped?.rules == .pinned("0.4"))
  ///   }
  /// }
  /// ```
  ///
  /// A pin that is not a version, or a number of inputs below one, fails the test without
  /// running it (``SettingError``).
  public struct ContractKitTrait: TestTrait, SuiteTrait, TestScoping {
    /// The settings the marked tests run under.
    public let settings: ConformanceSettings
    /// Whether the settings apply to every test of a suite the trait marks: always.
    public var isRecursive: Bool { true }

    /// Runs `function` with the trait's settings over the ones already scoped.
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      if let pin = settings.rules?.pin, !RuleSet.isWellFormed(pin) {
        throw SettingError(
          "contractKit(pin: \"\(pin)\") is not a rule-set version; pass one such as \(RuleSet.latestVersion)"
        )
      }
      if let examples = settings.examples, examples < 1 {
        throw SettingError(
          "contractKit(examples: \(examples)) is below one; pass how many inputs each check generates"
        )
      }
      let outer = ConformanceSettings.scoped ?? ConformanceSettings()
      let merged = ConformanceSettings(
        seed: settings.seed ?? outer.seed, examples: settings.examples ?? outer.examples,
        rules: settings.rules ?? outer.rules,
        powerLossModel: settings.powerLossModel ?? outer.powerLossModel,
        selection: settings.selection ?? outer.selection,
        regressions: settings.regressions ?? outer.regressions)
      try await ConformanceSettings.$scoped.withValue(merged) { try await function() }
    }
  }

  extension ContractKitTrait {
    /// A setting the trait cannot run with: the test fails with it, and does not run.
    public struct SettingError: Error, CustomStringConvertible {
      /// What is wrong, and what to pass instead.
      public let description: String
      init(_ description: String) { self.description = description }
    }
  }

  extension Trait where Self == ContractKitTrait {
    /// Conformance settings for the marked test or suite; each `nil` leaves that setting to an
    /// outer trait, then the environment.
    ///
    /// - Parameters:
    ///   - seed: the seed of the generated inputs (`CONTRACT_KIT_SEED`).
    ///   - examples: how many inputs each check generates (`CONTRACT_KIT_EXAMPLES`).
    ///   - rules: the IDs of the only rules to run (`CONTRACT_KIT_RULES`).
    ///   - pin: the rule set to count, such as `"0.5"` (`CONTRACT_KIT_PIN`).
    ///   - powerLossModel: what survives a power loss in `store.powerLoss`.
    ///   - regressions: the folder that keeps failing generated inputs and replays them first
    ///     (`CONTRACT_KIT_REGRESSIONS`).
    public static func contractKit(
      seed: UInt64? = nil, examples: Int? = nil, rules: Set<String>? = nil, pin: String? = nil,
      powerLossModel: PowerLossModel? = nil, regressions: URL? = nil
    ) -> Self {
      ContractKitTrait(
        settings: ConformanceSettings(
          seed: seed, examples: examples, rules: pin.map(RuleSet.pinned),
          powerLossModel: powerLossModel, selection: rules, regressions: regressions))
    }
  }
#endif
