import Foundation
import ProfileContracts

extension ModelExecutorConformance {
  /// The suite's rules, in the order it runs them.
  public static let rules: [ConformanceRule] = checks.map(\.rule)

  /// Each rule with the check that proves it, in the order the suite runs them.
  static let checks: [Check<ModelExecutorConformance>] = [
    Check(Rule.chunkShape) { try await $0.chunkShape() },
    Check(Rule.titleShape) { try await $0.titleShape() },
    Check(Rule.titleHasNoPoints) { try await $0.titleHasNoPoints() },
    Check(Rule.provokedFailures) { try await $0.provokedFailures() },
    Check(Rule.answerLength) { try await $0.answerLength() },
    Check(Rule.knownErrors) { try await $0.knownErrorsCheck() },
    Check(Rule.deterministicMapping) { try await $0.deterministicMapping() },
    Check(Rule.cancellationNotTransient) { try await $0.cancellationNotTransient() },
    Check(Rule.unknownIsPermanent) { try await $0.unknownIsPermanent() },
    // Two tries of up to twice the bound each: two timeouts.
    Check(Rule.cancellation, timeouts: 2) { try await $0.cancellation() },
    Check(Rule.concurrency) { try await $0.concurrency() },
    Check(Rule.session) { try await $0.session() },
    // Two calls, a pause, then up to four calls: two timeouts.
    Check(Rule.idle, timeouts: 2) { try await $0.idle() },
  ]

  /// The rules, one constant each.
  enum Rule {
    static let chunkShape = ConformanceRule(
      id: "executor.chunkShape", level: .required,
      asserts:
        "A summaryChunk answer decodes as {\"title\": String, \"points\": [String]} with a non-empty title, over a news item in English and in Japanese (no space anywhere) and then generated prompts (1 to 64 sentences of 1 to 257 words of any length and script, some written without spaces, digits, emoji and markup) at 384 tokens; over the news item's four sentences it holds at least one point that is not blank. A generated prompt the executor refuses is not judged here.",
      why:
        "summaryChunk receives one title and several key points for each chunk; the core treats anything else as malformed and retries once.",
      whenItFails:
        "Check the @Generable type or JSON encoding for summaryChunk: key names, types, an empty title, and points left out.",
      sharpened: "0.6")
    static let titleShape = ConformanceRule(
      id: "executor.titleShape", level: .required,
      asserts:
        "A summaryTitle answer decodes as {\"title\": String} with a non-empty title, over a news item in English and in Japanese and then generated prompts at 48 tokens. A generated prompt the executor refuses is not judged here.",
      why:
        "summaryTitle receives only one title over the chunks; the core needs it to name a multi-section summary.",
      whenItFails:
        "Check the executor's branch for summaryTitle: it must not answer with the chunk type's shape missing a title.",
      sharpened: "0.6")
    static let titleHasNoPoints = ConformanceRule(
      id: "executor.titleHasNoPoints", level: .recommended,
      asserts: "A summaryTitle answer carries no points.",
      why:
        "Reusing summaryChunk for a title makes the model generate points that are thrown away; on an on-device model that waste is time.",
      whenItFails: "Use a separate @Generable type for summaryTitle with only a title.")
    static let provokedFailures = ConformanceRule(
      id: "executor.provokedFailures", level: .required,
      asserts:
        "An empty prompt, a whitespace prompt, responseTokens 0 or -1, and a 200,000-character prompt, then generated requests of both schemas (prompts empty, whitespace of any kind, of one token, ordinary, generated from words of any length and script, digits, emoji and markup, or far beyond any context; budgets negative, zero, one token or ordinary), either answer or throw a ProfileModelExecutionError, never another error type; an input a model refuses (empty or whitespace, no budget, a prompt beyond any context) that throws is rejected.",
      why:
        "The app narrows every native error to four kinds; the core never guesses beyond them. A foreign error reaching the core has no retry policy.",
      whenItFails:
        "Wrap the whole generate body in do/catch and map every error through your mapping function; map the platform's errors for an input it refuses (too long, empty, an unsupported budget) to rejected, not transient or permanent.",
      sharpened: "0.3")
    static let answerLength = ConformanceRule(
      id: "executor.answerLength", level: .required,
      asserts:
        "Requests of both schemas with budgets of 1, 8 and 48 tokens, and of 128 tokens over a table of 8 rows of 64 decimal numbers (the most words a token holds), then generated ones with budgets from 1 to 1,025 tokens (powers of two and their neighbours) and prompts of one sentence of the ferry story to 256, or generated ones of 1 to 64 sentences of 1 to 257 words of any length and script: no answer holds more than twice as many words as its responseTokens, plus 8 (a word, a run of letters or digits in the answer's strings, is at least one token). The executor's monitor applies the same bound to every call of every rule; a budget below one token is not judged.",
      why:
        "responseTokens is the upper bound on the answer's length. The core sizes each step's budget with it, and an answer past it is time the person waits for on a device model, or a bill on a hosted one.",
      whenItFails:
        "Pass responseTokens to the model as its maximum (GenerationOptions' maximumResponseTokens, or max_tokens on a server), or cut the answer to it.",
      since: "0.6")
    static let knownErrors = ConformanceRule(
      id: "executor.knownErrors", level: .required,
      asserts:
        "Every supplied native error maps to its expected kind (compared by kind, not message).",
      why:
        "The split between transient and permanent is the basis of the retry policy: the core calls again for transient and stops for permanent.",
      whenItFails:
        "Fix the mapping for the listed error; when unsure whether retrying helps, prefer permanent."
    )
    static let deterministicMapping = ConformanceRule(
      id: "executor.deterministicMapping", level: .required,
      asserts: "Mapping the same error twice gives the same result.",
      why:
        "Golden replays record the typed error; a mapping that depends on time or state makes a replay diverge.",
      whenItFails: "Remove clocks, counters and random choices from the mapping function.")
    static let cancellationNotTransient = ConformanceRule(
      id: "executor.cancellationNotTransient", level: .required,
      asserts: "CancellationError never maps to transient.",
      why:
        "The core retries transient errors; retrying a call the person cancelled does the opposite of what they asked.",
      whenItFails:
        "Map CancellationError to permanent (or rethrow it as such) before the generic cases.")
    static let unknownIsPermanent = ConformanceRule(
      id: "executor.unknownIsPermanent", level: .recommended,
      asserts: "An error type the mapping has never seen maps to permanent.",
      why:
        "An unknown error retried as transient burns the model-call budget; permanent stops the run and says why.",
      whenItFails: "Make the mapping's default case permanent.")
    static let cancellation = ConformanceRule(
      id: "executor.cancellation", level: .recommended,
      asserts:
        "Cancelling the calling task ends a call within 2 seconds of its start (a fifth of the check timeout, when that is longer); a late call is tried once more, since a busy machine can delay it.",
      why:
        "A person who leaves the screen should not wait for the model; a slow call holds the device's model for everyone.",
      whenItFails:
        "Check Task.isCancelled, or use cancellable APIs (withTaskCancellationHandler) around the model call."
    )
    static let concurrency = ConformanceRule(
      id: "executor.concurrency", level: .required,
      asserts:
        "Eight concurrent calls all answer in shape (or throw a ProfileModelExecutionError).",
      why: "Sessions are per call: one session shared between calls mixes their transcripts.",
      whenItFails: "Create a session per call, or serialize access to a shared one.")
    static let session = ConformanceRule(
      id: "executor.session", level: .required,
      asserts:
        "One executor used for a whole session: 4 to 10 bursts, one after another, of 1 to 4 calls at once (both schemas, the news item or generated prompts, each opening with a case number of its own, ordinary budgets or budgets from 1 to 1,025 tokens), one call in five cancelled as it starts or 1 to 20 ms in and at least one a session cancelled as it starts, and a last call alone over the news item at an ordinary budget. No answer carries a case number that only another call's prompt held, and a call alone in its burst, over the news item at an ordinary budget, throws unavailable, rejected or permanent only when a fresh executor does too (a transient error is a busy service's to give).",
      why:
        "The app keeps one executor for the session, the core's calls for a document overlap, and a person who leaves the screen cancels one. A transcript shared between calls puts one chunk's facts in another's summary; an executor that tears down its model when a call is cancelled fails every call after it.",
      whenItFails:
        "Create a session (or context, or request buffer) per call; when a call is cancelled, release what it held so that the next call starts clean.",
      since: "0.6")
    static let idle = ConformanceRule(
      id: "executor.idle", level: .required,
      asserts:
        "An executor that answered a chunk request, left unused for 1.5 s (5 s with 100 or more generated inputs a check), answers the same request again, a retry allowed; unless a fresh executor cannot answer it either. What it answers is judged by the executor's monitor, as every call is.",
      why:
        "The app keeps one executor while a person reads, and calls it again minutes later. A session, connection or token that expires when idle, and is never made again, passes every check of a busy executor and fails the next document.",
      whenItFails:
        "Check what the executor holds between calls: a session or connection with an idle timeout, a token that expires. Recreate it when it has gone stale, or map the error to transient so that a retry finds it fresh.",
      since: "0.7")
  }
}
