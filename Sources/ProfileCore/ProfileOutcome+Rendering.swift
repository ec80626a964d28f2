import Foundation
import ProfileContracts

extension ProfileOutcome {
  /// The outcome as a person reads it: a `failed:` line, or the title, the coverage line
  /// ("pages 1–30 of 100; pages 7 unreadable"), each section with its pages and points, the
  /// withheld points with the facts that were not found, and notes on translation and resume.
  public func renderText() -> String {
    var lines: [String] = []
    switch self {
    case .failed(.contextWouldOverflow(let tokens), let receipt)
    where receipt.steps.contains(where: Self.isRejectedAsTooLong):
      lines.append("failed: \(Self.overflowRejected(tokens))")
    case .failed(let failure, _):
      lines.append("failed: \(Self.describe(failure))")
    case .completed(let summary), .partial(let summary, _):
      if case .partial(_, let failures) = self {
        let retry = failures.contains(where: Self.mayPassOnRetry)
        lines.append(
          "partial: \(failures.count) part(s) could not be summarized"
            + (retry ? "; run the same command again to retry those a retry can fix:" : ":"))
        lines += failures.map { "  - " + Self.explain($0, steps: summary.receipt.steps) }
      }
      lines.append(summary.title)
      let unreadable = summary.receipt.steps.compactMap { step -> Int? in
        guard step.stepID.hasPrefix("page-"), case .failed = step.status else { return nil }
        return Int(step.stepID.dropFirst(5))
      }
      lines.append(Self.coverageLine(summary.coverage, unreadable: Set(unreadable)))
      for section in summary.sections {
        let pages =
          section.pages.first == section.pages.last
          ? "page \(section.pages.first)" : "pages \(section.pages.first)–\(section.pages.last)"
        lines.append("")
        lines.append("\(section.headline) (\(pages))")
        lines += section.points.map { "  - \($0)" }
      }
      if !summary.withheldPoints.isEmpty {
        lines.append("")
        lines.append("withheld (facts not found in the source):")
        lines += summary.withheldPoints.map {
          "  - \($0.text) [not found: \($0.unverified.joined(separator: ", "))]"
        }
      }
      for step in summary.receipt.steps where step.stepID == "translate" || step.stepID == "resume"
      {
        switch step.status {
        case .skipped(let reason): lines.append("note: \(reason)")
        case .notPromoted(let reason): lines.append("note: the translation was refused: \(reason)")
        default: break
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The outcome's canonical JSON form, pretty-printed, without a trailing newline.
  ///
  /// - Throws: `JSONError` only if the outcome cannot be encoded, which its types rule out.
  public func renderJSON() throws -> String {
    String(decoding: try CanonicalJSON.encode(self, pretty: true), as: UTF8.self)
      .trimmingCharacters(in: .newlines)
  }

  /// `pages 1–30 of 100; pages 7 unreadable; pages 12-14 not summarized`: the capped and
  /// original counts, then the missing pages split by whether they could be read.
  static func coverageLine(_ coverage: PageCoverage, unreadable: Set<Int>) -> String {
    var line = "pages 1–\(coverage.pageCount) of \(coverage.originalPageCount)"
    let missing = coverage.missingPages.flatMap { Array($0.first...$0.last) }
    let unread = missing.filter(unreadable.contains)
    let failed = missing.filter { !unreadable.contains($0) }
    if !unread.isEmpty { line += "; pages \(list(unread)) unreadable" }
    if !failed.isEmpty { line += "; pages \(list(failed)) not summarized" }
    return line
  }

  /// `7, 12-14`.
  private static func list(_ pages: [Int]) -> String {
    PageRange.covering(pages).map(\.description).joined(separator: ", ")
  }

  /// Whether running the same command again may get past `failure`: a fault that outlasted its
  /// retries, or an answer out of shape from a model that samples. A refusal, an unreadable
  /// page or a document that changed fails the same way every time.
  static func mayPassOnRetry(_ failure: ProfileFailure) -> Bool {
    switch failure {
    case .modelFailed(let message): message.hasPrefix(StepFailureText.stillFailingPrefix)
    case .malformedModelOutput: true
    default: false
    }
  }

  /// One part that could not be summarized: why, in words, and what helps. An unreadable page
  /// is named with the provider's reason, from its step in `steps`.
  static func explain(_ failure: ProfileFailure, steps: [ProfileStepRecord]) -> String {
    switch failure {
    case .modelFailed(let message) where message.hasPrefix(StepFailureText.stillFailingPrefix):
      return "the model kept failing (\(message)): run the same command again to retry it"
    case .contextWouldOverflow(let tokens):
      // In a partial outcome, only a piece the model said does not fit its context.
      return overflowRejected(tokens)
    case .malformedModelOutput(let message):
      return
        "the model answered out of shape twice (\(message)): a retry may pass with a model that samples; --bound-answers binds answers to their schema"
    case .invalidInput(let message):
      // An unreadable page's step holds the same words, then the provider's reason.
      for step in steps {
        if case .failed(.invalidInput(let reason)) = step.status, reason.hasPrefix(message + ": ") {
          return
            "\(reason): the document provider cannot read that page; check it in the document"
        }
      }
      return "\(message): check the document; a retry reads it the same way"
    default:
      return describe(failure)
    }
  }

  /// Whether `step` is a chunk's piece that the model said does not fit its context, as opposed
  /// to a sentence the plan could not fit before any call.
  static func isRejectedAsTooLong(_ step: ProfileStepRecord) -> Bool {
    guard step.stepID.hasPrefix("chunk-"), case .failed(.contextWouldOverflow) = step.status else {
      return false
    }
    return true
  }

  /// A piece of about `tokens` estimated tokens that the model said does not fit its context,
  /// and that halving did not make fit.
  static func overflowRejected(_ tokens: Int) -> String {
    "the model rejected a part as too long for its context (about \(tokens) tokens by the estimate, which the model counts as more), and halving did not make it fit: lower --context-tokens, or use a model with a larger context"
  }

  /// A failure in words, with what to do where there is something to do.
  static func describe(_ failure: ProfileFailure) -> String {
    switch failure {
    case .modelFailed(let message) where message.hasPrefix(StepFailureText.refusedPrefix):
      "\(message): it is not about length, so neither a retry nor a split will help; use another model, or leave those pages out"
    case .invalidInput(let message): "invalid input: \(message)"
    case .contextWouldOverflow(let tokens):
      "a sentence of about \(tokens) tokens cannot fit the context window; use a model with a larger context, and --context-tokens to match"
    case .malformedModelOutput(let message): "the model answered out of shape: \(message)"
    case .modelUnavailable: "the model is not available"
    case .modelFailed(let message): "the model failed: \(message)"
    case .modelCallBudgetExceeded(let limit):
      "more than \(limit) model calls were needed; raise --max-model-calls (progress is saved)"
    case .unsupportedProfile(let profile): "profile \(profile) is not supported"
    case .missingCheckpoint: "there is no progress to continue"
    case .executionStoreUnavailable: "the progress store could not be used"
    }
  }
}
