/// How many instances a suite's `instances` rule makes from its factory: 64, or 2 for every
/// example asked for when that is more (`CONTRACT_KIT_EXAMPLES=500` makes 1,000), more than a
/// pool of sessions, connections or handles plausibly holds.
func instanceCount(examples: Int?) -> Int { max(64, 2 * (examples ?? 0)) }

/// Runs `use` for instance after instance, from 0 to `count - 1`, one at a time, so that each is
/// released before the next is made; stops once at least 16 have run and `share` of the time
/// left until half the check's time is spent (all of it by default). Returns how many ran.
func eachInstance(_ count: Int, share: Double = 1, _ use: (Int) async throws -> Void)
  async rethrows -> Int
{
  let start = ContinuousClock.now
  let end = CheckProgress.current?.halfway.map { start + ($0 - start) * share }
  var ran = 0
  for index in 0..<count {
    if let end, ContinuousClock.now >= end, index >= 16 { break }
    try await use(index)
    ran += 1
  }
  return ran
}

/// How long an `idle` rule leaves an instance unused before it calls it again: 1.5 s, or 5 s in
/// a deep run (`CONTRACT_KIT_EXAMPLES` of 100 or more), longer than a session, connection or
/// token that expires when idle plausibly lasts in a test and shorter than a suite's budget.
func idlePause(examples: Int?) -> Duration {
  (examples ?? 0) >= 100 ? .seconds(5) : .milliseconds(1500)
}

/// A call made once more when its first try threw, as the core retries: what it answered, or
/// the error of the last try.
func callRetryingOnce<T: Sendable>(_ call: () async throws -> T) async -> Result<T, any Error> {
  do {
    return .success(try await call())
  } catch {
    do { return .success(try await call()) } catch { return .failure(error) }
  }
}
