// The Python declaration scanner: `def`, `async def` and `class`, nested by indentation
// (so methods are `Class.method`, nested functions `f.g`).
//
// Lines are first classified while tracking brackets, strings (including `'''`/`"""`
// spanning lines) and backslash continuations; a line that starts inside one of those is
// a continuation line, whose indentation means nothing. A declaration's body is every
// following line until the first logical (non-continuation) code line indented no more
// than the `def`/`class` line. `end` is the last line of that stretch that is code (or a
// continuation), or a comment indented more than the keyword line; blank lines and
// shallower comments at the end belong to what follows. `start` walks up over decorator
// lines (with their continuation lines) and comment lines directly above that are not
// indented deeper than the keyword line (those end the previous body).

/// Scans Python source; see the rules at the top of this file.
struct PythonDeclarationScanner {
  private enum LineKind { case blank, comment, code }

  private struct Line {
    var kind: LineKind = .blank
    var indent = 0
    var continuation = false
    /// The first line of the logical line this line belongs to.
    var logicalStart = 0
    var isDecorator = false
    var declaration: (kind: String, name: String)? = nil
  }

  private let bytes: [UInt8]
  private let sourceLines: SourceLines
  private var lines: [Line] = []
  private var result: [Declaration] = []

  init(bytes: [UInt8]) {
    self.bytes = bytes
    sourceLines = SourceLines(bytes: bytes)
  }

  mutating func scan() -> [Declaration] {
    classifyLines()
    findDeclarations()
    return result
  }

  private static func isIdentifierByte(_ c: UInt8) -> Bool {
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95 || c >= 0x80 || (c >= 48 && c <= 57)
  }

  /// The identifier at `p` (before `end`), and the offset after it.
  private func word(_ p: Int, _ end: Int) -> (String, Int) {
    var q = p
    while q < end && Self.isIdentifierByte(bytes[q]) { q += 1 }
    return (String(decoding: bytes[p..<q], as: UTF8.self), q)
  }

  private func skipSpaces(_ p: Int, _ end: Int) -> Int {
    var q = p
    while q < end && (bytes[q] == 32 || bytes[q] == 9) { q += 1 }
    return q
  }

  /// `def name`, `async def name` or `class name` at the start of a logical line.
  private func declarationHead(_ p: Int, _ end: Int) -> (kind: String, name: String)? {
    var (keyword, q) = word(p, end)
    if keyword == "async" {
      let r = skipSpaces(q, end)
      guard r > q else { return nil }
      (keyword, q) = word(r, end)
    }
    guard keyword == "def" || keyword == "class" else { return nil }
    let r = skipSpaces(q, end)
    guard r > q, r < end, Self.isIdentifierByte(bytes[r]), !(bytes[r] >= 48 && bytes[r] <= 57)
    else { return nil }
    return (keyword, word(r, end).0)
  }

  private mutating func classifyLines() {
    let count = sourceLines.count
    lines = Array(repeating: Line(), count: count + 1)
    var depth = 0
    var quote: UInt8 = 0
    var triple = false
    var backslash = false
    var logicalStart = 0
    for number in stride(from: 1, through: count, by: 1) {
      let lineStart = sourceLines.lineStarts[number - 1]
      var lineEnd = number < count ? sourceLines.lineStarts[number] - 1 : bytes.count
      if lineEnd > lineStart && bytes[lineEnd - 1] == 13 { lineEnd -= 1 }
      var line = Line()
      line.continuation = depth > 0 || quote != 0 || backslash
      backslash = false
      var p = lineStart
      if quote == 0 {
        while p < lineEnd && (bytes[p] == 32 || bytes[p] == 9 || bytes[p] == 12) {
          line.indent = bytes[p] == 9 ? (line.indent / 8 + 1) * 8 : line.indent + 1
          p += 1
        }
      }
      if quote != 0 {
        line.kind = .code
      } else if p == lineEnd {
        line.kind = .blank
      } else if bytes[p] == UInt8(ascii: "#") && !line.continuation {
        line.kind = .comment
      } else {
        line.kind = .code
      }
      if line.kind == .code && !line.continuation {
        logicalStart = number
        line.isDecorator = bytes[p] == UInt8(ascii: "@")
        line.declaration = declarationHead(p, lineEnd)
      }
      line.logicalStart = line.continuation ? logicalStart : number
      lines[number] = line
      // Track strings, brackets and continuations through the rest of the line.
      var q = quote != 0 ? lineStart : p
      while q < lineEnd {
        let c = bytes[q]
        if quote != 0 {
          if c == UInt8(ascii: "\\") {
            q += 2
          } else if c == quote && !triple {
            quote = 0
            q += 1
          } else if c == quote && q + 2 < lineEnd && bytes[q + 1] == quote && bytes[q + 2] == quote
          {
            quote = 0
            q += 3
          } else {
            q += 1
          }
          continue
        }
        if c == UInt8(ascii: "#") { break }
        if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") {
          quote = c
          triple = q + 2 < lineEnd && bytes[q + 1] == c && bytes[q + 2] == c
          q += triple ? 3 : 1
          continue
        }
        switch c {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
        case UInt8(ascii: "\\") where q == lineEnd - 1: backslash = true
        default: break
        }
        q += 1
      }
      // A single-quoted string ends with its line unless the newline is escaped.
      if quote != 0 && !triple && q <= lineEnd { quote = 0 }
    }
  }

  /// An open declaration: its indentation and index in `result`.
  private struct Open {
    var indent: Int
    var name: String
    var index: Int
  }

  private mutating func findDeclarations() {
    var stack: [Open] = []
    var lastCode = 0
    // Comment lines since the last code line: (line, indent).
    var trailing: [(line: Int, indent: Int)] = []
    var closing: [Open] = []
    for number in lines.indices.dropFirst() {
      let line = lines[number]
      switch line.kind {
      case .blank:
        continue
      case .comment:
        trailing.append((number, line.indent))
        continue
      case .code:
        break
      }
      if !line.continuation {
        while let top = stack.last, top.indent >= line.indent {
          closing.append(stack.removeLast())
        }
        close(&closing, lastCode: lastCode, trailing: trailing)
        if let head = line.declaration {
          if stack.count >= maxReportedDepth {
            // Too deep to report; still track the indentation.
            stack.append(Open(indent: line.indent, name: "", index: -1))
          } else {
            let name = stack.last.map { $0.name + "." + head.name } ?? head.name
            result.append(
              Declaration(
                name: name, kind: head.kind, start: start(of: number), keywordLine: number,
                end: number, depth: stack.count))
            stack.append(Open(indent: line.indent, name: name, index: result.count - 1))
          }
        }
      }
      lastCode = number
      trailing.removeAll(keepingCapacity: true)
    }
    while let top = stack.popLast() { closing.append(top) }
    close(&closing, lastCode: lastCode, trailing: trailing)
  }

  /// Sets the ends of the declarations in `closing` (popped innermost first), then
  /// empties it. Each ends at `lastCode`, or at a later trailing comment that is indented
  /// more than its keyword line.
  private mutating func close(
    _ closing: inout [Open], lastCode: Int, trailing: [(line: Int, indent: Int)]
  ) {
    // Visiting outermost first (smallest indent), the qualifying comment can only move up.
    var p = trailing.count - 1
    for open in closing.reversed() where open.index >= 0 {
      while p >= 0 && trailing[p].indent <= open.indent { p -= 1 }
      let end = max(lastCode, p >= 0 ? trailing[p].line : 0)
      result[open.index].end = max(end, result[open.index].keywordLine)
    }
    closing.removeAll(keepingCapacity: true)
  }

  /// The first line of the declaration whose keyword is on line `number`.
  private func start(of number: Int) -> Int {
    var start = number
    var above = number - 1
    while above >= 1 {
      let line = lines[above]
      if line.kind == .blank { break }
      if line.kind == .comment && !line.continuation {
        // A comment indented deeper belongs to the body before (see `close`).
        if line.indent > lines[number].indent { break }
        start = above
        above -= 1
        continue
      }
      let first = line.logicalStart
      guard first >= 1, first <= above, lines[first].isDecorator else { break }
      start = first
      above = first - 1
    }
    return start
  }
}
