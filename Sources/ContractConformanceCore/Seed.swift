import Foundation
import KitSupport

/// The seed of a suite's randomized inputs: `CONTRACT_KIT_SEED` when set, else a fixed default,
/// so runs are deterministic unless asked otherwise. Reports carry it, and the text report
/// prints it.
@usableFromInline package enum ConformanceSeed {
  /// The environment variable that replays a seed.
  package static let environmentVariable = "CONTRACT_KIT_SEED"
  /// The seed used when the variable is not set.
  package static let defaultSeed: UInt64 = 20_261_129

  /// The seed to use now: the scoped ``ConformanceSettings``' seed, else the environment's,
  /// else ``defaultSeed``.
  @usableFromInline package static func current(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> UInt64
  {
    ConformanceSettings.scoped?.seed ?? KitEnvironment.value(environmentVariable, in: environment)
      .flatMap { UInt64($0) }
      ?? defaultSeed
  }
}

/// How many inputs each property generates: `CONTRACT_KIT_EXAMPLES` when set, else each
/// property's own default (tens of inputs, so a suite stays within seconds on a fast adapter).
/// Raise it for a deeper run, as the kit's CI does.
@usableFromInline package enum ConformanceExamples {
  /// The environment variable that sets the number.
  package static let environmentVariable = "CONTRACT_KIT_EXAMPLES"

  /// The number to generate (the scoped ``ConformanceSettings``' first, then the environment's),
  /// or `nil` for each property's default.
  @usableFromInline package static func current(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> Int?
  {
    ConformanceSettings.scoped?.examples
      ?? KitEnvironment.value(environmentVariable, in: environment).flatMap { Int($0) }.flatMap {
        $0 > 0 ? $0 : nil
      }
  }
}
