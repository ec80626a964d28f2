import Foundation

/// Runtime tools the tests use but the package does not ship. When one is missing, its tests are
/// skipped with the command that installs it; under `CONTRACT_KIT_REQUIRE_BACKENDS=1` (as
/// `.ci/run` sets) they run anyway and fail.
enum Backends {
  /// Whether missing backends fail instead of skipping.
  static let required = ProcessInfo.processInfo.environment["CONTRACT_KIT_REQUIRE_BACKENDS"] == "1"

  /// The path of `python3`, if it is installed.
  static let python3: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/python3" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// Whether the python tests run: python3 is there, or backends are required.
  static let runPython = python3 != nil || required
}
