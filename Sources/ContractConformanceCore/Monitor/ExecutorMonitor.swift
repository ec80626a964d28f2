import Foundation
import ProfileContracts

/// An executor that judges every call the executor suite makes against the executor's per-call
/// promises: an answer decodes to its schema with a non-empty title (`executor.chunkShape`,
/// `executor.titleShape`), whatever the prompt, it stays within its budget
/// (`executor.answerLength`), and an error is one of the four kinds or a cancellation
/// (`executor.provokedFailures`).
///
/// An answer is judged on its shape only when its budget is an ordinary one (the 384 tokens of a
/// chunk, the 48 of a title, or more): a real model given less may be cut before its JSON closes,
/// and the core reads that as malformed. SmolLM2 under llama.cpp's grammar answers `{` for one
/// token, and for a chunk at 48 tokens wrote a point and a run of tabs before it was cut. A call
/// whose task was cancelled is not judged on its answer either: its caller discards it. Its
/// length is judged at every budget of one token or more.
struct ExecutorMonitor: ProfileModelExecuting {
  /// The promises it judges every call against, by rule ID.
  static let promises = [
    ModelExecutorConformance.Rule.chunkShape.id, ModelExecutorConformance.Rule.titleShape.id,
    ModelExecutorConformance.Rule.answerLength.id,
    ModelExecutorConformance.Rule.provokedFailures.id,
  ]

  let base: any ProfileModelExecuting

  func generate(_ request: ProfileModelRequest) async throws -> Data {
    let call: @Sendable () -> String = {
      describeCall(
        "generate",
        [
          ("stepID", quote(request.stepID, limit: 24)), ("schema", "\(request.schema)"),
          ("prompt", quote(request.prompt, limit: 40)),
          ("responseTokens", "\(request.responseTokens)"),
        ])
    }
    Traffic.note("generate", ["request": request])
    do {
      let data = try await CallsInFlight.watch(call) { try await base.generate(request) }
      if !Task.isCancelled,
        request.responseTokens >= ModelExecutorConformance.ordinaryBudget(request.schema),
        let problem = ModelExecutorConformance.shapeProblem(data, request.schema)
      {
        let promise =
          request.schema == .summaryChunk
          ? ModelExecutorConformance.Rule.chunkShape.id
          : ModelExecutorConformance.Rule.titleShape.id
        PromiseViolations.record(promise, call: call(), problem)
      }
      if !Task.isCancelled, let problem = ModelExecutorConformance.lengthProblem(data, request) {
        PromiseViolations.record(
          ModelExecutorConformance.Rule.answerLength.id, call: call(), problem)
      }
      return data
    } catch let error as ProfileModelExecutionError {
      throw error
    } catch let error as CancellationError {
      throw error
    } catch {
      PromiseViolations.record(
        ModelExecutorConformance.Rule.provokedFailures.id, call: call(),
        "it threw \(describe(error)), not a ProfileModelExecutionError")
      throw error
    }
  }
}
