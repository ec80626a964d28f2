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

  /// What `--fix` writes in place of the anchor.
  struct Fix: Hashable, Sendable {
    /// The path to write; `nil` keeps the one written.
    let path: String?
    /// The lines to write; 0 for an anchor that names a declaration without lines.
    let start: Int
    let end: Int
    /// The anchor to write, in the form it was written: `PATH:LINES`, `PATH:LINES (SYMBOL)`,
    /// `PATH#SYMBOL` or, in a link, `PATH#L10-L20`.
    let text: String

    /// A fix whose text is written out already.
    init(path: String?, start: Int, end: Int, text: String) {
      self.path = path
      self.start = start
      self.end = end
      self.text = text
    }

    /// The fix of `anchor` to `path` (`nil`: the path as written) and `start`–`end`, keeping
    /// the symbol it names, if any.
    init(_ anchor: ParsedAnchor, path: String?, start: Int, end: Int) {
      self.path = path
      self.start = start
      self.end = end
      let written = path ?? Self.writtenPath(anchor)
      let name = anchor.symbol
      if anchor.form == .link, start > 0 {
        text = "\(written)#L\(start)" + (end != start ? "-L\(end)" : "")
      } else if start == 0, let name {
        text = "\(written)#\(name)"
      } else {
        text = Self.lines(written, start, end, symbol: name)
      }
    }

    /// `PATH:LINES`, or `PATH:LINES (SYMBOL)` when there is a symbol: a ranged anchor as text.
    static func lines(_ path: String, _ start: Int, _ end: Int, symbol: String?) -> String {
      "\(path):\(AnchorChecker.range(start, end))" + (symbol.map { " (\($0))" } ?? "")
    }

    /// The path as the anchor's text writes it (percent-encoded in a link, as written).
    /// Read as bytes: every moved anchor asks, and a search by Character costs more than the
    /// rest of its fix.
    static func writtenPath(_ anchor: ParsedAnchor) -> String {
      let utf8 = anchor.text.utf8
      if anchor.form == .link || !anchor.hasRange {
        let hash = utf8.lastIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        return String(decoding: utf8[..<hash], as: UTF8.self)
      }
      // Before ` (SYMBOL)`, if it names one, then before the last colon.
      var end = utf8.endIndex
      if let symbol = anchor.symbol {
        end = utf8.index(end, offsetBy: -min(symbol.utf8.count + 3, utf8.count))
      }
      let colon = utf8[..<end].lastIndex(of: UInt8(ascii: ":")) ?? end
      return String(decoding: utf8[..<colon], as: UTF8.self)
    }
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

  /// Whether the anchor is a GitHub permalink, whose findings fail a run only at
  /// ``FailLevel/permalinks`` and above.
  public var isPermalink: Bool { form == .permalink }

  /// Whether the finding fails a run at `level`.
  public func fails(at level: FailLevel) -> Bool {
    guard status != .ok, status != .outsideHistory else { return false }
    if isPermalink { return level == .permalinks || level == .unverified }
    switch level {
    case .unverified: return true
    case .warning, .permalinks: return status != .unverified
    case .error: return status != .unverified && !archived
    default: return false
    }
  }
}

/// What `--fix` may rewrite: `ranges` (the default: the numbers, and path, of moved anchors),
/// `symbols` (names the one declaration an unquoted range cites, `PATH:LINES (SYMBOL)`;
/// ``AnchorFixer/nameSymbols(_:root:)``) and `permalinks` (pins a permalink whose lines only
/// moved to HEAD's commit and range); ``AnchorFixer/apply(_:root:kinds:)`` makes the first and
/// the last.
public struct AnchorFixKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The kind's name, as `--fix=` takes it.
  public let rawValue: String
  /// Creates a kind from its name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The numbers (and path) of moved anchors.
  public static let ranges = AnchorFixKind(rawValue: "ranges")
  /// The symbol an unquoted range covers exactly, added beside it.
  public static let symbols = AnchorFixKind(rawValue: "symbols")
  /// The commit, path and range of a permalink whose lines only moved, set to HEAD's.
  public static let permalinks = AnchorFixKind(rawValue: "permalinks")
  /// Every kind, as `--fix=` names them.
  public static let all: [AnchorFixKind] = [.ranges, .symbols, .permalinks]
  /// The name.
  public var description: String { rawValue }
}

/// The least severe finding that fails a run: `error` (the default: any stale anchor outside
/// archives), `warning` (archives too), `permalinks` (stale permalinks too: their lines moved
/// or changed since the commit they pin, which may be deliberate), `unverified` (unquoted
/// citations too, which prove only that their lines exist) or `none`.
public struct FailLevel: RawRepresentable, Hashable, Sendable {
  /// The level's name.
  public let rawValue: String
  /// Creates a level from its name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Stale anchors outside archives fail the run.
  public static let error = FailLevel(rawValue: "error")
  /// Stale anchors anywhere fail the run.
  public static let warning = FailLevel(rawValue: "warning")
  /// Stale anchors anywhere, and stale permalinks, fail the run.
  public static let permalinks = FailLevel(rawValue: "permalinks")
  /// Stale anchors anywhere, stale permalinks, and unverified anchors fail the run.
  public static let unverified = FailLevel(rawValue: "unverified")
  /// Findings never fail the run.
  public static let none = FailLevel(rawValue: "none")
  /// The names `--fail-on` accepts.
  public static let names = ["error", "warning", "permalinks", "unverified", "none"]
}
