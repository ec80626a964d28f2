import Foundation
import GoldenReplay
import ProfileAdapters
import ProfileContracts
import ProfileCore

/// The golden clock is the reference core's clock in replays: it never waits, and each wait is a
/// recorded boundary call.
extension GoldenClock: ProfileClock {}

extension ProfileCore {
  /// The reference core over a golden scenario's adapters, with the scenario's policy overrides
  /// and the golden clock.
  ///
  /// - Throws: ``UnknownPolicyName`` when the scenario overrides a number the policy lacks.
  public init(adapters: GoldenAdapters) throws(UnknownPolicyName) {
    self.init(
      model: adapters.model, translator: adapters.translator, documents: adapters.documents,
      store: adapters.store, policy: try ProfilePolicy.default.overriding(adapters.policy),
      clock: adapters.clock)
  }
}

extension ProfileCore {
  /// The name the reference core records its golden scenarios under (their `core` key).
  public static let goldenName = "ProfileCore"

  /// A runner for the reference core: its name, its policy names, and the kit's command line
  /// as the driver when `driver` says so.
  package static func goldenRunner(
    directory: URL, mode: RecordMode? = nil, force: Bool = false,
    live: GoldenRunner.LiveModel? = nil, driver: GoldenRunner.Driver = .tests
  ) throws -> GoldenRunner {
    try GoldenRunner(
      directory: directory, core: goldenName, model: ExtractiveModelExecutor(), mode: mode,
      force: force, policyKeys: Set(ProfilePolicy.names), live: live, driver: driver)
  }

  /// What a golden scenario asks of the reference core: `run`, `resume`, or `rerun` (run, then
  /// submit the identical command again on the same store, and answer the second outcome). A
  /// policy override the core lacks fails the run with `invalidInput` naming it.
  public static func golden(_ adapters: GoldenAdapters, _ command: ProfileCommand) async
    -> ProfileOutcome
  {
    let core: ProfileCore
    do {
      core = try ProfileCore(adapters: adapters)
    } catch {
      return .failed(.invalidInput("scenario policy: \(error)"), receipt: ProfileExecutionReceipt())
    }
    switch adapters.entry {
    case "resume": return await core.resume(command)
    case "rerun":
      _ = await core.run(command)
      return await core.run(command)
    default: return await core.run(command)
    }
  }
}
