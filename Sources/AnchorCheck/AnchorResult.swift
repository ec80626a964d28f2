/// One checked anchor: where it stands, what it cites, its status and what to do.
///
/// A class, not a struct: reports hold a hundred thousand of these, and passing them around by
/// reference keeps the checker fast. Every property is a constant.
public final class AnchorResult: Hashable, Sendable {
  /// The doc, relative to the root.
  public let doc: String
  /// The 1-based doc line the anchor text stands on.
  public let line: Int
  /// The anchor as written.
  public let anchor: String
  /// The cited file relative to the root when it resolved, else the path as written.
  public let path: String
  /// The first cited line.
  public let start: Int
  /// The last cited line.
  public let end: Int
  /// Whether the anchor quotes code.
  public let quoted: Bool
  /// What became of it.
  public let status: AnchorStatus
  /// The anchor to write instead (`PATH:START-END`), for `moved` and cross-file relocations.
  public let suggestion: String?
  /// What was expected, what was found, and what to do.
  public var message: String { reason.text }
  /// The message, as its parts.
  let reason: AnchorMessage
  /// For `changed`: a short diff, quote (`-`) against the cited lines (`+`). Rendered each time
  /// it is read: a report's JSON does not carry diffs, so a run that writes JSON never renders one.
  public var diff: [String] { changes?.render() ?? [] }
  /// What the diff is rendered from: the quote, and the cited file's lines, which the result
  /// keeps (a report holds each changed file's lines once, however many anchors cite it).
  let changes: Changes?
  /// Whether the doc is an archive: findings are warnings.
  public let archived: Bool
  /// How the anchor is written, and where, for `--fix`.
  let form: ParsedAnchor.Form
  let columns: Range<Int>
  /// For a fixable anchor: the path, start and end to write.
  let fix: Fix?

  /// A `changed` anchor's quote and the lines it cites. A class, so that results without one
  /// hold a word for it, not the whole.
  final class Changes: Sendable {
    /// The quote, normalized.
    let quote: NormalizedLines
    /// The cited file.
    let source: SourceFile
    /// The cited lines, 0-based.
    let range: Range<Int>

    init(quote: NormalizedLines, source: SourceFile, range: Range<Int>) {
      self.quote = quote
      self.source = source
      self.range = range
    }

    /// The diff, as ``AnchorResult/diff`` gives it.
    func render() -> [String] {
      LineDiff.render(quote: quote, source: source.lines, range: range)
    }
  }

  struct Fix: Hashable, Sendable {
    let path: String?
    let start: Int
    let end: Int
  }

  init(
    doc: String, line: Int, anchor: String, path: String, start: Int, end: Int, quoted: Bool,
    status: AnchorStatus, suggestion: String?, message: AnchorMessage, changes: Changes?,
    archived: Bool,
    form: ParsedAnchor.Form, columns: Range<Int>, fix: Fix?
  ) {
    self.doc = doc
    self.line = line
    self.anchor = anchor
    self.path = path
    self.start = start
    self.end = end
    self.quoted = quoted
    self.status = status
    self.suggestion = suggestion
    self.reason = message
    self.changes = changes
    self.archived = archived
    self.form = form
    self.columns = columns
    self.fix = fix
  }

  /// Results are equal when every reported field is.
  public static func == (lhs: AnchorResult, rhs: AnchorResult) -> Bool {
    (lhs.doc, lhs.line, lhs.anchor, lhs.path) == (rhs.doc, rhs.line, rhs.anchor, rhs.path)
      && (lhs.start, lhs.end, lhs.quoted, lhs.status) == (
        rhs.start, rhs.end, rhs.quoted, rhs.status
      )
      && (lhs.suggestion, lhs.message, lhs.diff, lhs.archived) == (
        rhs.suggestion, rhs.message, rhs.diff, rhs.archived
      )
  }

  /// Hashes where the anchor stands and what became of it.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(doc)
    hasher.combine(line)
    hasher.combine(anchor)
    hasher.combine(status)
  }

  /// Whether the finding fails a run at `level`.
  public func fails(at level: FailLevel) -> Bool {
    guard status != .ok else { return false }
    switch level {
    case .unverified: return true
    case .warning: return status != .unverified
    case .error: return status != .unverified && !archived
    default: return false
    }
  }
}

/// The least severe finding that fails a run: `error` (the default: any stale anchor outside
/// archives), `warning` (archives too), `unverified` (unquoted citations too, which prove only
/// that their lines exist) or `none`.
public struct FailLevel: RawRepresentable, Hashable, Sendable {
  /// The level's name.
  public let rawValue: String
  /// Creates a level from its name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Stale anchors outside archives fail the run.
  public static let error = FailLevel(rawValue: "error")
  /// Stale anchors anywhere fail the run.
  public static let warning = FailLevel(rawValue: "warning")
  /// Stale anchors anywhere, and unverified ones, fail the run.
  public static let unverified = FailLevel(rawValue: "unverified")
  /// Findings never fail the run.
  public static let none = FailLevel(rawValue: "none")
  /// The names `--fail-on` accepts.
  public static let names = ["error", "warning", "unverified", "none"]
}
