import Foundation
import ProfileContracts

extension ModelExecutorConformance {
  /// `executor.idle`: an executor that answered, left unused for ``idlePause(examples:)``, must
  /// answer the same request again (one retry allowed, as the core retries), unless a fresh
  /// executor cannot either. Its answers are judged by the executor's monitor, as every call is.
  func idle() async throws -> CheckOutcome {
    let pause = idlePause(examples: examples)
    let request = Self.request(.summaryChunk, prompt: Self.prompt)
    let kept = try await executor()
    _ = try await attempt("the first call, before the pause") { try await kept.generate(request) }
    try await Task.sleep(for: pause)
    guard case .failure(let error) = await callRetryingOnce({ try await kept.generate(request) })
    else {
      return .passed(
        "an executor left unused for \(pause) answered the request it answered before, as a fresh one does"
      )
    }
    let fresh = await callRetryingOnce { try await self.makeExecutor().generate(request) }
    guard case .success = fresh else {
      return .passed(
        "after \(pause) unused, the executor threw \(describe(error)), and so did a fresh one: not the pause's doing"
      )
    }
    return .failed(
      "after \(pause) unused, the executor threw \(describe(error)) for the request it answered before the pause, twice, and a fresh executor answered it: an instance that expires when idle (a session, connection or token) fails the app's next document"
    )
  }
}
