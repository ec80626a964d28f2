import Foundation

/// Seed, example count, rule set, power-loss model, rule selection and regressions folder for
/// suites built inside a scope, without passing them to each suite: what `contract-kit
/// conformance run --seed --examples --pin --power-loss-model --rule --regressions` sets. Each
/// suite's defaults read these before the environment (`CONTRACT_KIT_SEED`,
/// `CONTRACT_KIT_EXAMPLES`, `CONTRACT_KIT_PIN`, `CONTRACT_KIT_POWER_LOSS_MODEL`,
/// `CONTRACT_KIT_RULES`, `CONTRACT_KIT_REGRESSIONS`).
///
/// ```swift
/// let settings = ConformanceSettings(seed: 7, examples: 20, rules: .pinned("0.2"))
/// let report = await ConformanceSettings.$scoped.withValue(settings) {
///   await TranslatorConformance(pairs: pairs, timeout: .seconds(60)) { MyTranslator() }.run()
/// }
/// ```
public struct ConformanceSettings: Sendable {
  /// The seed, or `nil` to leave it to the environment.
  public var seed: UInt64?
  /// Generated inputs per property, or `nil` to leave it to the environment.
  public var examples: Int?
  /// The rule set, or `nil` to leave it to the environment.
  public var rules: RuleSet?
  /// The persistence model of `store.powerLoss`, or `nil` to leave it to the environment.
  public var powerLossModel: PowerLossModel?
  /// The IDs of the only rules to run, or `nil` for every rule. A suite leaves the others out of
  /// its report.
  public var selection: Set<String>?
  /// The folder of regressions files: generated inputs that failed, replayed first by every
  /// later run and written there when found. `nil` leaves it to `CONTRACT_KIT_REGRESSIONS`, and
  /// without that, nothing is replayed or kept.
  public var regressions: URL?

  /// Creates settings; each `nil` leaves that setting to the environment.
  public init(
    seed: UInt64? = nil, examples: Int? = nil, rules: RuleSet? = nil,
    powerLossModel: PowerLossModel? = nil, selection: Set<String>? = nil, regressions: URL? = nil
  ) {
    self.seed = seed
    self.examples = examples
    self.rules = rules
    self.powerLossModel = powerLossModel
    self.selection = selection
    self.regressions = regressions
  }

  /// The settings of the current task, if a caller scoped any.
  @TaskLocal public static var scoped: ConformanceSettings?
}
