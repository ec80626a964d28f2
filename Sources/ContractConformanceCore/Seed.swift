import Foundation
import KitSupport

/// The seed of a suite's randomized inputs: `CONTRACT_KIT_SEED` when set, else a fixed default,
/// so runs are deterministic unless asked otherwise. `CONTRACT_KIT_SEED=random` draws a new seed
/// for the process, for a nightly run that explores inputs no earlier run drew. Reports carry
/// the seed, and every failure prints it with the line that replays it.
@usableFromInline package enum ConformanceSeed {
  /// The environment variable that replays a seed.
  package static let environmentVariable = "CONTRACT_KIT_SEED"
  /// The seed used when the variable is not set.
  package static let defaultSeed: UInt64 = 20_261_129
  /// The value that asks for a new seed.
  package static let randomValue = "random"
  /// The seed `random` draws: one for the whole process, so every suite of a run shares it.
  package static let drawn = UInt64.random(in: 1...UInt64.max)

  /// The seed to use now: the scoped ``ConformanceSettings``' seed, else the environment's
  /// (``drawn`` for `random`), else ``defaultSeed``. A malformed value counts as unset here;
  /// ``problem(_:)`` names it: the command line refuses it, and `recordIssues()` fails the test.
  @usableFromInline package static func current(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> UInt64
  {
    if let seed = ConformanceSettings.scoped?.seed { return seed }
    let text = KitEnvironment.value(environmentVariable, in: environment)
    if text == randomValue { return drawn }
    return text.flatMap { UInt64($0) } ?? defaultSeed
  }

  /// What is wrong with the environment's seed, in one line, or `nil` when it is unset, a
  /// number or `random`.
  package static func problem(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    guard let text = KitEnvironment.value(environmentVariable, in: environment),
      text != randomValue, UInt64(text) == nil
    else { return nil }
    return
      "\(environmentVariable)=\(text) is not a seed; set the number a report printed, or \(randomValue) for a new one"
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

  /// What is wrong with the environment's number, in one line, or `nil` when it is unset or a
  /// positive number.
  package static func problem(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    guard let text = KitEnvironment.value(environmentVariable, in: environment),
      (Int(text) ?? 0) <= 0
    else { return nil }
    return
      "\(environmentVariable)=\(text) is not a positive number; set how many inputs each check generates"
  }
}
