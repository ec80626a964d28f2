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
enum SummarizeCommand: Subcommand {
  static let name = "summarize"

  static let overview = [
    (
      synopsis: "summarize FILE",
      summary: "Run the reference core on a PDF or text file (progress survives Ctrl-C)."
    )
  ]

  static let usage = """
    usage: contract-kit summarize FILE [--target-language en] [--source-language ko] [--page-cap N] \
    [--password P] [--max-model-calls N] [--context-tokens N] [--store DIR] [--format text|json]
    """

  static let help = """
    contract-kit summarize: run the reference core on a PDF or a UTF-8 text file.

    \(usage)

    A file that starts with %PDF- is read as a PDF through poppler (pdfinfo, pdftotext; install
    poppler-utils), whatever its name: its pages are the PDF's pages, numbered as the file counts
    them, and a page that cannot be read (a damaged page, or a scan without text) is named as
    missing. --password opens an encrypted PDF. Any other file is UTF-8 text whose pages split
    at form feeds, or every 40 lines. The model is the kit's extractive stand-in
    (it answers from the file's own sentences). Progress is saved after every chunk in the store
    (default .contract-kit/store): interrupt it and run the same command again to continue.
    There is no translator on Linux: when the target language differs from the source, the
    summary stays in the source language and the output says so.

    Exit codes: 0 summarized, 1 partial or failed, 2 usage or input errors.
    """

  static func run(_ arguments: inout Arguments) async throws -> Int32 {
    let target = try arguments.option("--target-language") ?? "en"
    let source = try arguments.option("--source-language")
    let cap = try number(arguments.option("--page-cap"), "--page-cap", minimum: 1)
    let calls = try number(arguments.option("--max-model-calls"), "--max-model-calls", minimum: 1)
    let context = try number(arguments.option("--context-tokens"), "--context-tokens", minimum: 512)
    let password = try arguments.option("--password")
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
    let isPDF = PDFDocumentProvider.isPDF(at: file)
    guard isPDF || password == nil || !FileManager.default.isReadableFile(atPath: file.path) else {
      throw UsageError("--password opens a PDF, and \(path) is not one")
    }
    let folder = file.deletingLastPathComponent()
    let documents: any ProfileDocumentProviding =
      isPDF
      ? try PDFDocumentProvider(directory: folder, pageCap: cap, password: password)
      : try TextDocumentProvider(directory: folder, pageCap: cap)
    let store = try FileExecutionStore(directory: URL(fileURLWithPath: storePath))
    let command = ProfileCommand(
      profile: .document, attachmentID: file.lastPathComponent, sourceLanguage: source,
      targetLanguage: target)
    // Bad input is named here, in one line, before the core turns it into an outcome.
    _ = try await documents.pageCount(for: command.attachmentID)
    if isPDF, try await documents.originalPageCount(for: command.attachmentID) == 0 {
      throw InputError("\(path) is a PDF of 0 pages; there is nothing to summarize")
    }
    _ = try await store.loadCheckpoint(for: command)

    let model = ProgressExecutor(base: ExtractiveModelExecutor(contextTokens: policy.contextTokens))
    let core = ProfileCore(
      model: model, translator: nil, documents: documents, store: store, policy: policy,
      languages: BuiltinLanguageIdentifier())
    let outcome = await core.run(command)
    Output.print(format == "json" ? try outcome.renderJSON() : outcome.renderText())
    if case .completed = outcome { return ExitCode.ok }
    return ExitCode.failures
  }

  private static func number(_ text: String?, _ name: String, minimum: Int) throws -> Int? {
    guard let text else { return nil }
    guard let value = Int(text), value >= minimum else {
      throw UsageError("\(name) needs a whole number of at least \(minimum), not '\(text)'")
    }
    return value
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
