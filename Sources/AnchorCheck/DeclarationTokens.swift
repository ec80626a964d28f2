/// A token a declaration scanner lexed, as the questions its parser shares with the other
/// scanners' see it.
protocol DeclarationToken {
  /// Whether the token is one byte of punctuation: a bracket, `,`, `;`, `.`…
  var isPunctuation: Bool { get }
  /// The byte range of the token's text.
  var start: Int { get }
  var end: Int { get }
}

/// A scanner that lexes a file into tokens before it parses them (the Swift, C-family and Go
/// scanners): the questions each parser asks of its tokens, written once.
protocol TokenParsing {
  associatedtype Token: DeclarationToken
  /// The file's bytes, which the tokens' ranges index.
  var bytes: [UInt8] { get }
  /// The tokens, in the file's order.
  var tokens: [Token] { get }
}

extension TokenParsing {
  /// Whether token `i` exists and is the punctuation byte `c`.
  func isPunct(_ i: Int, _ c: UInt8) -> Bool {
    i >= 0 && i < tokens.count && tokens[i].isPunctuation && bytes[tokens[i].start] == c
  }

  /// Token `i`'s text.
  func text(_ i: Int) -> String {
    String(decoding: bytes[tokens[i].start..<tokens[i].end], as: UTF8.self)
  }

  /// The index after the `)` matching the `(` at `open`, counting parens only; or the first
  /// token before it that `stops` accepts; or the end.
  func afterParens(_ open: Int, stoppingAt stops: (Int) -> Bool = { _ in false }) -> Int {
    var depth = 0
    var i = open
    while i < tokens.count {
      if isPunct(i, UInt8(ascii: "(")) {
        depth += 1
      } else if isPunct(i, UInt8(ascii: ")")) {
        depth -= 1
        if depth == 0 { return i + 1 }
      } else if stops(i) {
        return i
      }
      i += 1
    }
    return i
  }
}

/// A token of the C-family and Go scanners, which lex alike: its kind, its bytes, and the
/// 1-based lines of its first and last byte.
struct LexedToken: DeclarationToken {
  enum Kind {
    case word, punct, string, number
    /// `::`, in C++ (the Go scanner makes none).
    case scope
  }

  var kind: Kind
  var start: Int
  var end: Int
  var line: Int
  var endLine: Int

  var isPunctuation: Bool { kind == .punct }
}

/// A scanner that lexes into ``LexedToken``s (the C-family and Go scanners), marking the lines
/// each token covers as code.
protocol TokenLexing: TokenParsing where Token == LexedToken {
  var lines: SourceLines { get }
  var marks: LineMarks { get set }
  var tokens: [LexedToken] { get set }
}

extension TokenLexing {
  /// Adds a token of `kind` over bytes `start..<end`.
  mutating func add(_ kind: LexedToken.Kind, _ start: Int, _ end: Int) {
    let first = lines.line(at: start)
    let last = lines.line(at: max(end - 1, start))
    marks.markCode(first, last)
    tokens.append(LexedToken(kind: kind, start: start, end: end, line: first, endLine: last))
  }

  /// The end of the quoted literal (`"…"` or `'…'`) whose quote is at `start`: after its
  /// closing quote, past any escaped one, or (unterminated) at the end of its line.
  func quotedEnd(_ start: Int) -> Int {
    let quote = bytes[start]
    var i = start + 1
    while i < bytes.count {
      let c = bytes[i]
      if c == UInt8(ascii: "\\") {
        i += 2
        continue
      }
      if c == quote { return i + 1 }
      if c == 10 { return i }
      i += 1
    }
    return bytes.count
  }

  /// Whether token `i` exists and is a word (an identifier or keyword).
  func isWord(_ i: Int) -> Bool { i >= 0 && i < tokens.count && tokens[i].kind == .word }
}
