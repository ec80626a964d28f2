import Foundation
import ProfileContracts

/// The context window a core plans against on a model server, and the one line that says where
/// it came from: `--context-tokens` when given, else the server's stated window less the chat
/// template's margin, else the core's default; then, unless a window was given, narrowed by how
/// the model's tokenizer counts the document against the contract's estimate.
///
/// Here `context` is the window the server states (`OpenAICompatibleServerCheck.inspect()`'s):
///
/// ```swift
/// let window = ContextWindow.choose(
///   given: nil, server: context, fallback: policy.contextTokens)
/// policy.contextTokens = window.tokens
/// let line = window.line  // "context window: 4032 tokens, from the server's 4096 (/props) …"
/// ```
public struct ContextWindow: Hashable, Sendable {
  /// The window to plan against, in the contract's estimated tokens.
  public let tokens: Int
  /// Where it came from, in one line.
  public let line: String

  /// Pages sampled for the tokenizer: 8 (at most 8 short requests before the run).
  public static let sampleCount = 8
  /// Characters of each sampled page: about 500 estimated tokens, a chunk's worth of density.
  public static let sampleCharacters = 2000

  /// Chooses the window.
  ///
  /// - Parameters:
  ///   - given: the window the user gave (`--context-tokens`), if any.
  ///   - server: the window the server states, if it states one.
  ///   - fallback: the window to plan against when neither says one.
  ///   - tokenizer: the model's tokenizer and how it counts the document's sampled pages
  ///     (`nil` when none answered), unless a window was given.
  public static func choose(
    given: Int?, server: ServerContext?, fallback: Int,
    tokenizer: (url: String, calibration: TokenCalibration?)? = nil
  ) -> ContextWindow {
    let (window, stated) = windowLine(given: given, server: server, fallback: fallback)
    guard let tokenizer else { return ContextWindow(tokens: window, line: stated) }
    guard let calibration = tokenizer.calibration else {
      return ContextWindow(
        tokens: window,
        line: stated
          + "; no tokenizer at \(tokenizer.url) (or no page long enough to measure), so chunks are planned by the estimate alone, and a chunk the model rejects is split"
      )
    }
    let ratio = String(format: "%.2f", calibration.ratio)
    let measured =
      "the model's tokenizer (\(tokenizer.url)) counts up to \(ratio) tokens per estimated token on \(calibration.samples.count) sampled page(s)"
    guard calibration.ratio > 1 else {
      return ContextWindow(tokens: window, line: stated + "; \(measured), so the estimate stands")
    }
    let planned = calibration.planningTokens(window)
    return ContextWindow(
      tokens: planned,
      line: stated
        + "; \(measured), so chunks are planned against \(planned) (\(window) / \(ratio))"
    )
  }

  /// The window before any calibration, and the line that says where it came from.
  private static func windowLine(given: Int?, server: ServerContext?, fallback: Int) -> (
    Int, String
  ) {
    if let given {
      let stated = server.map { "; the server states \($0.tokens) (\($0.source))" } ?? ""
      return (given, "context window: \(given) tokens, from --context-tokens\(stated)")
    }
    guard let server else {
      return (
        fallback,
        "context window: \(fallback) tokens, the contract's default estimate: the server states none in its model list; pass --context-tokens N to set it"
      )
    }
    guard server.planningTokens >= 512 else {
      return (
        fallback,
        "context window: \(fallback) tokens, the contract's default estimate: the server states \(server.tokens) (\(server.source)), too few to plan in; start it with a larger context, or pass --context-tokens N"
      )
    }
    return (
      server.planningTokens,
      "context window: \(server.planningTokens) tokens, from the server's \(server.tokens) (\(server.source)) less \(ServerContext.chatTemplateMargin) for the chat template"
    )
  }

  /// The pages a tokenizer is asked about: up to ``sampleCount`` spread evenly over the
  /// document, each to its first ``sampleCharacters`` characters. An unreadable page is left
  /// out; the core names it in its outcome.
  public static func samples(of documents: any ProfileDocumentProviding, attachmentID: String)
    async throws -> [String]
  {
    let count = try await documents.pageCount(for: attachmentID)
    let taken = min(count, sampleCount)
    var texts: [String] = []
    for index in Set((0..<taken).map { $0 * count / taken }).sorted() {
      guard let page = try? await documents.page(at: index, for: attachmentID) else { continue }
      texts.append(String(page.text.prefix(sampleCharacters)))
    }
    return texts
  }
}
