import KitSupport
import Testing

/// The switch between the two layers of the kit's tests. Plain `swift test` runs the unit tests:
/// every check's logic, every mutant, parsing, the CLI's argument handling, in one process with
/// nothing installed. `CONTRACT_KIT_INTEGRATION=1 swift test` also runs the integration tests:
/// real processes (git, the built binaries, adapter hosts, SIGKILL rounds), the recorder's clang
/// build, poppler, the fault and model servers, and the repository's own docs. `.ci/run` runs
/// both.
public enum Integration {
  /// Whether the integration tests run: `CONTRACT_KIT_INTEGRATION` is `1` (or, under
  /// xcodebuild, `TEST_RUNNER_CONTRACT_KIT_INTEGRATION`).
  public static let enabled = KitEnvironment.value("CONTRACT_KIT_INTEGRATION") == "1"

  /// Why an integration test was skipped, with the command that runs it.
  public static let skipped: Comment =
    "an integration test; run it with CONTRACT_KIT_INTEGRATION=1 swift test"
}

extension Trait where Self == ConditionTrait {
  /// Runs a test or suite only under `CONTRACT_KIT_INTEGRATION=1`; otherwise it shows as skipped,
  /// with the command that runs it.
  public static var integration: Self {
    .enabled(if: Integration.enabled, Integration.skipped)
  }
}
