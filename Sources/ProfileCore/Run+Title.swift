import Foundation
import ProfileContracts

// The summary's title: one call over the sections' headlines.
extension Run {
  mutating func makeTitle(_ headlines: [String]) async -> Result<String, CallFailure> {
    let budget =
      policy.contextTokens - TokenEstimate.tokens(in: Instructions.title)
      - policy.titleResponseTokens
    var used: [String] = []
    for headline in headlines {
      let next = (used + [headline]).joined(separator: "\n")
      if TokenEstimate.tokens(in: next) > budget, !used.isEmpty { break }
      used.append(headline)
    }
    if used.count < headlines.count {
      record(
        "title-headlines",
        .notPromoted(
          "used the first \(used.count) of \(headlines.count) headlines; the rest did not fit the context window"
        ))
    }
    let request = ProfileModelRequest(
      stepID: "title", schema: .summaryTitle, instructions: Instructions.title,
      prompt: used.joined(separator: "\n"),
      responseTokens: policy.titleResponseTokens)
    let (result, attempts) = await call(request, decode: SummaryTitleAnswer.self)
    switch result {
    case .success(let answer):
      record("title", attempts: attempts, .completed)
      return .success(answer.title.trimmingCharacters(in: .whitespacesAndNewlines))
    case .failure(let failure):
      record("title", attempts: attempts, .failed(failure.failure))
      // A title that failed falls back to the first headline; only a model that stopped stops
      // the run here.
      if case .modelStopped = failure { return .failure(failure) }
      return .success(headlines[0])
    }
  }
}
