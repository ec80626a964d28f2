import Foundation
import KitSupport
import OpenAICompatible
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
    [--password P] [--max-model-calls N] [--context-tokens N] [--store DIR] [--format text|json] \
    [--model extractive|openai] [--translator openai] [\(ServerOptions.usage)]
    """

  static let help = """
    contract-kit summarize: run the reference core on a PDF or a UTF-8 text file.

    \(usage)

    A file that starts with %PDF- is read as a PDF through poppler (pdfinfo, pdftotext; install
    poppler-utils), whatever its name: its pages are the PDF's pages, numbered as the file counts
    them, and a page that cannot be read (a damaged page, or a scan without text) is named as
    missing. --password opens an encrypted PDF. Any other file is UTF-8 text whose pages split
    at form feeds, or every 40 lines.

    The model is the kit's extractive stand-in by default (it answers from the file's own
    sentences, offline). --model openai asks an OpenAI-compatible server instead (llama.cpp's
    llama-server, llama-cpp-python, Ollama, LM Studio, vLLM or a hosted API; tools/llm-server
    start runs one here), and --translator openai has it translate the summary when the target
    language differs from the source. The server is asked for its models first, so a wrong
    --base-url or --model-name is one line before the run starts.
    Without --translator the summary stays in the source language and the output says so.

    Progress is saved after every chunk in the store (default .contract-kit/store): interrupt
    it, or lose the model server, and run the same command again to continue.

    \(ServerOptions.help)

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
    let modelName =
      try arguments.option("--model", allowed: ["extractive", "openai"]) ?? "extractive"
    let translatorName = try arguments.option("--translator", allowed: ["openai"])
    let server = try ServerOptions.parse(
      &arguments,
      needed: modelName == "openai"
        ? "--model openai" : translatorName.map { "--translator \($0)" },
      askers: "--model openai or --translator openai")
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
    // The server is asked for its models, its context window and, unless --context-tokens
    // says the window, how its tokenizer counts this document, before anything is written.
    if let server {
      let info = try await OpenAICompatibleServerCheck(server).inspect()
      let tokenizer = ServerTokenizer(server)
      var calibration: TokenCalibration?
      if context == nil {
        do {
          calibration = try await TokenCalibration.measure(
            ContextWindow.samples(of: documents, attachmentID: file.lastPathComponent),
            with: tokenizer)
        } catch let error as OpenAINativeError {
          // The server answered its model list, then its tokenizer broke: the window cannot be
          // measured, and the user can say it instead.
          throw InputError(
            "the model server's tokenizer failed: \(error); pass --context-tokens N to plan without it"
          )
        }
      }
      let window = ContextWindow.choose(
        given: context, server: info.context, fallback: policy.contextTokens,
        tokenizer: context != nil ? nil : (tokenizer.url.absoluteString, calibration))
      policy.contextTokens = window.tokens
      Output.error("contract-kit: " + window.line)
    }
    let store = try FileExecutionStore(directory: URL(fileURLWithPath: storePath))
    let command = ProfileCommand(
      profile: .document, attachmentID: file.lastPathComponent, sourceLanguage: source,
      targetLanguage: target)
    // Bad input is named here, in one line, before the core turns it into an outcome.
    _ = try await documents.pageCount(for: command.attachmentID)
    if try await documents.originalPageCount(for: command.attachmentID) == 0 {
      throw InputError(
        isPDF
          ? "\(path) is a PDF of 0 pages; there is nothing to summarize"
          : "\(path) is empty; there is nothing to summarize")
    }
    _ = try await store.loadCheckpoint(for: command)

    let base: any ProfileModelExecuting =
      if let server, modelName == "openai" {
        OpenAICompatibleModelExecutor(server)
      } else {
        ExtractiveModelExecutor(contextTokens: policy.contextTokens)
      }
    let model = ProgressExecutor(base: base)
    let translator = server.flatMap { translatorName == nil ? nil : OpenAICompatibleTranslator($0) }
    let core = ProfileCore(
      model: model, translator: translator, documents: documents, store: store, policy: policy,
      languages: BuiltinLanguageIdentifier())
    let outcome = await core.run(command)
    Output.print(format == "json" ? try outcome.renderJSON() : outcome.renderText())
    if case .completed = outcome { return ExitCode.ok }
    if let server, model.lastError == .unavailable {
      Output.error(
        "contract-kit: the model server at \(server.baseURL.absoluteString) stopped answering; the pages summarized so far are saved in \(storePath): start the server and run the same command again to continue"
      )
    }
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
///
/// It keeps the last error a call ended with, so that the command can say what to do when the
/// server went away.
struct ProgressExecutor: ProfileModelExecuting {
  let base: any ProfileModelExecuting
  let show: Bool
  let delay: Int
  private let last = Locked<ProfileModelExecutionError?>(nil)

  /// The error the latest failed call ended with, if any.
  var lastError: ProfileModelExecutionError? { last.withValue { $0 } }

  init(base: any ProfileModelExecuting) {
    self.base = base
    let environment = ProcessInfo.processInfo.environment
    show = isatty(2) == 1 || KitEnvironment.value("CONTRACT_KIT_PROGRESS", in: environment) == "1"
    delay =
      KitEnvironment.value("CONTRACT_KIT_CALL_DELAY_MS", in: environment).flatMap(Int.init) ?? 0
  }

  func generate(_ request: ProfileModelRequest) async throws -> Data {
    if show { Output.error("… \(request.stepID)") }
    if delay > 0 { try? await Task.sleep(for: .milliseconds(delay)) }
    do {
      return try await base.generate(request)
    } catch let error as ProfileModelExecutionError {
      last.withValue { $0 = error }
      throw error
    }
  }
}
