#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The kit's settings from the environment, read under their own names and with the
/// `TEST_RUNNER_` prefix.
///
/// `xcodebuild test` hands the test process only the variables spelled `TEST_RUNNER_NAME`
/// (and strips the prefix on the way), while `swift test`, Xcode's scheme editor and CI runners
/// pass names as they are. Reading both spellings makes `GOLDEN_RECORD=missing swift test` and
/// `TEST_RUNNER_GOLDEN_RECORD=missing xcodebuild test …` mean the same thing however the test
/// host was started.
///
/// ```swift
/// let environment = ["TEST_RUNNER_CONTRACT_KIT_SEED": "7"]  // as xcodebuild passes it
/// let seed = KitEnvironment.value("CONTRACT_KIT_SEED", in: environment)  // "7"
/// ```
public enum KitEnvironment {
  /// The prefix `xcodebuild` passes through to a test host.
  public static let testRunnerPrefix = "TEST_RUNNER_"

  /// The value of `name`: the variable itself when set and not empty, else
  /// `TEST_RUNNER_<name>` when set and not empty, else `nil`.
  public static func value(
    _ name: String, in environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    environment[spelling(name, in: environment)].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The name `value(_:in:)` reads `name` under: `name` or `TEST_RUNNER_<name>`, for messages
  /// that quote what the user set; `name` when neither is set.
  public static func spelling(
    _ name: String, in environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    [name, testRunnerPrefix + name].first { environment[$0]?.isEmpty == false } ?? name
  }
}
