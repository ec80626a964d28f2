/// What an anchor's message says, kept as its parts until it is read or written: a report holds a
/// hundred thousand messages, and most are one of a few sentences with a path and two numbers.
/// Each sentence is worded once, in ``write(literal:variable:)``; ``text`` and the JSON report
/// both come from it.
enum AnchorMessage: Hashable, Sendable, ExpressibleByStringInterpolation {
  /// Any other sentence, already written out.
  case text(String)
  /// A range without a quote that exists.
  case linesExist(start: Int, end: Int)
  /// A quote that stands where it is cited.
  case quoteMatches(start: Int, end: Int)
  /// A quote that stands elsewhere in its file.
  case moved(file: String, start: Int, end: Int, citedStart: Int, citedEnd: Int)
  /// Cited lines that differ from a quote found nowhere in the file, with the window most like
  /// it when at least half its lines match.
  case changed(file: String, start: Int, end: Int, closest: Closest?)
  /// A path that names no file, with no place found for its quote.
  case noFile(path: String)
  /// The declaration a symbol anchor without a quote names, found once in its file: where it
  /// stands, and what the anchor's own lines say of it.
  case declared(Declared)

  /// The window of a file most like a quote.
  struct Closest: Hashable, Sendable {
    let start: Int
    let end: Int
    let matching: Int
    let count: Int
  }

  /// A declaration a symbol anchor names, as a message describes it: `struct ErrorReport (lines
  /// 80-96 of Sources/CLI/CommandLineError.swift)`.
  struct Declared: Hashable, Sendable {
    /// The declaring keyword.
    let kind: String
    /// The qualified name, with argument labels when it has them.
    let name: String
    /// The declaration's lines: from its keyword line to its last.
    let start: Int
    let end: Int
    /// The file it stands in, relative to the root.
    let file: String
    /// What the anchor's lines say of it.
    let verdict: Verdict

    /// What an anchor's lines say of the declaration it names.
    enum Verdict: Hashable, Sendable {
      /// The anchor cites no lines, and `symbol` names the declaration.
      case named(symbol: String)
      /// Lines `start`–`end` hold the declaration.
      case heldBy(start: Int, end: Int)
      /// Lines `start`–`end` do not hold it: `--fix` cites its own.
      case notAt(start: Int, end: Int)
    }
  }

  init(stringLiteral value: String) { self = .text(value) }

  init(stringInterpolation: DefaultStringInterpolation) {
    self = .text(String(stringInterpolation: stringInterpolation))
  }

  /// The sentence, in order: fixed wording to `literal` (never a character JSON escapes), and
  /// paths and numbers to `variable`.
  func write(literal: (StaticString) -> Void, variable: (String) -> Void) {
    switch self {
    case .text(let text):
      variable(text)
    case .linesExist(let start, let end):
      literal("lines ")
      variable(AnchorChecker.range(start, end))
      literal(
        " exist, which is all an unquoted citation proves: quote them in a fenced block, or name their declaration (--fix=symbols names the one they cover), to make it checkable"
      )
    case .quoteMatches(let start, let end):
      literal("the quote matches lines ")
      variable(AnchorChecker.range(start, end))
    case .moved(let file, let start, let end, let citedStart, let citedEnd):
      literal("the quote now stands at lines ")
      variable(AnchorChecker.range(start, end))
      literal(" of ")
      variable(file)
      literal(", not ")
      variable(AnchorChecker.range(citedStart, citedEnd))
      literal("; run with --fix to update the numbers")
    case .changed(let file, let start, let end, let closest):
      literal("lines ")
      variable(AnchorChecker.range(start, end))
      literal(" of ")
      variable(file)
      literal(
        " differ from the quote, and the quote is nowhere in the file: the code changed, so reread the explanation and update quote and prose together"
      )
      if let closest {
        literal("; closest match: lines ")
        variable(AnchorChecker.range(closest.start, closest.end))
        literal(" (")
        variable(String(closest.matching))
        literal(" of ")
        variable(String(closest.count))
        literal(" lines match)")
      }
    case .noFile(let path):
      literal("no file ")
      variable(path)
      literal(" under the root; fix the path, or mark the doc as an archive in anchors.json")
    case .declared(let declared):
      switch declared.verdict {
      case .named(let symbol):
        variable(symbol)
        literal(" is ")
        declared.write(literal: literal, variable: variable)
      case .heldBy(let start, let end):
        literal("lines ")
        variable(AnchorChecker.range(start, end))
        literal(" hold ")
        declared.write(literal: literal, variable: variable)
      case .notAt(let start, let end):
        declared.write(literal: literal, variable: variable)
        literal(" does not stand at lines ")
        variable(AnchorChecker.range(start, end))
        literal("; run with --fix to cite lines ")
        variable(AnchorChecker.range(declared.start, declared.end))
      }
    }
  }

  /// The sentence as text.
  var text: String {
    if case .text(let text) = self { return text }
    var text = ""
    write(literal: { text += $0.description }, variable: { text += $0 })
    return text
  }
}

extension AnchorMessage.Declared {
  /// `struct ErrorReport (lines 80-96 of Sources/CLI/CommandLineError.swift)`.
  fileprivate func write(literal: (StaticString) -> Void, variable: (String) -> Void) {
    variable(kind)
    literal(" ")
    variable(name)
    literal(" (lines ")
    variable(AnchorChecker.range(start, end))
    literal(" of ")
    variable(file)
    literal(")")
  }
}
