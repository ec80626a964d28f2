/// The methods an adapter process serves, by protocol. Parameters and results are the kit's
/// documented JSON forms (`Data` as Base64); see `Conformance/protocol.md`.
public enum AdapterMethod {
  /// Executor: `generate {request}` → the answer's JSON text, as a string. An error carries its
  /// kind in `error.data.kind`: `unavailable`, `transient`, `rejected` or `permanent`.
  public static let generate = "generate"
  /// Translator: `translate {texts, from, to}` → `[String]`.
  public static let translate = "translate"
  /// Document provider, setup: `loadFixture {pages, pageCap}` → `{attachmentID}`.
  public static let loadFixture = "loadFixture"
  /// Document provider: `pageCount {attachmentID}` → Int.
  public static let pageCount = "pageCount"
  /// Document provider: `originalPageCount {attachmentID}` → Int.
  public static let originalPageCount = "originalPageCount"
  /// Document provider: `page {index, attachmentID}` → `PageContent`.
  public static let page = "page"
  /// Store, setup: `open {directory}` → `null`. A reopen is a new process on the same directory.
  public static let open = "open"
  /// Store: `loadCheckpoint {command}` → a checkpoint or `null`.
  public static let loadCheckpoint = "loadCheckpoint"
  /// Store: `saveCheckpoint {checkpoint}` → `null`.
  public static let saveCheckpoint = "saveCheckpoint"
  /// Store: `removeCheckpoint {command}` → `null`.
  public static let removeCheckpoint = "removeCheckpoint"
  /// Store: `loadSummary {command}` → a summary or `null`.
  public static let loadSummary = "loadSummary"
  /// Store: `saveSummary {summary}` → `null`.
  public static let saveSummary = "saveSummary"
}
