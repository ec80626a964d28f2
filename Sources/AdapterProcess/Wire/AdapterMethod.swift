/// The methods an adapter process serves, by protocol. Parameters and results are the kit's
/// documented JSON forms (`Data` as Base64); see `Conformance/protocol.md`.
package enum AdapterMethod {
  /// Executor: `generate {request}` → the answer's JSON text, as a string. An error carries its
  /// kind in `error.data.kind`: `unavailable`, `transient`, `rejected` or `permanent`.
  package static let generate = "generate"
  /// Translator: `translate {texts, from, to}` → `[String]`.
  package static let translate = "translate"
  /// Document provider, setup: `loadFixture {pages, pageCap}` → `{attachmentID}`.
  package static let loadFixture = "loadFixture"
  /// Document provider: `pageCount {attachmentID}` → Int.
  package static let pageCount = "pageCount"
  /// Document provider: `originalPageCount {attachmentID}` → Int.
  package static let originalPageCount = "originalPageCount"
  /// Document provider: `page {index, attachmentID}` → `PageContent`.
  package static let page = "page"
  /// Store, setup: `open {directory}` → `null`. A reopen is a new process on the same directory.
  package static let open = "open"
  /// Store: `loadCheckpoint {command}` → a checkpoint or `null`.
  package static let loadCheckpoint = "loadCheckpoint"
  /// Store: `saveCheckpoint {checkpoint}` → `null`.
  package static let saveCheckpoint = "saveCheckpoint"
  /// Store: `removeCheckpoint {command}` → `null`.
  package static let removeCheckpoint = "removeCheckpoint"
  /// Store: `loadSummary {command}` → a summary or `null`.
  package static let loadSummary = "loadSummary"
  /// Store: `saveSummary {summary}` → `null`.
  package static let saveSummary = "saveSummary"
}
