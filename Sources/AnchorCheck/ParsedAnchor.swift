/// An anchor as written in a doc, before it is checked.
public struct ParsedAnchor: Hashable, Sendable {
  /// How the anchor is written. New forms may be added; don't switch over them exhaustively.
  public struct Form: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// A fenced code block whose first line is a comment holding the anchor; the rest is a quote.
    public static let quoted = Form("quoted")
    /// `PATH:LINE[-LINE]`, `PATH:LINE[-LINE] (SYMBOL)` or `PATH#SYMBOL` in text or inline code.
    public static let prose = Form("prose")
    /// A Markdown link `[x](path#L10-L20)` or `[x](path#SYMBOL)`.
    public static let link = Form("link")
    /// A GitHub permalink, `https://github.com/ORG/REPO/blob/COMMIT/path#L10-L20`, bare or as a
    /// link's destination: the cited lines at that commit are its quote.
    public static let permalink = Form("permalink")

    /// The form's name: `quoted`, `prose`, `link` or `permalink`.
    public var description: String { name }
  }

  /// Where a permalink points: the repository and the commit it pins.
  public struct Permalink: Hashable, Sendable {
    /// The repository's owner, as written: `ORG` in `github.com/ORG/REPO`.
    public var owner: String
    /// The repository's name, as written, without `.git`.
    public var repository: String
    /// The commit, as written: 7 to 40 hexadecimal digits.
    public var commit: String
    /// What the URL holds before the commit, as written: `https://github.com/ORG/REPO/blob/`.
    public var base: String

    /// Creates a permalink's target.
    public init(owner: String, repository: String, commit: String, base: String) {
      self.owner = owner
      self.repository = repository
      self.commit = commit
      self.base = base
    }

    /// `ORG/REPO`, lowercased: GitHub's names are case-insensitive.
    public var slug: String { "\(owner)/\(repository)".lowercased() }
  }

  /// The 1-based doc line the anchor text stands on.
  public var line: Int
  /// The anchor as written: `Sources/X.swift:10-14` or `src/a.swift#L10-L20`.
  public var text: String
  /// The path as written (percent-decoded for links).
  public var path: String
  /// The first cited line; 0 when the anchor names a declaration without a range
  /// (`PATH#SYMBOL`).
  public var start: Int
  /// The last cited line (equal to `start` for one line).
  public var end: Int
  /// The declaration the anchor names, as written: `ErrorReport`, `ErrorReport.render`,
  /// `render(to:)`; `nil` for an anchor that names none.
  public var symbol: String?
  /// Whether the anchor cites lines, not only a declaration.
  public var hasRange: Bool { start > 0 }
  /// How it is written.
  public var form: Form
  /// For a permalink, the repository and commit it pins; its ``path`` is relative to the
  /// repository's top folder.
  public var permalink: Permalink?
  /// For a quoted anchor, the quoted text as written: its lines joined by `\n`, trailing blank
  /// lines dropped. One string, not one per line: a repository can hold a hundred thousand quotes.
  public var quoteText: String

  /// For a quoted anchor, the quoted lines as written.
  public var quote: [String] {
    guard !quoteText.isEmpty else { return [] }
    return quoteText.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.utf8.last == 0x0D ? String(line.dropLast()) : String(line)
    }
  }
  /// Where `text` stands in its doc line, as UTF-8 offsets, so `--fix` can rewrite it.
  public var columns: Range<Int>
  /// Whether an `<!-- anchors: ignore -- reason -->` comment covers it.
  public var suppressed: Bool

  /// Creates a parsed anchor.
  public init(
    line: Int, text: String, path: String, start: Int, end: Int, form: Form, quote: [String] = [],
    columns: Range<Int>, suppressed: Bool = false, symbol: String? = nil,
    permalink: Permalink? = nil
  ) {
    self.init(
      line: line, text: text, path: path, start: start, end: end, form: form,
      quoteText: quote.joined(separator: "\n"),
      columns: columns, suppressed: suppressed, symbol: symbol, permalink: permalink)
  }

  @_spi(Benchmarks) public init(
    line: Int, text: String, path: String, start: Int, end: Int, form: Form, quoteText: String,
    columns: Range<Int>,
    suppressed: Bool, symbol: String? = nil, permalink: Permalink? = nil
  ) {
    self.symbol = symbol
    self.permalink = permalink
    self.line = line
    self.text = text
    self.path = path
    self.start = start
    self.end = end
    self.form = form
    self.quoteText = quoteText
    self.columns = columns
    self.suppressed = suppressed
  }
}

/// What the parser found in one doc: its anchors, and lines it could not accept.
public struct ParsedDoc: Hashable, Sendable {
  /// The anchors, in doc order.
  public var anchors: [ParsedAnchor]
  /// Problems with the doc itself, such as a suppression without a reason: (line, message).
  public var problems: [DocProblem]

  /// Creates a parse result from its anchors and problems.
  @_spi(Benchmarks) public init(anchors: [ParsedAnchor], problems: [DocProblem]) {
    self.anchors = anchors
    self.problems = problems
  }
}

/// A problem with a doc that is not an anchor's status.
public struct DocProblem: Hashable, Sendable {
  /// The 1-based doc line.
  public let line: Int
  /// What is wrong and what to write instead.
  public let message: String

  /// Creates a problem on doc line `line`.
  @_spi(Benchmarks) public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }
}
