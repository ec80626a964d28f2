import Foundation
import ProfileContracts

extension TranslatorConformance {
  /// `translator.idle`: a translator that answered, left unused for ``idlePause(examples:)``,
  /// must translate the same batch again (one retry allowed, as the core retries), unless a
  /// fresh translator cannot either, with no fewer of its texts in the target language than
  /// half of those before the pause. Its answers are judged by the translator's monitor too, as
  /// every call is.
  func idle() async throws -> CheckOutcome {
    let (pairs, skip) = usablePairs
    if let skip { return skip }
    let pair = pairs[0]
    let texts = batch(4, base: 1, pair: pair)
    let pause = idlePause(examples: examples)
    let kept = try await attempt("the factory") { try await makeTranslator() }
    let before = try await attempt("the first batch, before the pause") {
      try await kept.translate(texts, from: pair.source, to: pair.target)
    }
    try await Task.sleep(for: pause)
    let again = await callRetryingOnce {
      try await kept.translate(texts, from: pair.source, to: pair.target)
    }
    let error: any Error
    switch again {
    case .success(let after):
      // A model words a batch its own way each time; an answer gone stale loses its language
      // (the source text, a fallback), which a count of the outputs proven in it shows.
      let proven = { (outputs: [String]) in
        outputs.filter { self.identifier.proves($0, isIn: pair.target) }.count
      }
      if after.count == texts.count, proven(after) * 2 < proven(before) {
        return .failed(
          "after \(pause) unused, \(proven(after)) of \(texts.count) texts came back in \(pair.target), where before the pause \(proven(before)) did (the first now \(quote(after.first ?? ""))): an instance that goes stale when idle (a fallback, a cache, a session that never reconnects)"
        )
      }
      return .passed(
        "a translator left unused for \(pause) translated the batch it translated before (\(pair)), as a fresh one does"
      )
    case .failure(let thrown):
      error = thrown
    }
    let fresh = await callRetryingOnce {
      try await self.makeTranslator().translate(texts, from: pair.source, to: pair.target)
    }
    guard case .success = fresh else {
      return .passed(
        "after \(pause) unused, the translator threw \(describe(error)), and so did a fresh one: not the pause's doing"
      )
    }
    return .failed(
      "after \(pause) unused, the translator threw \(describe(error)) for the batch it translated before the pause (\(pair)), twice, and a fresh translator translated it: an instance that expires when idle (a session, connection or token) fails the app's next summary"
    )
  }
}
