import GoldenReplay
import ProfileContracts
import ProfileCore

/// A clock for replays: it never waits.
public struct ImmediateClock: ProfileClock {
  /// Creates the clock.
  public init() {}
  /// Returns at once.
  public func sleep(for duration: Duration) async {}
}

extension ProfileCore {
  /// The reference core over a golden scenario's adapters, with the scenario's policy overrides
  /// and a clock that never waits.
  public init(adapters: GoldenAdapters) {
    var policy = ProfilePolicy.default
    for (name, value) in adapters.policy {
      switch name {
      case "contextTokens": policy.contextTokens = value
      case "chunkResponseTokens": policy.chunkResponseTokens = value
      case "titleResponseTokens": policy.titleResponseTokens = value
      case "maxAttempts": policy.maxAttempts = value
      case "maxModelCalls": policy.maxModelCalls = value
      case "backoffMilliseconds": policy.backoffMilliseconds = value
      default: break
      }
    }
    self.init(
      model: adapters.model, translator: adapters.translator, documents: adapters.documents, store: adapters.store,
      policy: policy, clock: ImmediateClock())
  }
}
