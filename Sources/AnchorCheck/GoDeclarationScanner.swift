// The Go declaration scanner: top-level `func` (methods as `Recv.Name`), `type`, `const`
// and `var` declarations, single or grouped in `( … )`.
//
// A declaration ends like a Go statement: at a newline at bracket depth 0 after a token
// that would get an automatic semicolon (identifier, literal, `)`, `]`, `}`), at a `;`,
// or before the `)` closing its group. So a function ends at its body's `}`, a `type`
// at its struct's `}` or the line of its type, a grouped spec at its own last line.
// `start` includes the comment lines directly above (the doc comment).

/// Scans Go source; see the rules at the top of this file.
struct GoDeclarationScanner: TokenLexing {
  let bytes: [UInt8]
  let lines: SourceLines
  var marks: LineMarks
  var tokens: [LexedToken] = []
  private var result: [Declaration] = []

  init(bytes: [UInt8]) {
    self.bytes = bytes
    lines = SourceLines(bytes: bytes)
    marks = LineMarks(lineCount: lines.count)
  }

  mutating func scan() -> [Declaration] {
    lex()
    parse()
    return result
  }

  // MARK: - Lexer

  private static func isIdentifierByte(_ c: UInt8) -> Bool {
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95 || c >= 0x80 || (c >= 48 && c <= 57)
  }

  private mutating func lex() {
    let n = bytes.count
    var i = 0
    while i < n {
      let c = bytes[i]
      if c == 9 || c == 10 || c == 11 || c == 12 || c == 13 || c == 32 {
        i += 1
      } else if c == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "/") {
        var end = i
        while end < n && bytes[end] != 10 { end += 1 }
        marks.markComment(lines.line(at: i), lines.line(at: max(end - 1, i)))
        i = end
      } else if c == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "*") {
        var end = i + 2
        while end + 1 < n && !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == 47) {
          end += 1
        }
        end = min(end + 2, n)
        marks.markComment(lines.line(at: i), lines.line(at: end - 1))
        i = end
      } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        let end = min(quotedEnd(i), n)
        add(.string, i, max(end, i + 1))
        i = max(end, i + 1)
      } else if c == UInt8(ascii: "`") {
        var end = i + 1
        while end < n && bytes[end] != UInt8(ascii: "`") { end += 1 }
        end = min(end + 1, n)
        add(.string, i, end)
        i = end
      } else if Self.isIdentifierByte(c) {
        var end = i + 1
        while end < n && (Self.isIdentifierByte(bytes[end]) || bytes[end] == 46 && c <= 57) {
          end += 1
        }
        add(c >= 48 && c <= 57 ? .number : .word, i, end)
        i = end
      } else {
        add(.punct, i, i + 1)
        i += 1
      }
    }
  }

  // MARK: - Parser

  /// Whether Go would insert a semicolon after token `i` at the end of a line.
  private func terminates(_ i: Int) -> Bool {
    let token = tokens[i]
    if token.kind != .punct { return true }
    let c = bytes[token.start]
    return c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}")
  }

  /// Scans a statement continuing at token `start`; returns the first token after it and
  /// its last token. With `checkFirst`, a line break before `start` can end it at once.
  private func scanStatement(from start: Int, checkFirst: Bool) -> (next: Int, last: Int) {
    var i = start
    var previous = start - 1
    var openers: [UInt8] = []
    var braces = 0
    while i < tokens.count {
      let token = tokens[i]
      let c: UInt8 = token.kind == .punct ? bytes[token.start] : 0
      if openers.isEmpty {
        if c == UInt8(ascii: ";") || c == UInt8(ascii: ")") || c == UInt8(ascii: "}") { break }
        if previous >= 0 && (i > start || checkFirst) && token.line > tokens[previous].endLine
          && terminates(previous)
        {
          break
        }
      }
      switch c {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        openers.append(c)
        if c == UInt8(ascii: "{") { braces += 1 }
      case UInt8(ascii: ")"):
        if openers.last == UInt8(ascii: "(") { openers.removeLast() }
      case UInt8(ascii: "]"):
        if openers.last == UInt8(ascii: "[") { openers.removeLast() }
      case UInt8(ascii: "}"):
        // Recover from unclosed parens: pop to the matching brace, if there is one.
        guard braces > 0 else { return (i, previous) }
        while let last = openers.popLast(), last != UInt8(ascii: "{") {}
        braces -= 1
      default:
        break
      }
      previous = i
      i += 1
    }
    return (i, previous)
  }

  private mutating func emit(_ name: String, kind: String, first s: Int, end: Int) {
    let firstOnLine = s == 0 || tokens[s - 1].endLine < tokens[s].line
    let line = tokens[s].line
    result.append(
      Declaration(
        name: name, kind: kind,
        start: marks.start(firstTokenLine: line, firstOnLine: firstOnLine),
        keywordLine: line, end: max(end, line), depth: 0))
  }

  private mutating func parse() {
    var i = 0
    while i < tokens.count {
      if isWord(i) {
        switch text(i) {
        case "func":
          i = parseFunction(i)
          continue
        case "type", "const", "var":
          i = parseGeneral(i)
          continue
        default:
          break
        }
      }
      i = max(scanStatement(from: i, checkFirst: false).next, i + 1)
    }
  }

  /// `func Name(…)` or `func (r *Recv[T]) Name(…)`.
  private mutating func parseFunction(_ k: Int) -> Int {
    var j = k + 1
    var receiver = ""
    if isPunct(j, UInt8(ascii: "(")) {
      var depth = 0
      var brackets = 0
      var lastWord: Int? = nil
      var m = j
      scanning: while m < tokens.count {
        if tokens[m].kind == .punct {
          switch bytes[tokens[m].start] {
          case UInt8(ascii: "("): depth += 1
          case UInt8(ascii: ")"):
            depth -= 1
            if depth == 0 { break scanning }
          case UInt8(ascii: "["): brackets += 1
          case UInt8(ascii: "]"): brackets -= 1
          case UInt8(ascii: "{"), UInt8(ascii: "}"): break scanning
          default: break
          }
        } else if isWord(m) && depth == 1 && brackets == 0 {
          lastWord = m
        }
        m += 1
      }
      receiver = lastWord.map { text($0) } ?? ""
      j = m + 1
    }
    guard isWord(j) else { return max(scanStatement(from: k, checkFirst: false).next, k + 1) }
    let name = receiver.isEmpty ? text(j) : receiver + "." + text(j)
    let scan = scanStatement(from: j + 1, checkFirst: true)
    emit(name, kind: "func", first: k, end: tokens[max(scan.last, j)].endLine)
    return max(scan.next, j + 1)
  }

  /// The names of a spec starting at token `j`: `A` for a type, `a, b` for const/var.
  private func specNames(_ j: Int, isType: Bool) -> [Int] {
    guard isWord(j) else { return [] }
    var names = [j]
    var m = j + 1
    while !isType && isPunct(m, UInt8(ascii: ",")) && isWord(m + 1) {
      names.append(m + 1)
      m += 2
    }
    return names
  }

  /// `type`, `const` and `var`, single or grouped.
  private mutating func parseGeneral(_ k: Int) -> Int {
    let kind = text(k)
    let isType = kind == "type"
    guard isPunct(k + 1, UInt8(ascii: "(")) else {
      let names = specNames(k + 1, isType: isType)
      let scan = scanStatement(from: k + 1, checkFirst: true)
      for name in names { emit(text(name), kind: kind, first: k, end: tokens[scan.last].endLine) }
      return max(scan.next, k + 1)
    }
    var j = k + 2
    while j < tokens.count {
      if isPunct(j, UInt8(ascii: ")")) { return j + 1 }
      if isPunct(j, UInt8(ascii: "}")) { return j }
      if isPunct(j, UInt8(ascii: ";")) {
        j += 1
        continue
      }
      let names = specNames(j, isType: isType)
      let scan = scanStatement(from: j + 1, checkFirst: true)
      let end = tokens[max(scan.last, j)].endLine
      for name in names { emit(text(name), kind: kind, first: j, end: end) }
      j = max(scan.next, j + 1)
    }
    return j
  }
}
