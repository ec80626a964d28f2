import GoldenReplay
import ProfileContracts
import ProfileCore

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
      model: adapters.model, translator: adapters.translator, documents: adapters.documents,
      store: adapters.store,
      policy: policy, clock: ImmediateClock())
  }
}

extension ProfileCore {
  /// What a golden scenario asks of the reference core: `run`, `resume`, or `rerun` (run, then
  /// submit the identical command again on the same store, and answer the second outcome).
  public static func golden(_ adapters: GoldenAdapters, _ command: ProfileCommand) async
    -> ProfileOutcome
  {
    let core = ProfileCore(adapters: adapters)
    switch adapters.entry {
    case "resume": return await core.resume(command)
    case "rerun":
      _ = await core.run(command)
      return await core.run(command)
    default: return await core.run(command)
    }
  }
}
