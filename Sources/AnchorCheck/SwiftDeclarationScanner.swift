// The Swift declaration scanner: a lexer that turns comments and string literals into
// opaque units, then a statement-level parser that only looks inside type bodies.
//
// Rules:
// - Declarations are reported at top level and inside type bodies (struct, class, enum,
//   protocol, extension, actor). Function, accessor and closure bodies are opaque: nothing
//   inside them is reported (so `case` in a `switch`, or a local `let`, never counts).
// - A declaration statement is the run of attributes and modifiers, the keyword, and the
//   tokens after it. A brace-less statement ends at a newline at bracket depth 0 unless the
//   line ends with a token that needs a continuation (`=`, `,`, `.`, `:`, `->`, a binary
//   operator, `where`, `as`, `is`) or the next line starts with one that continues a
//   statement (`.`, an operator, `{`, `:`, `,`, `where`, `throws`, `rethrows`, `async`,
//   `as`, `is`, `else`, `catch`). It also ends before a `;`, before the `}` closing the
//   enclosing body and before a `#if`/`#elseif`/`#else`/`#endif` line.
// - `end` is the line of the statement's last token: the closing brace of a body, or the
//   last line of a brace-less declaration (its initializer, accessor block, signature...).
// - `start` is the line of the first attribute or modifier, extended upward over the
//   comment-only lines directly above it (stopping at a blank line or a line with code).

/// Declarations nested deeper than this are not reported (in every language), so that
/// pathological nesting cannot make the qualified names' total size quadratic.
let maxReportedDepth = 64

/// The kinds of Swift tokens the scanner distinguishes.
enum SwiftTokenKind: UInt8 {
  /// An identifier or keyword.
  case word
  /// A backticked identifier; the token's range excludes the backticks.
  case escapedWord
  /// An operator character run, such as `==`, `->`, `?` or `...`.
  case op
  /// Any other single byte: brackets, `,`, `:`, `;`, `.`, `@`, `#`...
  case punct
  /// A whole string literal, including interpolations and raw delimiters.
  case string
  /// A numeric literal.
  case number
  /// `#` directly followed by an identifier: `#if`, `#endif`, `#selector`, `#Preview`...
  case pound
}

/// The keywords the Swift scanner cares about.
enum SwiftKeyword: String, CaseIterable {
  case `func`, `init`, `deinit`, `subscript`, `struct`, `class`, `enum`, `protocol`
  case `extension`, actor, `typealias`, `associatedtype`, macro, `case`, `var`, `let`
  case `public`, `private`, `fileprivate`, `internal`, open, package, `static`, final
  case override, mutating, nonmutating, lazy, weak, unowned, dynamic, optional, required
  case convenience, indirect, prefix, postfix, infix, nonisolated, distributed
  case consuming, borrowing
  case legacyConsuming = "__consuming"
  case `where`, `as`, `is`, `throws`, `rethrows`, async, `else`, `catch`, `if`
  case elseif, endif
  case `import`, `return`, `for`, `while`, `repeat`, `switch`, `default`, `do`, `throw`
  case `guard`, `defer`, `break`, `continue`, `fallthrough`, `in`, `true`, `false`, `nil`
  case `self`, `Self`, `super`, `try`, `operator`, `inout`

  /// The keyword `bytes[start..<end]` spells, if any.
  ///
  /// Asked of every identifier in a file, so the spelling is packed into two words and looked up
  /// in an open-addressed table, without making a `String` or hashing one.
  static func spelled(by bytes: [UInt8], from start: Int, to end: Int) -> SwiftKeyword? {
    guard end - start >= 2, end - start <= 16 else { return nil }
    return lookup.keyword(packed(bytes[start..<end]))
  }

  /// Up to 16 bytes in two words, little-endian: the first eight in `low`, the rest in `high`.
  private static func packed(_ bytes: ArraySlice<UInt8>) -> (low: UInt64, high: UInt64) {
    var packed = (low: UInt64(0), high: UInt64(0))
    for (offset, byte) in zip(0..., bytes) {
      if offset < 8 {
        packed.low |= UInt64(byte) << (8 * UInt64(offset))
      } else {
        packed.high |= UInt64(byte) << (8 * UInt64(offset - 8))
      }
    }
    return packed
  }

  /// The keywords by their packed spellings.
  private static let lookup = Lookup()

  /// An open-addressed table from a packed spelling (up to 16 bytes, little-endian in two
  /// words) to its keyword, probed linearly.
  private struct Lookup {
    private var low: [UInt64]
    private var high: [UInt64]
    /// Each slot's keyword; `nil` for an empty slot.
    private var keywords: [SwiftKeyword?]

    private static let bits: UInt64 = 9

    init() {
      let size = 1 << Int(Lookup.bits)
      low = Array(repeating: 0, count: size)
      high = Array(repeating: 0, count: size)
      keywords = Array(repeating: nil, count: size)
      for keyword in SwiftKeyword.allCases {
        let packed = SwiftKeyword.packed(Array(keyword.rawValue.utf8)[...])
        var slot = Lookup.slot(packed)
        while keywords[slot] != nil { slot = (slot + 1) & (size - 1) }
        low[slot] = packed.low
        high[slot] = packed.high
        keywords[slot] = keyword
      }
    }

    private static func slot(_ packed: (low: UInt64, high: UInt64)) -> Int {
      let mixed = packed.low &* 0x9E37_79B9_7F4A_7C15 ^ packed.high &* 0xC2B2_AE3D_27D4_EB4F
      return Int(truncatingIfNeeded: mixed >> (64 - bits))
    }

    func keyword(_ packed: (low: UInt64, high: UInt64)) -> SwiftKeyword? {
      var slot = Lookup.slot(packed)
      while let keyword = keywords[slot] {
        if low[slot] == packed.low, high[slot] == packed.high { return keyword }
        slot = (slot + 1) & (keywords.count - 1)
      }
      return nil
    }
  }

  /// Whether the keyword introduces a declaration the scanner reports.
  var isDeclaration: Bool {
    switch self {
    case .func, .`init`, .deinit, .subscript, .struct, .class, .enum, .protocol, .extension,
      .actor, .typealias, .associatedtype, .macro, .case, .var, .let:
      return true
    default:
      return false
    }
  }

  /// Whether the keyword can be a declaration modifier (`class` only when followed by
  /// another modifier or a declaration keyword).
  var isModifier: Bool {
    switch self {
    case .public, .private, .fileprivate, .internal, .open, .package, .static, .class,
      .final, .override, .mutating, .nonmutating, .lazy, .weak, .unowned, .dynamic,
      .optional, .required, .convenience, .indirect, .prefix, .postfix, .infix,
      .nonisolated, .distributed, .consuming, .borrowing, .legacyConsuming:
      return true
    default:
      return false
    }
  }

  /// Whether the modifier may take a parenthesized argument: `private(set)`,
  /// `nonisolated(unsafe)`, `unowned(safe)`...
  var takesArgument: Bool {
    switch self {
    case .public, .private, .fileprivate, .internal, .package, .open, .unowned,
      .nonisolated:
      return true
    default:
      return false
    }
  }

  /// Whether the word cannot be used as a declaration name without backticks.
  var isReserved: Bool {
    switch self {
    case .actor, .macro, .open, .package, .final, .override, .mutating, .nonmutating, .lazy,
      .weak, .unowned, .dynamic, .optional, .required, .convenience, .indirect, .prefix,
      .postfix, .infix, .nonisolated, .distributed, .consuming, .borrowing, .legacyConsuming,
      .async, .elseif, .endif:
      return false
    default:
      return true
    }
  }
}

/// One Swift token, in 20 bytes: a file of a megabyte has a quarter of a million of them.
struct SwiftToken: DeclarationToken {
  /// What the token is.
  let kind: SwiftTokenKind
  /// For `.word` and `.pound` tokens, the keyword it spells, if any.
  let keyword: SwiftKeyword?
  private let range: (start: UInt32, end: UInt32)
  private let lines: (first: UInt32, last: UInt32)

  /// A token of `kind` over bytes `start..<end`, from line `line` to `endLine`; offsets and
  /// lines of a file the scanner reads fit in 32 bits.
  init(
    kind: SwiftTokenKind, start: Int, end: Int, line: Int, endLine: Int, keyword: SwiftKeyword?
  ) {
    self.kind = kind
    self.keyword = keyword
    range = (UInt32(truncatingIfNeeded: start), UInt32(truncatingIfNeeded: end))
    lines = (UInt32(truncatingIfNeeded: line), UInt32(truncatingIfNeeded: endLine))
  }

  /// Byte range of the token's text (for `.escapedWord`, inside the backticks; for `.pound`,
  /// the name after the `#`).
  var start: Int { Int(range.start) }
  var end: Int { Int(range.end) }
  /// 1-based lines of the token's first and last byte.
  var line: Int { Int(lines.first) }
  var endLine: Int { Int(lines.last) }
  var isPunctuation: Bool { kind == .punct }
}

/// Scans Swift source; see the rules at the top of this file.
final class SwiftDeclarationScanner: TokenParsing {
  let bytes: [UInt8]
  private let marks: LineMarks
  let tokens: [SwiftToken]
  private var result: [Declaration] = []

  /// An open type body (or the file itself, at index 0 of `scopes`).
  private struct Scope {
    /// The qualified name of the type; empty for the file.
    var name: String
    var isEnum: Bool
    /// The index in `result` of the type's declaration; -1 for the file.
    var declaration: Int
  }

  private var scopes: [Scope] = [Scope(name: "", isEnum: false, declaration: -1)]

  /// Lexes `bytes`; ``scan()`` parses them.
  init(bytes: [UInt8]) {
    self.bytes = bytes
    // The lexer asks for lines in rising order: a cursor answers without a table.
    var lexer = SwiftLexer(bytes: bytes, lines: SourceLines(bytes: bytes, indexingBytes: false))
    lexer.lex()
    marks = lexer.marks
    tokens = lexer.tokens
  }

  /// Parses the whole text.
  func scan() -> [Declaration] {
    parse()
    return result
  }

  // MARK: - Token helpers

  private func keyword(_ i: Int) -> SwiftKeyword? {
    guard i >= 0 && i < tokens.count && tokens[i].kind == .word else { return nil }
    return tokens[i].keyword
  }

  private func isOperator(_ i: Int, _ spelling: String) -> Bool {
    i >= 0 && i < tokens.count && tokens[i].kind == .op && text(i) == spelling
  }

  /// Whether token `i` can be a declaration name.
  private func isName(_ i: Int) -> Bool {
    guard i >= 0 && i < tokens.count else { return false }
    switch tokens[i].kind {
    case .escapedWord: return true
    case .word: return !(tokens[i].keyword?.isReserved ?? false)
    default: return false
    }
  }

  private func isConditionalDirective(_ i: Int) -> Bool {
    guard i >= 0 && i < tokens.count && tokens[i].kind == .pound else { return false }
    switch tokens[i].keyword {
    case .if?, .elseif?, .else?, .endif?: return true
    default: return false
    }
  }

  /// The change in generic-angle depth an operator token makes (`->` does not close).
  private func angleDelta(_ i: Int) -> Int {
    var delta = 0
    var previous: UInt8 = 0
    for k in tokens[i].start..<tokens[i].end {
      let c = bytes[k]
      if c == UInt8(ascii: "<") {
        delta += 1
      } else if c == UInt8(ascii: ">") && previous != UInt8(ascii: "-") {
        delta -= 1
      }
      previous = c
    }
    return delta
  }

  /// Whether a statement continues past a line ending with token `i`.
  private func continuesAfter(_ i: Int) -> Bool {
    let token = tokens[i]
    switch token.kind {
    case .op:
      // Postfix-looking runs (`?`, `!`, a generic's closing `>`, `...`) end a line fine.
      for k in token.start..<token.end {
        switch bytes[k] {
        case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: ">"), UInt8(ascii: "."):
          continue
        default:
          return true
        }
      }
      return false
    case .punct:
      let c = bytes[token.start]
      return c == UInt8(ascii: ",") || c == UInt8(ascii: ":") || c == UInt8(ascii: ".")
    case .word:
      switch token.keyword {
      case .where?, .as?, .is?: return true
      default: return false
      }
    default:
      return false
    }
  }

  /// Whether a line starting with token `i` continues the statement before it.
  private func continuesBefore(_ i: Int) -> Bool {
    let token = tokens[i]
    switch token.kind {
    case .op:
      return true
    case .punct:
      let c = bytes[token.start]
      return c == UInt8(ascii: ".") || c == UInt8(ascii: "{") || c == UInt8(ascii: ":")
        || c == UInt8(ascii: ",")
    case .word:
      switch token.keyword {
      case .where?, .throws?, .rethrows?, .async?, .as?, .is?, .else?, .catch?: return true
      default: return false
      }
    default:
      return false
    }
  }

  /// The index of the `}` matching the `{` at `open`, counting braces only; nil at EOF.
  private func matchBrace(_ open: Int) -> Int? {
    var depth = 0
    var i = open
    while i < tokens.count {
      if tokens[i].kind == .punct {
        let c = bytes[tokens[i].start]
        if c == UInt8(ascii: "{") {
          depth += 1
        } else if c == UInt8(ascii: "}") {
          depth -= 1
          if depth == 0 { return i }
        }
      }
      i += 1
    }
    return nil
  }

  /// Where a scanned statement stopped.
  private struct Scan {
    /// The first token after the statement.
    var next: Int
    /// The statement's last token.
    var last: Int
    /// With `stopAtBrace`, the `{` at bracket depth 0 the scan stopped at.
    var brace: Int?
  }

  /// Scans the statement continuing at token `start` (see the rules at the top of the
  /// file). `visit` sees every token outside nested braces with its paren/bracket depth
  /// (before the token itself opens or closes one); a `{` is visited, then skipped with
  /// its contents. With `stopAtBrace`, the scan stops at a `{` at depth 0. With
  /// `checkFirst`, the newline rule also applies between `start - 1` and `start`.
  private func scanStatement(
    from start: Int, checkFirst: Bool, stopAtBrace: Bool,
    visit: (Int, Int) -> Void = { _, _ in }
  ) -> Scan {
    let n = tokens.count
    var i = start
    var previous = start - 1
    var openers: [UInt8] = []
    while i < n {
      let token = tokens[i]
      let c: UInt8 = token.kind == .punct ? bytes[token.start] : 0
      if openers.isEmpty {
        if c == UInt8(ascii: "}") || c == UInt8(ascii: ";") { break }
        if previous >= 0 && (i > start || checkFirst) && token.line > tokens[previous].endLine {
          if isConditionalDirective(i) { break }
          if !continuesAfter(previous) && !continuesBefore(i) { break }
        }
        if c == UInt8(ascii: "{") && stopAtBrace {
          return Scan(next: i, last: previous, brace: i)
        }
      } else if c == UInt8(ascii: "}") {
        break  // Unclosed parens: the brace closes the enclosing body.
      }
      visit(i, openers.count)
      switch c {
      case UInt8(ascii: "{"):
        guard let close = matchBrace(i) else { return Scan(next: n, last: n - 1, brace: nil) }
        previous = close
        i = close + 1
        continue
      case UInt8(ascii: "("), UInt8(ascii: "["):
        openers.append(c)
      case UInt8(ascii: ")"):
        if openers.last == UInt8(ascii: "(") { openers.removeLast() }
      case UInt8(ascii: "]"):
        if openers.last == UInt8(ascii: "[") { openers.removeLast() }
      default:
        break
      }
      previous = i
      i += 1
    }
    return Scan(next: i, last: previous, brace: nil)
  }

  // MARK: - Parser

  private func parse() {
    var i = 0
    while i < tokens.count {
      if isPunct(i, UInt8(ascii: "}")) {
        closeScope(line: tokens[i].line)
        i += 1
      } else if isPunct(i, UInt8(ascii: ";")) {
        i += 1
      } else if isConditionalDirective(i) {
        i = skipDirective(i)
      } else {
        i = max(parseStatement(i), i + 1)
      }
    }
    let lastLine = tokens.last?.endLine ?? 1
    while scopes.count > 1 { closeScope(line: lastLine) }
  }

  private func closeScope(line: Int) {
    guard scopes.count > 1 else { return }
    let scope = scopes.removeLast()
    guard scope.declaration >= 0 else { return }
    result[scope.declaration].end = max(line, result[scope.declaration].keywordLine)
  }

  /// Whether declarations here are nested too deeply to be reported (see `maxReportedDepth`).
  private var tooDeep: Bool { scopes.count - 1 >= maxReportedDepth }

  /// Skips a `#if`/`#elseif` line (with its condition) or a `#else`/`#endif`.
  private func skipDirective(_ i: Int) -> Int {
    var j = i + 1
    if tokens[i].keyword == .if || tokens[i].keyword == .elseif {
      while j < tokens.count && tokens[j].line == tokens[i].endLine { j += 1 }
    }
    return j
  }

  /// Skips an attribute `@name`, `@A.B`, `@name<T>`, `@name(arguments)` at `i`.
  private func skipAttribute(_ i: Int) -> Int {
    var j = i + 1
    guard j < tokens.count, tokens[j].kind == .word || tokens[j].kind == .escapedWord else {
      return j
    }
    j += 1
    while isPunct(j, UInt8(ascii: ".")) && j + 1 < tokens.count
      && tokens[j + 1].kind == .word
    {
      j += 2
    }
    if j < tokens.count && tokens[j].kind == .op && bytes[tokens[j].start] == UInt8(ascii: "<") {
      var depth = 0
      while j < tokens.count && tokens[j].line == tokens[i].line {
        if tokens[j].kind == .op { depth += angleDelta(j) }
        j += 1
        if depth <= 0 { break }
      }
    }
    if isPunct(j, UInt8(ascii: "(")) && tokens[j].line == tokens[j - 1].endLine {
      j = afterParens(j)
    }
    return j
  }

  /// Whether token `j` can continue a declaration's prefix after a modifier.
  private func continuesPrefix(_ j: Int) -> Bool {
    if isPunct(j, UInt8(ascii: "@")) || isConditionalDirective(j) { return true }
    guard let next = keyword(j) else { return false }
    return next.isModifier || next.isDeclaration
  }

  /// Parses the statement starting at token `s` (not `}`, `;` or a directive); returns
  /// the index of the first token after it.
  private func parseStatement(_ s: Int) -> Int {
    var i = s
    while i < tokens.count {
      if isPunct(i, UInt8(ascii: "@")) {
        i = skipAttribute(i)
      } else if i > s && isConditionalDirective(i) {
        i = skipDirective(i)
      } else if let modifier = keyword(i), modifier.isModifier {
        var j = i + 1
        if modifier.takesArgument && isPunct(j, UInt8(ascii: "("))
          && tokens[j].line == tokens[i].line
        {
          j = afterParens(j)
        }
        guard continuesPrefix(j) else { break }
        i = j
      } else {
        break
      }
    }
    guard let declaration = keyword(i), declaration.isDeclaration else { return unknown(s) }
    switch declaration {
    case .func, .`init`, .deinit, .subscript:
      return parseFunction(s, i, declaration)
    case .struct, .enum, .protocol, .extension:
      return parseType(s, i, declaration)
    case .class, .actor:
      return isName(i + 1) ? parseType(s, i, declaration) : unknown(s)
    case .var, .let:
      return parseVariable(s, i)
    case .case:
      return scopes[scopes.count - 1].isEnum ? parseCase(s, i) : unknown(s)
    case .typealias, .associatedtype, .macro:
      return isName(i + 1) ? parseSimple(s, i) : unknown(s)
    default:
      return unknown(s)
    }
  }

  /// Skips a statement that declares nothing.
  private func unknown(_ s: Int) -> Int {
    scanStatement(from: s, checkFirst: false, stopAtBrace: false).next
  }

  private func qualified(_ name: String) -> String {
    let prefix = scopes[scopes.count - 1].name
    return prefix.isEmpty ? name : prefix + "." + name
  }

  /// Appends a declaration whose statement starts at token `s` and whose keyword is token
  /// `k`; returns its index in `result`, or -1 if it is nested too deeply to be reported.
  @discardableResult
  private func emit(
    _ name: String, labels: String? = nil, kind: SwiftKeyword, _ s: Int, _ k: Int, end: Int
  ) -> Int {
    guard !tooDeep else { return -1 }
    let firstOnLine = s == 0 || tokens[s - 1].endLine < tokens[s].line
    let start = marks.start(firstTokenLine: tokens[s].line, firstOnLine: firstOnLine)
    let keywordLine = tokens[k].line
    result.append(
      Declaration(
        name: qualified(name), labels: labels, kind: kind.rawValue, start: start,
        keywordLine: keywordLine, end: max(end, keywordLine), depth: scopes.count - 1))
    return result.count - 1
  }

  /// `func`, `init`, `deinit` and `subscript`.
  private func parseFunction(_ s: Int, _ k: Int, _ kind: SwiftKeyword) -> Int {
    var name = kind.rawValue
    var nameIndex = k
    var angle = 0
    var isOperator = false
    if kind == .func {
      nameIndex = k + 1
      if isName(nameIndex) {
        name = text(nameIndex)
      } else if nameIndex < tokens.count && tokens[nameIndex].kind == .op {
        name = text(nameIndex)
        isOperator = true
        // `func ==<T>(…)` lexes `==<` as one run: split off the generic clause's `<`.
        if name.utf8.count > 1 && name.hasSuffix("<") && isName(nameIndex + 1) {
          name.removeLast()
          angle = 1
        }
      } else {
        return unknown(s)
      }
    }
    let isSubscript = kind == .subscript
    var labels: [String] = []
    var inParameters = false
    var done = false
    var piece: [Int] = []
    let scan = scanStatement(from: nameIndex + 1, checkFirst: true, stopAtBrace: true) {
      index, depth in
      if done { return }
      if !inParameters {
        if depth == 0 {
          if tokens[index].kind == .op {
            angle += angleDelta(index)
          } else if isPunct(index, UInt8(ascii: "(")) && angle <= 0 {
            inParameters = true
          }
        }
        return
      }
      if depth == 1 && (isPunct(index, UInt8(ascii: ")")) || isPunct(index, UInt8(ascii: ","))) {
        if let label = parameterLabel(piece, isSubscript: isSubscript, isOperator: isOperator) {
          labels.append(label)
        }
        piece.removeAll(keepingCapacity: true)
        if isPunct(index, UInt8(ascii: ")")) { done = true }
        return
      }
      if piece.count < 3 { piece.append(index) }
    }
    if inParameters && !done,
      let label = parameterLabel(piece, isSubscript: isSubscript, isOperator: isOperator)
    {
      labels.append(label)
    }
    var end: Int
    var next: Int
    if let brace = scan.brace {
      if let close = matchBrace(brace) {
        end = tokens[close].line
        next = close + 1
      } else {
        end = tokens[tokens.count - 1].endLine
        next = tokens.count
      }
    } else {
      end = tokens[max(scan.last, k)].endLine
      next = scan.next
    }
    var signature: String? = nil
    if kind != .deinit && inParameters && !tooDeep {
      signature = qualified(name) + "(" + labels.map { $0 + ":" }.joined() + ")"
    }
    emit(name, labels: signature, kind: kind, s, k, end: end)
    return next
  }

  /// The external label of the parameter whose first (up to three) tokens are `piece`,
  /// or nil if the piece is not the start of a parameter (e.g. `Int>` after the comma in
  /// `Dictionary<String, Int>`). Subscript parameters and operator operands without an
  /// explicit external name are unlabeled (`_`), as in Swift.
  private func parameterLabel(_ piece: [Int], isSubscript: Bool, isOperator: Bool) -> String? {
    guard piece.count >= 2 else { return nil }
    let first = piece[0]
    let isWord = { (i: Int) in self.tokens[i].kind == .word || self.tokens[i].kind == .escapedWord }
    guard isWord(first) else { return nil }
    if isPunct(piece[1], UInt8(ascii: ":")) {
      return isSubscript || isOperator ? "_" : text(first)
    }
    if piece.count >= 3 && isWord(piece[1]) && isPunct(piece[2], UInt8(ascii: ":")) {
      return isOperator ? "_" : text(first)
    }
    return nil
  }

  /// `struct`, `class`, `enum`, `protocol`, `extension`, `actor`.
  private func parseType(_ s: Int, _ k: Int, _ kind: SwiftKeyword) -> Int {
    var j = k + 1
    var name: String
    if kind == .extension {
      guard j < tokens.count, tokens[j].kind == .word || tokens[j].kind == .escapedWord else {
        return unknown(s)
      }
      name = text(j)
      j += 1
      while isPunct(j, UInt8(ascii: ".")) && j + 1 < tokens.count
        && (tokens[j + 1].kind == .word || tokens[j + 1].kind == .escapedWord)
      {
        name += "." + text(j + 1)
        j += 2
      }
    } else {
      guard isName(j) else { return unknown(s) }
      name = text(j)
      j += 1
    }
    let scan = scanStatement(from: j, checkFirst: true, stopAtBrace: true)
    guard let brace = scan.brace else {
      emit(name, kind: kind, s, k, end: tokens[max(scan.last, k)].endLine)
      return scan.next
    }
    // Too deep to report: keep the scope for brace matching, but stop qualifying names.
    let qualifiedName = tooDeep ? scopes[scopes.count - 1].name : qualified(name)
    let index = emit(name, kind: kind, s, k, end: tokens[brace].line)
    scopes.append(Scope(name: qualifiedName, isEnum: kind == .enum, declaration: index))
    return brace + 1
  }

  /// `var` and `let` (one declaration per name in `var a, b: Int`; tuple patterns are
  /// skipped).
  private func parseVariable(_ s: Int, _ k: Int) -> Int {
    let first = k + 1
    guard isName(first), text(first) != "_" else { return unknown(s) }
    var names = [text(first)]
    var inType = false
    var angle = 0
    var expectName = false
    let scan = scanStatement(from: first + 1, checkFirst: true, stopAtBrace: false) {
      index, depth in
      guard depth == 0 else { return }
      if expectName {
        expectName = false
        if isName(index)
          && (isPunct(index + 1, UInt8(ascii: ":")) || isOperator(index + 1, "=")
            || isPunct(index + 1, UInt8(ascii: ",")))
        {
          names.append(text(index))
        }
        return
      }
      switch tokens[index].kind {
      case .punct:
        if isPunct(index, UInt8(ascii: ":")) {
          inType = true
          angle = 0
        } else if isPunct(index, UInt8(ascii: ",")) && (!inType || angle <= 0) {
          expectName = true
          inType = false
        }
      case .op:
        if isOperator(index, "=") {
          inType = false
        } else if inType {
          angle += angleDelta(index)
        }
      default:
        break
      }
    }
    let end = tokens[max(scan.last, k)].endLine
    let kind: SwiftKeyword = keyword(k) == .let ? .let : .var
    for name in names { emit(name, kind: kind, s, k, end: end) }
    return scan.next
  }

  /// `case a, b(Int), c = 3` in an enum body: one declaration per element.
  private func parseCase(_ s: Int, _ k: Int) -> Int {
    var names: [String] = []
    var expectName = true
    let scan = scanStatement(from: k + 1, checkFirst: true, stopAtBrace: false) {
      index, depth in
      guard depth == 0 else { return }
      if expectName {
        expectName = false
        if isName(index) { names.append(text(index)) }
      } else if isPunct(index, UInt8(ascii: ",")) {
        expectName = true
      }
    }
    let end = tokens[max(scan.last, k)].endLine
    for name in names { emit(name, kind: .case, s, k, end: end) }
    return scan.next
  }

  /// `typealias`, `associatedtype` and `macro`: a name, then a brace-less statement.
  private func parseSimple(_ s: Int, _ k: Int) -> Int {
    let kind = keyword(k) ?? .typealias
    let scan = scanStatement(from: k + 2, checkFirst: true, stopAtBrace: false)
    emit(text(k + 1), kind: kind, s, k, end: tokens[max(scan.last, k + 1)].endLine)
    return scan.next
  }
}

/// The Swift scanner's first pass: the text's tokens, with comments and string literals as
/// opaque units, and which lines hold code and which comments.
///
/// A struct mutated in place, apart from the scanner: every touch of a class's stored `var` is
/// checked for exclusive access at run time, and the lexer touches its tokens once a token.
private struct SwiftLexer {
  let bytes: [UInt8]
  var lines: LineCursor
  var marks: LineMarks
  var tokens: [SwiftToken] = []

  init(bytes: [UInt8], lines: SourceLines) {
    self.bytes = bytes
    self.lines = LineCursor(lines)
    marks = LineMarks(lineCount: lines.count)
  }

  static func isIdentifierStart(_ c: UInt8) -> Bool {
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95 || c == 36 || c >= 0x80
  }

  static func isIdentifierByte(_ c: UInt8) -> Bool {
    isIdentifierStart(c) || (c >= 48 && c <= 57)
  }

  static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

  static func isOperatorByte(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
      UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
      UInt8(ascii: "~"), UInt8(ascii: "?"):
      return true
    default:
      return false
    }
  }

  mutating func addToken(
    _ kind: SwiftTokenKind, _ start: Int, _ end: Int, lineFrom: Int? = nil,
    keyword: SwiftKeyword? = nil
  ) {
    let first = lines.line(at: lineFrom ?? start)
    let last = lines.line(at: max(end - 1, start))
    marks.markCode(first, last)
    tokens.append(
      SwiftToken(
        kind: kind, start: start, end: end, line: first, endLine: last, keyword: keyword))
  }

  mutating func addComment(_ start: Int, _ end: Int) {
    marks.markComment(lines.line(at: start), lines.line(at: max(end - 1, start)))
  }

  func keywordFor(_ start: Int, _ end: Int) -> SwiftKeyword? {
    SwiftKeyword.spelled(by: bytes, from: start, to: end)
  }

  mutating func lex() {
    let n = bytes.count
    var i = 0
    while i < n {
      let c = bytes[i]
      switch c {
      case 9, 10, 11, 12, 13, 32:
        i += 1
      case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "/"):
        var end = i
        while end < n && bytes[end] != 10 { end += 1 }
        addComment(i, end)
        i = end
      case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "*"):
        let end = skipBlockComment(i)
        addComment(i, end)
        i = end
      case UInt8(ascii: "\""):
        let end = skipString(i)
        addToken(.string, i, end)
        i = end
      case UInt8(ascii: "#"):
        var j = i
        while j < n && bytes[j] == UInt8(ascii: "#") { j += 1 }
        if j < n && bytes[j] == UInt8(ascii: "\"") {
          let end = skipString(i)
          addToken(.string, i, end)
          i = end
        } else if j == i + 1 && j < n && Self.isIdentifierStart(bytes[j]) {
          var end = j
          while end < n && Self.isIdentifierByte(bytes[end]) { end += 1 }
          addToken(.pound, j, end, lineFrom: i, keyword: keywordFor(j, end))
          i = end
        } else {
          addToken(.punct, i, i + 1)
          i += 1
        }
      case UInt8(ascii: "`"):
        var j = i + 1
        while j < n && bytes[j] != UInt8(ascii: "`") && bytes[j] != 10 { j += 1 }
        if j < n && bytes[j] == UInt8(ascii: "`") && j > i + 1 {
          addToken(.escapedWord, i + 1, j, lineFrom: i)
          marks.markCode(lines.line(at: j), lines.line(at: j))
          i = j + 1
        } else {
          addToken(.punct, i, i + 1)
          i += 1
        }
      case UInt8(ascii: "."):
        if i + 1 < n
          && (bytes[i + 1] == UInt8(ascii: ".") || Self.isOperatorByte(bytes[i + 1]))
        {
          let end = operatorEnd(i, dotted: true)
          addToken(.op, i, end)
          i = end
        } else {
          addToken(.punct, i, i + 1)
          i += 1
        }
      default:
        if Self.isIdentifierStart(c) {
          var end = i + 1
          while end < n && Self.isIdentifierByte(bytes[end]) { end += 1 }
          addToken(.word, i, end, keyword: keywordFor(i, end))
          i = end
        } else if Self.isDigit(c) {
          var end = i + 1
          while end < n {
            let d = bytes[end]
            if Self.isIdentifierByte(d) {
              end += 1
            } else if d == UInt8(ascii: ".") && end + 1 < n && Self.isDigit(bytes[end + 1]) {
              end += 2
            } else {
              break
            }
          }
          addToken(.number, i, end)
          i = end
        } else if Self.isOperatorByte(c) {
          let end = operatorEnd(i, dotted: false)
          addToken(.op, i, end)
          i = end
        } else {
          addToken(.punct, i, i + 1)
          i += 1
        }
      }
    }
  }

  /// The end of an operator run starting at `start`; dots are part of it only if it
  /// starts with a dot. A run stops before `//` or `/*`.
  func operatorEnd(_ start: Int, dotted: Bool) -> Int {
    let n = bytes.count
    var end = start + 1
    while end < n {
      let c = bytes[end]
      if c == UInt8(ascii: "/") && end + 1 < n
        && (bytes[end + 1] == UInt8(ascii: "/") || bytes[end + 1] == UInt8(ascii: "*"))
      {
        break
      }
      guard Self.isOperatorByte(c) || (dotted && c == UInt8(ascii: ".")) else { break }
      end += 1
    }
    return end
  }

  /// The end of the (nested) block comment starting at `start`, or the end of the text.
  func skipBlockComment(_ start: Int) -> Int {
    let n = bytes.count
    var depth = 0
    var i = start
    while i + 1 < n {
      if bytes[i] == UInt8(ascii: "/") && bytes[i + 1] == UInt8(ascii: "*") {
        depth += 1
        i += 2
      } else if bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/") {
        depth -= 1
        i += 2
        if depth == 0 { return i }
      } else {
        i += 1
      }
    }
    return n
  }

  /// A string literal being skipped: its raw-delimiter `#` count and whether it is a
  /// `"""` literal; or an interpolation `\( … )` with its paren depth.
  enum StringFrame {
    case literal(hashes: Int, multiline: Bool)
    case interpolation(depth: Int)
  }

  /// Opens the literal whose delimiter (`#`s then `"`) starts at `start`; returns the
  /// frame and the offset of its first content byte, or nil if no literal starts there.
  func openLiteral(_ start: Int) -> (StringFrame, Int)? {
    let n = bytes.count
    var q = start
    while q < n && bytes[q] == UInt8(ascii: "#") { q += 1 }
    guard q < n && bytes[q] == UInt8(ascii: "\"") else { return nil }
    let hashes = q - start
    if q + 2 < n && bytes[q + 1] == UInt8(ascii: "\"") && bytes[q + 2] == UInt8(ascii: "\"") {
      return (.literal(hashes: hashes, multiline: true), q + 3)
    }
    return (.literal(hashes: hashes, multiline: false), q + 1)
  }

  /// Whether `count` `#` bytes follow offset `at`.
  func hashesFollow(_ at: Int, _ count: Int) -> Bool {
    guard count > 0 else { return true }
    guard at + count <= bytes.count else { return false }
    for k in at..<(at + count) where bytes[k] != UInt8(ascii: "#") { return false }
    return true
  }

  /// The end offset of the string literal whose delimiter starts at `start`. Handles raw
  /// delimiters, multi-line literals and nested interpolations. An unterminated
  /// single-line literal ends at its line's end; an unterminated multi-line one at EOF.
  func skipString(_ start: Int) -> Int {
    let n = bytes.count
    guard let (first, contentStart) = openLiteral(start) else { return start + 1 }
    var outerMultiline = false
    if case .literal(_, let multiline) = first { outerMultiline = multiline }
    var stack: [StringFrame] = [first]
    var i = contentStart
    while i < n, let top = stack.last {
      let c = bytes[i]
      switch top {
      case .literal(let hashes, let multiline):
        if c == UInt8(ascii: "\\") && hashesFollow(i + 1, hashes) {
          let j = i + 1 + hashes
          if j < n && bytes[j] == UInt8(ascii: "(") {
            stack.append(.interpolation(depth: 1))
            i = j + 1
          } else if j < n && bytes[j] == 10 && !multiline {
            return j
          } else {
            i = j + 1
          }
        } else if c == UInt8(ascii: "\"") {
          let quotes = multiline ? 3 : 1
          var closes = i + quotes <= n
          if closes && multiline {
            closes = bytes[i + 1] == UInt8(ascii: "\"") && bytes[i + 2] == UInt8(ascii: "\"")
          }
          if closes && hashesFollow(i + quotes, hashes) {
            stack.removeLast()
            i += quotes + hashes
            if stack.isEmpty { return i }
          } else {
            i += 1
          }
        } else if c == 10 && !multiline {
          return i
        } else {
          i += 1
        }
      case .interpolation(let depth):
        if c == UInt8(ascii: "(") {
          stack[stack.count - 1] = .interpolation(depth: depth + 1)
          i += 1
        } else if c == UInt8(ascii: ")") {
          stack.removeLast()
          if depth > 1 { stack.append(.interpolation(depth: depth - 1)) }
          i += 1
        } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "#"),
          let (frame, content) = openLiteral(i)
        {
          stack.append(frame)
          i = content
        } else if c == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "/") {
          while i < n && bytes[i] != 10 { i += 1 }
        } else if c == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "*") {
          i = skipBlockComment(i)
        } else if c == 10 && !outerMultiline {
          return i
        } else {
          i += 1
        }
      }
    }
    return min(i, n)
  }
}
