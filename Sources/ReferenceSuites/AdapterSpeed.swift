import Foundation

/// How long each check of an adapter in its own process may take: what the user gave, or a
/// limit that follows the adapter's measured speed, so a correct adapter that takes seconds a
/// call (a hosted model, a network store) is never called hung.
struct AdapterSpeed: Sendable {
  /// Each check's limit.
  let timeout: Duration
  /// How the limit was chosen, for the report's note.
  let note: String

  /// The limit when nothing was measured, and the least one a measurement gives.
  static let floor: Duration = .seconds(10)
  /// How many of the measured uses a check may take: the longest checks make a few dozen calls,
  /// each on a process started afresh.
  static let uses = 60
  /// The longest the measurement itself may take before the floor is used.
  static let measuringLimit: Duration = .seconds(120)

  /// `given` when the user gave a limit; else `uses` times one measured use of the adapter
  /// (`use`: start it, as every check does, and make one ordinary call), at least ``floor``.
  static func choose(given: Duration?, measuring use: @escaping @Sendable () async throws -> Void)
    async -> AdapterSpeed
  {
    if let given {
      return AdapterSpeed(timeout: given, note: "each check's limit: \(seconds(given)), as given")
    }
    let measured: Duration? = await withMeasuringLimit {
      // Timed from when the use begins to run, not from when it was asked for.
      let clock = ContinuousClock()
      let start = clock.now
      do {
        try await use()
        return clock.now - start
      } catch {
        return nil
      }
    }
    guard let measured else {
      return AdapterSpeed(
        timeout: floor,
        note:
          "each check's limit: \(seconds(floor)), since one ordinary use could not be timed; pass --check-timeout S for a slower adapter"
      )
    }
    let limit = max(floor, measured * uses)
    return AdapterSpeed(
      timeout: limit,
      note:
        "each check's limit: \(seconds(limit)), \(uses) times one measured use (\(seconds(measured)): start, then one call), at least \(seconds(floor)); --check-timeout S sets it"
    )
  }

  /// `body`'s value, or `nil` when ``measuringLimit`` passes first.
  private static func withMeasuringLimit(_ body: @escaping @Sendable () async -> Duration?) async
    -> Duration?
  {
    await withTaskGroup(of: Duration??.self) { group in
      group.addTask { await body() }
      group.addTask {
        try? await Task.sleep(for: measuringLimit)
        return .some(nil)
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first ?? nil
    }
  }

  /// `1.25 s`, to two decimals.
  static func seconds(_ duration: Duration) -> String {
    let (whole, fraction) = duration.components
    let value = Double(whole) + Double(fraction) / 1e18
    return String(format: "%.2f s", value)
  }
}
