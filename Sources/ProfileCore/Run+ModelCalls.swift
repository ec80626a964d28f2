import Foundation
import ProfileContracts

// One step's model call: retries, backoff, the call budget, and how a call ends badly.
extension Run {
  /// How a step's call ended badly. Only the first case lets the run go on.
  enum CallFailure: Error {
    /// This step failed (still transient after every attempt, malformed twice); the run goes on
    /// without it.
    case stepFailed(ProfileFailure)
    /// The model rejected this input, with its message: a chunk may be split and asked again;
    /// any other step goes on without it.
    case stepRejected(String)
    /// The model cannot go on: it is unavailable, failed permanently, or the executor broke its
    /// contract. The run stops.
    case modelStopped(ProfileFailure)
    /// The call budget is spent. The run stops with its progress saved; a title falls back to
    /// the first headline instead.
    case budgetSpent(ProfileFailure)

    /// The failure the receipt and the outcome report.
    var failure: ProfileFailure {
      switch self {
      case .stepFailed(let failure), .modelStopped(let failure), .budgetSpent(let failure): failure
      case .stepRejected(let message): .modelFailed(StepFailureText.rejected(message))
      }
    }

    /// Whether a chunk failing this way stops the run.
    var endsTheRun: Bool {
      switch self {
      case .stepFailed, .stepRejected: false
      case .modelStopped, .budgetSpent: true
      }
    }
  }

  /// Calls the model for one step: transient errors retried with backoff up to
  /// `maxAttempts`, a malformed answer retried once, every call counted against the budget.
  mutating func call<Answer: Decodable>(_ request: ProfileModelRequest, decode: Answer.Type) async
    -> (Result<Answer, CallFailure>, attempts: Int)
  {
    var attempts = 0
    var malformed = 0
    var transient = 0
    while true {
      guard calls < policy.maxModelCalls else {
        return (
          .failure(.budgetSpent(.modelCallBudgetExceeded(limit: policy.maxModelCalls))), attempts
        )
      }
      calls += 1
      attempts += 1
      do {
        let data = try await core.model.generate(request)
        if let answer = Self.decode(data, as: Answer.self) { return (.success(answer), attempts) }
        malformed += 1
        if malformed >= policy.malformedAttempts {
          let times = StepFailureText.times(malformed)
          return (
            .failure(
              .stepFailed(
                .malformedModelOutput("the \(request.schema) answer did not decode \(times)"))),
            attempts
          )
        }
      } catch let error as ProfileModelExecutionError {
        switch error {
        case .unavailable:
          return (.failure(.modelStopped(.modelUnavailable)), attempts)
        case .permanent(let message):
          return (.failure(.modelStopped(.modelFailed(message))), attempts)
        case .rejected(let message):
          return (.failure(.stepRejected(message)), attempts)
        case .transient(let message):
          transient += 1
          if attempts >= policy.maxAttempts {
            return (
              .failure(
                .stepFailed(
                  .modelFailed(StepFailureText.stillFailing(attempts: attempts, message)))),
              attempts
            )
          }
          let delay = policy.backoffMilliseconds << min(transient - 1, policy.backoffDoublings)
          await core.clock.sleep(for: .milliseconds(delay))
        }
      } catch {
        // The executor broke its contract: the core does not guess, it stops.
        return (
          .failure(
            .modelStopped(
              .modelFailed(
                "the executor threw \(type(of: error)), not a ProfileModelExecutionError"))),
          attempts
        )
      }
    }
  }

  static func decode<Answer: Decodable>(_ data: Data, as type: Answer.Type) -> Answer? {
    guard let answer = try? CanonicalJSON.decode(type, from: data) else { return nil }
    if let chunk = answer as? SummaryChunkAnswer,
      chunk.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    {
      return nil
    }
    if let title = answer as? SummaryTitleAnswer,
      title.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    {
      return nil
    }
    return answer
  }
}
