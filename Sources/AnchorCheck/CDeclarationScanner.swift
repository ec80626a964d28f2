// The C-family declaration scanner (C, C++, Objective-C): declarations at file,
// namespace, `extern "C"` and class/struct level; function bodies are opaque.
//
// - Statements are split at `;`, `{` and `}` outside parens. A statement ending in `{`
//   is a `namespace` (qualifying what is inside), `extern "C"` (transparent), a
//   struct/class/union (members are scanned and qualified) or enum head (body opaque), a
//   function definition (`ret name(…) … {`, `A::b(…)`, `~A()`, `operator==(…)`), or
//   else an opaque block such as an initializer. A function needs something before its
//   name (a return type) unless it is qualified, a destructor, or in a class body (a
//   constructor), so `TEST(a, b) {` and `if (x) {` are not functions.
// - A statement ending in `;` may be a prototype (reported with kind "function", ending
//   at the `;` line), a `typedef` or a `using X = …` alias (kind "typedef").
// - `typedef struct Name {…} Alias;` yields "Name" (struct) and "Alias" (typedef; its
//   keyword line is the `typedef` line and it ends at the `;`).
// - `#define NAME` yields kind "define", ending on the last `\`-continued line; other
//   preprocessor lines are skipped (both branches of `#if` are scanned).
// - Objective-C `@interface`/`@implementation Name` (kind "class") and `@protocol Name`
//   (kind "protocol") run to `@end`; their `-`/`+` methods are "Name.sel:with:" (kind
//   "method").
// - `end` is the closing brace's line or the `;` line; `start` includes the comment lines
//   directly above the statement's first token (e.g. `template <…>` or a return type).

/// Scans C, C++ and Objective-C source; see the rules at the top of this file.
struct CDeclarationScanner: TokenLexing {

  private struct Define {
    /// The index of the token after the directive.
    var position: Int
    var name: String
    var line: Int
    var endLine: Int
  }

  private enum ContextKind { case file, namespace, type, transparent, objc }

  private struct Context {
    var kind: ContextKind
    /// The qualified name of the context, used as a prefix.
    var prefix: String
    /// The index in `result` of the declaration that opened it, or -1.
    var declaration: Int
    /// Whether a declaration opened it (reported, or hidden for being too deep).
    var isDeclaration: Bool
    /// For `typedef struct … {`, the token index of the `typedef` keyword.
    var typedefKeyword: Int?
    /// The token index where the statement that opened it starts.
    var statementStart: Int
  }

  let bytes: [UInt8]
  let lines: SourceLines
  var marks: LineMarks
  var tokens: [LexedToken] = []
  private var defines: [Define] = []
  private var defineCursor = 0
  private var result: [Declaration] = []
  private var contexts: [Context] = [
    Context(
      kind: .file, prefix: "", declaration: -1, isDeclaration: false, typedefKeyword: nil,
      statementStart: 0)
  ]
  /// How many of `contexts` were opened by a declaration: the depth of what is inside.
  private var reportedDepth = 0

  /// Whether declarations here are nested too deeply to be reported.
  private var tooDeep: Bool { reportedDepth >= maxReportedDepth }

  init(bytes: [UInt8]) {
    self.bytes = bytes
    lines = SourceLines(bytes: bytes)
    marks = LineMarks(lineCount: lines.count)
  }

  mutating func scan() -> [Declaration] {
    lex()
    parse()
    // Defines and typedef aliases can be emitted out of line order; restore it.
    let order = result.indices.sorted {
      (result[$0].keywordLine, $0) < (result[$1].keywordLine, $1)
    }
    return order.map { result[$0] }
  }

  // MARK: - Lexer

  private static func isIdentifierByte(_ c: UInt8) -> Bool {
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95 || c == 36 || c >= 0x80
      || (c >= 48 && c <= 57)
  }

  /// The end of a C++ raw string `R"delim(…)delim"` whose `"` is at `quote`, or nil.
  private func rawStringEnd(_ quote: Int) -> Int? {
    let n = bytes.count
    var open = quote + 1
    while open < n && open - quote <= 17 && bytes[open] != UInt8(ascii: "(") {
      let c = bytes[open]
      if c == 32 || c == 10 || c == UInt8(ascii: ")") || c == UInt8(ascii: "\\") { return nil }
      open += 1
    }
    guard open < n && bytes[open] == UInt8(ascii: "(") else { return nil }
    let delimiter = Array(bytes[(quote + 1)..<open])
    var i = open + 1
    while i < n {
      if bytes[i] == UInt8(ascii: ")") && i + delimiter.count + 1 < n + 1 {
        var matches = i + delimiter.count + 1 < n + 1
        var k = 0
        while matches && k < delimiter.count {
          matches = i + 1 + k < n && bytes[i + 1 + k] == delimiter[k]
          k += 1
        }
        let close = i + 1 + delimiter.count
        if matches && close < n && bytes[close] == UInt8(ascii: "\"") { return close + 1 }
      }
      i += 1
    }
    return n
  }

  /// The end of a block comment starting at `start` (not nested).
  private func blockCommentEnd(_ start: Int) -> Int {
    var i = start + 2
    while i + 1 < bytes.count {
      if bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/") { return i + 2 }
      i += 1
    }
    return bytes.count
  }

  /// Skips the preprocessor directive whose `#` is at `start`, recording `#define`s;
  /// returns the offset of the newline that ends it (or the end of the text).
  private mutating func lexDirective(_ start: Int) -> Int {
    let n = bytes.count
    var i = start + 1
    while i < n && (bytes[i] == 32 || bytes[i] == 9) { i += 1 }
    let nameStart = i
    while i < n && Self.isIdentifierByte(bytes[i]) { i += 1 }
    let isDefine = String(decoding: bytes[nameStart..<i], as: UTF8.self) == "define"
    var macro = ""
    if isDefine {
      while i < n && (bytes[i] == 32 || bytes[i] == 9) { i += 1 }
      let macroStart = i
      while i < n && Self.isIdentifierByte(bytes[i]) { i += 1 }
      macro = String(decoding: bytes[macroStart..<i], as: UTF8.self)
    }
    scanning: while i < n {
      let c = bytes[i]
      switch c {
      case 10:
        break scanning
      case UInt8(ascii: "\\"):
        // A backslash before the newline (possibly "\r\n") continues the directive.
        i += 1
        if i < n && bytes[i] == 13 { i += 1 }
        if i < n && bytes[i] == 10 { i += 1 }
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        i = quotedEnd(i)
      case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "*"):
        i = blockCommentEnd(i)
      case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "/"):
        while i < n && bytes[i] != 10 { i += 1 }
      default:
        i += 1
      }
    }
    let end = min(i, n)
    let first = lines.line(at: start)
    let last = lines.line(at: max(end - 1, start))
    marks.markCode(first, last)
    if isDefine && !macro.isEmpty {
      defines.append(Define(position: tokens.count, name: macro, line: first, endLine: last))
    }
    return end
  }

  private mutating func lex() {
    let n = bytes.count
    var i = 0
    var atLineStart = true
    while i < n {
      let c = bytes[i]
      if c == 10 {
        atLineStart = true
        i += 1
      } else if c == 9 || c == 11 || c == 12 || c == 13 || c == 32 {
        i += 1
      } else if c == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "/") {
        var end = i
        while end < n && bytes[end] != 10 { end += 1 }
        marks.markComment(lines.line(at: i), lines.line(at: max(end - 1, i)))
        i = end
      } else if c == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "*") {
        let end = blockCommentEnd(i)
        marks.markComment(lines.line(at: i), lines.line(at: end - 1))
        i = end
      } else if c == UInt8(ascii: "#") && atLineStart {
        i = lexDirective(i)
      } else {
        atLineStart = false
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
          let end = max(quotedEnd(i), i + 1)
          add(.string, i, end)
          i = end
        } else if Self.isIdentifierByte(c) && !(c >= 48 && c <= 57) {
          var end = i + 1
          while end < n && Self.isIdentifierByte(bytes[end]) { end += 1 }
          let word = String(decoding: bytes[i..<end], as: UTF8.self)
          if end < n && bytes[end] == UInt8(ascii: "\"")
            && (word == "R" || word == "LR" || word == "uR" || word == "UR" || word == "u8R"),
            let close = rawStringEnd(end)
          {
            add(.string, i, close)
            i = close
          } else {
            add(.word, i, end)
            i = end
          }
        } else if c >= 48 && c <= 57 {
          var end = i + 1
          while end < n
            && (Self.isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: ".")
              || bytes[end] == UInt8(ascii: "'"))
          {
            end += 1
          }
          add(.number, i, end)
          i = end
        } else if c == UInt8(ascii: ":") && i + 1 < n && bytes[i + 1] == UInt8(ascii: ":") {
          add(.scope, i, i + 2)
          i += 2
        } else {
          add(.punct, i, i + 1)
          i += 1
        }
      }
    }
  }

  // MARK: - Token helpers

  private func isWord(_ i: Int, _ spelling: String) -> Bool { isWord(i) && text(i) == spelling }

  /// Words that are never the name of a function, type or typedef.
  private static let nonNames: Set<String> = [
    "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "bool",
    "_Bool", "_Complex", "auto", "const", "volatile", "restrict", "static", "extern",
    "inline", "register", "struct", "union", "enum", "class", "typename", "template",
    "typedef", "using", "namespace", "public", "private", "protected", "virtual",
    "explicit", "friend", "constexpr", "consteval", "constinit", "mutable", "thread_local",
    "noexcept", "throw", "operator", "return", "if", "else", "while", "for", "do", "switch",
    "case", "default", "goto", "break", "continue", "sizeof", "alignof", "decltype",
    "typeof", "__typeof__", "__attribute__", "__declspec", "alignas", "_Alignas",
    "_Alignof", "_Static_assert", "static_assert", "__asm__", "__asm", "asm", "new",
    "delete", "catch", "try", "defined", "_Atomic", "__extension__", "__inline",
    "__inline__", "__restrict", "__restrict__", "__volatile__", "__const", "final",
    "override", "requires", "co_return", "co_await", "co_yield",
  ]

  /// Words whose parenthesized argument does not make a statement a function.
  private static let attributeWords: Set<String> = [
    "__attribute__", "__declspec", "alignas", "_Alignas", "__asm__", "__asm", "asm",
    "decltype", "typeof", "__typeof__", "_Atomic", "noexcept", "throw",
  ]

  // MARK: - Parser

  private var currentPrefix: String { contexts[contexts.count - 1].prefix }

  private func qualified(_ name: String) -> String {
    currentPrefix.isEmpty ? name : currentPrefix + "." + name
  }

  /// Appends a declaration whose statement starts at token `s` and whose keyword (or
  /// name) is on `keywordLine`; returns its index.
  @discardableResult
  private mutating func emit(
    _ name: String, kind: String, first s: Int, keywordLine: Int, end: Int,
    depth: Int? = nil
  ) -> Int {
    guard (depth ?? reportedDepth) < maxReportedDepth else { return -1 }
    let firstOnLine = s == 0 || tokens[s - 1].endLine < tokens[s].line
    let start = marks.start(firstTokenLine: tokens[s].line, firstOnLine: firstOnLine)
    result.append(
      Declaration(
        name: name, kind: kind, start: min(start, keywordLine), keywordLine: keywordLine,
        end: max(end, keywordLine), depth: depth ?? reportedDepth))
    return result.count - 1
  }

  /// Emits the `#define`s lexed before token `position`.
  private mutating func flushDefines(before position: Int, depth: Int) {
    while defineCursor < defines.count && defines[defineCursor].position <= position {
      let define = defines[defineCursor]
      defineCursor += 1
      guard depth < maxReportedDepth else { continue }
      // The `#` is the first thing on its line, so nothing but comments precedes it.
      let start = marks.start(firstTokenLine: define.line, firstOnLine: true)
      result.append(
        Declaration(
          name: define.name, kind: "define", start: start, keywordLine: define.line,
          end: define.endLine, depth: depth))
    }
  }

  /// Skips (does not report) the `#define`s lexed before token `position`.
  private mutating func dropDefines(before position: Int) {
    while defineCursor < defines.count && defines[defineCursor].position <= position {
      defineCursor += 1
    }
  }

  /// The index of the `}` matching the `{` at `open` (`tokens.count` if there is none),
  /// emitting the defines inside at depth `inner`.
  private mutating func skipBraces(_ open: Int, inner: Int) -> Int {
    dropDefines(before: open)
    var depth = 0
    var i = open
    while i < tokens.count {
      if isPunct(i, UInt8(ascii: "{")) {
        depth += 1
      } else if isPunct(i, UInt8(ascii: "}")) {
        depth -= 1
        if depth == 0 { break }
      }
      i += 1
    }
    flushDefines(before: i, depth: inner)
    return i
  }

  /// The line of the `}` at `close`, or the last line if the brace is missing.
  private func closingLine(_ close: Int) -> Int {
    close < tokens.count ? tokens[close].line : lines.count
  }

  private mutating func parse() {
    var i = 0
    while i < tokens.count {
      flushDefines(before: i, depth: reportedDepth)
      let kind = contexts[contexts.count - 1].kind
      if isPunct(i, UInt8(ascii: "}")) {
        i = closeContext(at: i)
      } else if isPunct(i, UInt8(ascii: ";")) {
        i += 1
      } else if isPunct(i, UInt8(ascii: "@")) && isWord(i + 1, "end") {
        if kind == .objc { pop(endLine: tokens[i + 1].line) }
        i += 2
      } else if isPunct(i, UInt8(ascii: "@")) && isWord(i + 1)
        && ["interface", "implementation", "protocol"].contains(text(i + 1))
      {
        i = parseObjectiveCHead(i)
      } else if kind == .type && isWord(i) && isPunct(i + 1, UInt8(ascii: ":"))
        && ["public", "private", "protected"].contains(text(i))
      {
        i += 2
      } else if kind == .objc && (isPunct(i, UInt8(ascii: "-")) || isPunct(i, UInt8(ascii: "+"))) {
        i = parseObjectiveCMethod(i)
      } else {
        i = max(parseStatement(i), i + 1)
      }
    }
    flushDefines(before: Int.max, depth: reportedDepth)
    // Unclosed contexts end at the last line (which may hold a `#define`).
    while contexts.count > 1 { pop(endLine: lines.count) }
  }

  /// Opens a context; `declaration` is the index of the declaration opening it, -1 if it
  /// is too deep to be reported, or nil if no declaration opens it.
  private mutating func push(
    _ kind: ContextKind, prefix: String, declaration: Int?, _ s: Int,
    typedefKeyword: Int? = nil
  ) {
    contexts.append(
      Context(
        kind: kind, prefix: declaration == -1 ? currentPrefix : prefix,
        declaration: declaration ?? -1, isDeclaration: declaration != nil,
        typedefKeyword: typedefKeyword, statementStart: s))
    if declaration != nil { reportedDepth += 1 }
  }

  @discardableResult
  private mutating func pop(endLine: Int) -> Context? {
    guard contexts.count > 1 else { return nil }
    let context = contexts.removeLast()
    if context.isDeclaration { reportedDepth -= 1 }
    if context.declaration >= 0 {
      let index = context.declaration
      result[index].end = max(endLine, result[index].keywordLine)
    }
    return context
  }

  /// Handles a `}` at statement level; returns the next token index.
  private mutating func closeContext(at i: Int) -> Int {
    guard contexts.count > 1, contexts[contexts.count - 1].kind != .objc,
      let context = pop(endLine: tokens[i].line)
    else { return i + 1 }
    if let keyword = context.typedefKeyword {
      return typedefAlias(after: i, statementStart: context.statementStart, keyword: keyword)
    }
    return i + 1
  }

  /// After the `}` at `close` of `typedef struct … {…}`, reports the alias before the `;`.
  private mutating func typedefAlias(after close: Int, statementStart s: Int, keyword: Int)
    -> Int
  {
    var i = close + 1
    var depth = 0
    var alias: Int? = nil
    while i < tokens.count {
      if isPunct(i, UInt8(ascii: "(")) || isPunct(i, UInt8(ascii: "[")) {
        depth += 1
      } else if isPunct(i, UInt8(ascii: ")")) || isPunct(i, UInt8(ascii: "]")) {
        depth = max(0, depth - 1)
      } else if isPunct(i, UInt8(ascii: "{")) || isPunct(i, UInt8(ascii: "}")) {
        return i
      } else if isPunct(i, UInt8(ascii: ";")) && depth == 0 {
        break
      } else if alias == nil && depth == 0 && isWord(i) && !Self.nonNames.contains(text(i)) {
        alias = i
      }
      i += 1
    }
    if let alias {
      let end = i < tokens.count ? tokens[i].line : tokens[tokens.count - 1].endLine
      emit(
        qualified(text(alias)), kind: "typedef", first: s, keywordLine: tokens[keyword].line,
        end: end)
    }
    return i + 1
  }

  /// The shape of a statement's tokens outside parens and brackets.
  private struct Shape {
    /// Indices of the `(` tokens at depth 0.
    var parens: [Int] = []
    /// Index of the first `=` at depth 0 that is an assignment (not `==`, `operator=`).
    var assignment: Int? = nil
    /// Indices of all tokens at depth 0 (openers included, their contents not).
    var top: [Int] = []
  }

  private func shape(_ s: Int, _ end: Int) -> Shape {
    var shape = Shape()
    var depth = 0
    var i = s
    while i < end {
      if isPunct(i, UInt8(ascii: "(")) || isPunct(i, UInt8(ascii: "[")) {
        if depth == 0 {
          shape.top.append(i)
          if isPunct(i, UInt8(ascii: "(")) { shape.parens.append(i) }
        }
        depth += 1
      } else if isPunct(i, UInt8(ascii: ")")) || isPunct(i, UInt8(ascii: "]")) {
        depth = max(0, depth - 1)
      } else if isPunct(i, UInt8(ascii: "{")) {
        // A brace inside parens (a lambda or compound literal): skip it whole.
        var braces = 0
        while i < end {
          if isPunct(i, UInt8(ascii: "{")) { braces += 1 }
          if isPunct(i, UInt8(ascii: "}")) {
            braces -= 1
            if braces == 0 { break }
          }
          i += 1
        }
      } else if depth == 0 {
        shape.top.append(i)
        if shape.assignment == nil && isPunct(i, UInt8(ascii: "=")) && !isAssignmentPart(i) {
          shape.assignment = i
        }
      }
      i += 1
    }
    return shape
  }

  /// Whether the `=` at `i` belongs to `==`, `!=`, `<=`, `+=`, `operator=`...
  private func isAssignmentPart(_ i: Int) -> Bool {
    if isPunct(i + 1, UInt8(ascii: "=")) || isWord(i - 1, "operator") { return true }
    guard i > 0, tokens[i - 1].kind == .punct, tokens[i - 1].end == tokens[i].start else {
      return false
    }
    switch bytes[tokens[i - 1].start] {
    case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"),
      UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"),
      UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"):
      return true
    default:
      return isWord(i - 2, "operator")
    }
  }

  /// Parses a statement starting at `s`; returns the next token index.
  private mutating func parseStatement(_ s: Int) -> Int {
    var depth = 0
    var j = s
    while j < tokens.count {
      if isPunct(j, UInt8(ascii: "(")) || isPunct(j, UInt8(ascii: "[")) {
        depth += 1
      } else if isPunct(j, UInt8(ascii: ")")) || isPunct(j, UInt8(ascii: "]")) {
        depth = max(0, depth - 1)
      } else if isPunct(j, UInt8(ascii: "{")) {
        if depth == 0 { break }
        j = skipBraces(j, inner: reportedDepth)
      } else if isPunct(j, UInt8(ascii: "}")) {
        break
      } else if isPunct(j, UInt8(ascii: ";")) && depth == 0 {
        break
      }
      j += 1
    }
    guard j < tokens.count else { return j }
    // A define inside a statement's head is not reported: it would sit between the
    // declaration and its members.
    dropDefines(before: j)
    if isPunct(j, UInt8(ascii: "{")) { return parseBlock(s, j) }
    if isPunct(j, UInt8(ascii: ";")) { parseDeclaration(s, j) }
    return j + (isPunct(j, UInt8(ascii: ";")) ? 1 : 0)
  }

  /// The function named in a statement, if it is one: (qualified name, name token).
  private func functionName(_ s: Int, _ shape: Shape) -> (String, Int)? {
    guard !isPunct(s, UInt8(ascii: "@")) else { return nil }
    for paren in shape.parens {
      if let assignment = shape.assignment, assignment < paren { return nil }
      var nameStart = paren - 1
      var name: String
      if isPunct(nameStart, UInt8(ascii: ")")) && isPunct(nameStart - 1, UInt8(ascii: "("))
        && isWord(nameStart - 2, "operator")
      {
        name = "operator()"
        nameStart -= 2
      } else if isWord(nameStart, "operator") {
        continue  // The `()` of `operator()`.
      } else if let op = operatorName(before: paren) {
        (name, nameStart) = op
      } else if let word = wordBeforeTemplateArguments(nameStart, from: s) {
        // `f<int>(…)`, an explicit specialization.
        name = text(word)
        nameStart = word
      } else if isWord(nameStart) && !Self.nonNames.contains(text(nameStart)) {
        name = text(nameStart)
        if isPunct(nameStart - 1, UInt8(ascii: "~")) {
          name = "~" + name
          nameStart -= 1
        }
      } else {
        continue
      }
      let nameToken = paren - 1
      var parts = [name]
      while nameStart - 2 >= s && tokens[nameStart - 1].kind == .scope {
        // `A::f`, or `A<T>::f`.
        guard
          let word = isWord(nameStart - 2)
            ? nameStart - 2 : wordBeforeTemplateArguments(nameStart - 2, from: s)
        else { break }
        parts.insert(text(word), at: 0)
        nameStart = word
      }
      let inClass = contexts[contexts.count - 1].kind == .type
      guard nameStart > s || parts.count > 1 || inClass || name.hasPrefix("~") else { continue }
      return (qualified(parts.joined(separator: ".")), nameToken)
    }
    return nil
  }

  /// If token `close` is the `>` ending template arguments `<…>` (after token `from`),
  /// the name word before the `<`.
  private func wordBeforeTemplateArguments(_ close: Int, from: Int) -> Int? {
    guard isPunct(close, UInt8(ascii: ">")) else { return nil }
    var depth = 0
    var k = close
    // Bounded, so that many `>(` in one statement cannot make this quadratic.
    while k > from && close - k < 64 {
      if isPunct(k, UInt8(ascii: ">")) { depth += 1 }
      if isPunct(k, UInt8(ascii: "<")) {
        depth -= 1
        if depth == 0 { break }
      }
      if isPunct(k, UInt8(ascii: ";")) || isPunct(k, UInt8(ascii: "{")) { return nil }
      k -= 1
    }
    guard depth == 0, isWord(k - 1), !Self.nonNames.contains(text(k - 1)) else { return nil }
    return k - 1
  }

  /// `operator==`, `operator<<=`, `operator bool`... ending just before `paren`.
  private func operatorName(before paren: Int) -> (String, Int)? {
    var k = paren - 1
    var spelling = ""
    if isWord(k) && isWord(k - 1, "operator") {
      return ("operator " + text(k), k - 1)
    }
    while k >= 0 && paren - k <= 3 && tokens[k].kind == .punct {
      spelling = text(k) + spelling
      k -= 1
      if isWord(k, "operator") { return ("operator" + spelling, k) }
    }
    return nil
  }

  /// The first class-key (`struct`, `class`, `union`, `enum`) of a type head, if the
  /// statement is one: not an initializer and without a parameter list after the key.
  private func typeHead(_ shape: Shape) -> Int? {
    guard shape.assignment == nil else { return nil }
    var angle = 0
    for index in shape.top {
      if isPunct(index, UInt8(ascii: "<")) { angle += 1 }
      if isPunct(index, UInt8(ascii: ">")) { angle = max(0, angle - 1) }
      guard angle == 0, isWord(index) else { continue }
      switch text(index) {
      case "struct", "class", "union", "enum":
        for paren in shape.parens where paren > index {
          guard isWord(paren - 1), Self.attributeWords.contains(text(paren - 1)) else {
            return nil
          }
        }
        return index
      default:
        continue
      }
    }
    return nil
  }

  /// The name in a type head after the class-key at `key`, if any.
  private func typeName(_ shape: Shape, after key: Int) -> Int? {
    var name: Int? = nil
    var angle = 0
    for index in shape.top where index > key {
      if isPunct(index, UInt8(ascii: "<")) { angle += 1 }
      if isPunct(index, UInt8(ascii: ">")) { angle = max(0, angle - 1) }
      if angle > 0 { continue }
      if isPunct(index, UInt8(ascii: ":")) { break }
      if isWord(index) && !Self.nonNames.contains(text(index))
        && !Self.attributeWords.contains(text(index))
      {
        name = index
      }
    }
    return name
  }

  /// A statement ending in the `{` at `brace`.
  private mutating func parseBlock(_ s: Int, _ brace: Int) -> Int {
    let shape = shape(s, brace)
    let top = shape.top
    var first = 0
    if let index = top.first, isWord(index, "inline") { first = 1 }
    if first < top.count && isWord(top[first], "namespace") {
      var name = ""
      for index in top.dropFirst(first + 1) {
        if isWord(index) {
          name += name.isEmpty ? text(index) : "." + text(index)
        } else if tokens[index].kind != .scope {
          break
        }
      }
      if name.isEmpty {
        push(.transparent, prefix: currentPrefix, declaration: nil, s)
      } else {
        let full = tooDeep ? "" : qualified(name)
        let index = emit(
          full, kind: "namespace", first: s, keywordLine: tokens[top[first]].line,
          end: tokens[brace].line)
        push(.namespace, prefix: full, declaration: index, s)
      }
      return brace + 1
    }
    if top.count == 2 && isWord(top[0], "extern") && tokens[top[1]].kind == .string {
      push(.transparent, prefix: currentPrefix, declaration: nil, s)
      return brace + 1
    }
    let typedefKeyword = top.first { isWord($0, "typedef") }
    if let key = typeHead(shape) {
      let keyword = text(key)
      var nameKey = key
      if keyword == "enum", isWord(key + 1, "class") || isWord(key + 1, "struct") {
        nameKey = key + 1
      }
      guard let nameToken = typeName(shape, after: nameKey) else {
        let close = skipBraces(brace, inner: reportedDepth)
        if let typedefKeyword {
          return typedefAlias(after: close, statementStart: s, keyword: typedefKeyword)
        }
        return close + 1
      }
      let full = tooDeep ? "" : qualified(text(nameToken))
      let index = emit(
        full, kind: keyword, first: s, keywordLine: tokens[key].line, end: tokens[brace].line)
      if keyword == "enum" {
        let close = skipBraces(brace, inner: reportedDepth + 1)
        if index >= 0 { result[index].end = max(closingLine(close), result[index].keywordLine) }
        if let typedefKeyword {
          return typedefAlias(after: close, statementStart: s, keyword: typedefKeyword)
        }
        return close + 1
      }
      push(.type, prefix: full, declaration: index, s, typedefKeyword: typedefKeyword)
      return brace + 1
    }
    if let (name, nameToken) = functionName(s, shape) {
      let index = emit(
        name, kind: "function", first: s, keywordLine: tokens[nameToken].line,
        end: tokens[brace].line)
      let close = skipBraces(brace, inner: reportedDepth + 1)
      if index >= 0 { result[index].end = max(closingLine(close), result[index].keywordLine) }
      return close + 1
    }
    return skipBraces(brace, inner: reportedDepth) + 1
  }

  /// A statement ending in the `;` at `semicolon`: prototype, typedef or alias.
  private mutating func parseDeclaration(_ s: Int, _ semicolon: Int) {
    let shape = shape(s, semicolon)
    guard let head = shape.top.first else { return }
    let end = tokens[semicolon].line
    if isWord(head, "typedef") {
      var alias: Int? = nil
      for paren in shape.parens {
        // `typedef int (*name)(int);`
        if isPunct(paren + 1, UInt8(ascii: "*")) || isPunct(paren + 1, UInt8(ascii: "^")) {
          if isWord(paren + 2) { alias = paren + 2 }
          break
        }
      }
      if alias == nil {
        alias = shape.top.last { isWord($0) && !Self.nonNames.contains(text($0)) }
      }
      if let alias {
        emit(
          qualified(text(alias)), kind: "typedef", first: s, keywordLine: tokens[head].line,
          end: end)
      }
      return
    }
    if isWord(head, "using") && shape.top.count > 2 && isWord(shape.top[1])
      && isPunct(shape.top[2], UInt8(ascii: "="))
    {
      emit(
        qualified(text(shape.top[1])), kind: "typedef", first: s,
        keywordLine: tokens[head].line, end: end)
      return
    }
    if let (name, nameToken) = functionName(s, shape) {
      emit(name, kind: "function", first: s, keywordLine: tokens[nameToken].line, end: end)
    }
  }

  /// `@interface Name …`, `@implementation Name …` or `@protocol Name …` at `i`.
  private mutating func parseObjectiveCHead(_ i: Int) -> Int {
    let keyword = text(i + 1)
    let nameToken = i + 2
    guard isWord(nameToken), !isPunct(nameToken + 1, UInt8(ascii: ";")),
      !isPunct(nameToken + 1, UInt8(ascii: ","))
    else { return i + 2 }
    let full = tooDeep ? "" : qualified(text(nameToken))
    let index = emit(
      full, kind: keyword == "protocol" ? "protocol" : "class", first: i,
      keywordLine: tokens[i + 1].line, end: tokens[nameToken].line)
    push(.objc, prefix: full, declaration: index, i)
    // Skip `: Super`, `(Category)` and `<Protocols>` on the head's line.
    var j = nameToken + 1
    let line = tokens[nameToken].line
    while j < tokens.count && tokens[j].line == line {
      if isPunct(j, UInt8(ascii: "{")) || isPunct(j, UInt8(ascii: "-"))
        || isPunct(j, UInt8(ascii: "+")) || isPunct(j, UInt8(ascii: "@"))
      {
        break
      }
      j += 1
    }
    return j
  }

  /// An Objective-C method `- (type)name:(type)arg more:(type)arg …` at `i`.
  private mutating func parseObjectiveCMethod(_ i: Int) -> Int {
    var j = i + 1
    if isPunct(j, UInt8(ascii: "(")) { j = afterParens(j) }
    var selector = ""
    while isWord(j) {
      if isPunct(j + 1, UInt8(ascii: ":")) {
        selector += text(j) + ":"
        j += 2
        if isPunct(j, UInt8(ascii: "(")) { j = afterParens(j) }
        if isWord(j) { j += 1 }
      } else {
        if selector.isEmpty { selector = text(j) }
        j += 1
        break
      }
    }
    guard !selector.isEmpty else { return i + 1 }
    let index = emit(
      qualified(selector), kind: "method", first: i, keywordLine: tokens[i].line,
      end: tokens[max(j - 1, i)].endLine)
    var depth = 0
    while j < tokens.count {
      if isPunct(j, UInt8(ascii: "(")) {
        depth += 1
      } else if isPunct(j, UInt8(ascii: ")")) {
        depth = max(0, depth - 1)
      } else if isPunct(j, UInt8(ascii: "}")) || isPunct(j, UInt8(ascii: "@")) {
        return j
      } else if depth == 0 && isPunct(j, UInt8(ascii: ";")) {
        if index >= 0 { result[index].end = max(tokens[j].line, result[index].keywordLine) }
        return j + 1
      } else if depth == 0 && isPunct(j, UInt8(ascii: "{")) {
        let close = skipBraces(j, inner: reportedDepth + 1)
        if index >= 0 { result[index].end = max(closingLine(close), result[index].keywordLine) }
        return close + 1
      }
      j += 1
    }
    return j
  }

  /// The index after the `)` matching the `(` at `open`, or of a `{` or `;` before it.
  private func afterParens(_ open: Int) -> Int {
    afterParens(open) { isPunct($0, UInt8(ascii: "{")) || isPunct($0, UInt8(ascii: ";")) }
  }
}
