import Foundation
import LanguageIdentification
import ProfileAdapters
import ProfileContracts
import ProfileCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `contract-kit summarize`: the reference core on a text file, with the kit's own adapters.
enum SummarizeCommand {
  static let usage = """
    usage: contract-kit summarize FILE [--target-language en] [--source-language ko] [--page-cap N] \
    [--max-model-calls N] [--context-tokens N] [--store DIR] [--format text|json]
    """

  static let help = """
    contract-kit summarize: run the reference core on a UTF-8 text file.

    \(usage)

    Pages split at form feeds, or every 40 lines. The model is the kit's extractive stand-in
    (it answers from the file's own sentences). Progress is saved after every chunk in the store
    (default .contract-kit/store): interrupt it and run the same command again to continue.
    There is no translator on Linux: when the target language differs from the source, the
    summary stays in the source language and the output says so.

    Exit codes: 0 summarized, 1 partial or failed, 2 usage or input errors.
    """

  static func run(_ arguments: inout Arguments) async throws -> Int32 {
    if arguments.wantsHelp() {
      Output.print(help)
      return ExitCode.ok
    }
    let target = try arguments.option("--target-language") ?? "en"
    let source = try arguments.option("--source-language")
    let cap = try number(arguments.option("--page-cap"), "--page-cap", minimum: 1)
    let calls = try number(arguments.option("--max-model-calls"), "--max-model-calls", minimum: 1)
    let context = try number(arguments.option("--context-tokens"), "--context-tokens", minimum: 512)
    let storePath = try arguments.option("--store") ?? ".contract-kit/store"
    let format = try arguments.option("--format", allowed: ["text", "json"]) ?? "text"
    guard let path = arguments.nextPositional() else {
      throw UsageError("summarize needs a FILE to summarize")
    }
    try arguments.finish()

    var policy = ProfilePolicy.default
    if let calls { policy.maxModelCalls = calls }
    if let context { policy.contextTokens = context }
    let file = URL(fileURLWithPath: path).standardizedFileURL
    let documents: TextDocumentProvider
    let store: FileExecutionStore
    do {
      documents = try TextDocumentProvider(
        directory: file.deletingLastPathComponent(), pageCap: cap)
      store = try FileExecutionStore(directory: URL(fileURLWithPath: storePath))
    } catch let error as DocumentProviderError {
      throw InputError(error.message)
    } catch let error as ExecutionStoreError {
      throw InputError(error.message)
    }
    let command = ProfileCommand(
      profile: .document, attachmentID: file.lastPathComponent, sourceLanguage: source,
      targetLanguage: target)
    // Bad input is named here, in one line, before the core turns it into an outcome.
    do {
      _ = try await documents.pageCount(for: command.attachmentID)
      _ = try await store.loadCheckpoint(for: command)
    } catch let error as DocumentProviderError {
      throw InputError(error.message)
    } catch let error as ExecutionStoreError {
      throw InputError(error.message)
    }

    let model = ProgressExecutor(base: ExtractiveModelExecutor(contextTokens: policy.contextTokens))
    let core = ProfileCore(
      model: model, translator: nil, documents: documents, store: store, policy: policy,
      languages: BuiltinLanguageIdentifier())
    let outcome = await core.run(command)
    if format == "json" {
      Output.print(
        String(decoding: try CanonicalJSON.encode(outcome, pretty: true), as: UTF8.self)
          .trimmingCharacters(in: .newlines))
    } else {
      Output.print(render(outcome))
    }
    return outcome.kind == "completed" ? ExitCode.ok : ExitCode.failures
  }

  private static func number(_ text: String?, _ name: String, minimum: Int) throws -> Int? {
    guard let text else { return nil }
    guard let value = Int(text), value >= minimum else {
      throw UsageError("\(name) needs a whole number of at least \(minimum), not '\(text)'")
    }
    return value
  }

  /// The summary as a person reads it.
  static func render(_ outcome: ProfileOutcome) -> String {
    var lines: [String] = []
    switch outcome {
    case .failed(let failure, _):
      lines.append("failed: \(describe(failure))")
    case .completed(let summary), .partial(let summary, _):
      if case .partial(_, let failures) = outcome {
        lines.append(
          "partial: \(failures.count) part(s) could not be summarized; run the same command again to retry them"
        )
      }
      lines.append(summary.title)
      let unreadable = summary.receipt.steps.compactMap { step -> Int? in
        guard step.stepID.hasPrefix("page-"), step.status.kind == "failed" else { return nil }
        return Int(step.stepID.dropFirst(5))
      }
      lines.append(coverageLine(summary.coverage, unreadable: Set(unreadable)))
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
      for step in summary.receipt.steps {
        if step.stepID == "translate", case .skipped(let reason) = step.status {
          lines.append("note: \(reason)")
        }
        if step.stepID == "resume", case .skipped(let reason) = step.status {
          lines.append("note: \(reason)")
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// "pages 1–30 of 100; pages 7 unreadable; pages 12-14 not summarized".
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

  static func describe(_ failure: ProfileFailure) -> String {
    switch failure {
    case .invalidInput(let message): "invalid input: \(message)"
    case .contextWouldOverflow(let tokens):
      "a sentence of about \(tokens) tokens cannot fit the context window"
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

/// Prints a progress line per model call to standard error when it is a terminal (or when
/// CONTRACT_KIT_PROGRESS=1), and can slow calls down for the interruption test
/// (CONTRACT_KIT_CALL_DELAY_MS).
struct ProgressExecutor: ProfileModelExecuting {
  let base: ExtractiveModelExecutor
  let show: Bool
  let delay: Int

  init(base: ExtractiveModelExecutor) {
    self.base = base
    let environment = ProcessInfo.processInfo.environment
    show = isatty(2) == 1 || environment["CONTRACT_KIT_PROGRESS"] == "1"
    delay = environment["CONTRACT_KIT_CALL_DELAY_MS"].flatMap(Int.init) ?? 0
  }

  func generate(_ request: ProfileModelRequest) async throws -> Data {
    if show { Output.error("… \(request.stepID)") }
    if delay > 0 { try? await Task.sleep(for: .milliseconds(delay)) }
    return try await base.generate(request)
  }
}
