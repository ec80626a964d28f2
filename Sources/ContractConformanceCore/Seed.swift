import Foundation

/// The seed of a suite's randomized inputs: `CONTRACT_KIT_SEED` when set, else a fixed default,
/// so runs are deterministic unless asked otherwise. Reports carry it, and the text report
/// prints it.
public enum ConformanceSeed {
  /// The environment variable that replays a seed.
  public static let environmentVariable = "CONTRACT_KIT_SEED"
  /// The seed used when the variable is not set.
  public static let defaultSeed: UInt64 = 20_261_129

  /// The seed to use now.
  public static func current(_ environment: [String: String] = ProcessInfo.processInfo.environment)
    -> UInt64
  {
    environment[environmentVariable].flatMap { UInt64($0) } ?? defaultSeed
  }
}

/// SplitMix64: small, fast and seeded, so a randomized input can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
