// A small, dependency-free declaration scanner for documentation anchors.
//
// Only the Swift standard library is used (no Foundation), so these files can be compiled
// alone, e.g. into a libFuzzer harness.

/// The language a source file is scanned as, from its path's extension.
enum SourceLanguage: String, Sendable, Hashable {
  /// Swift source (`.swift`).
  case swift
  /// Go source (`.go`).
  case go
  /// Python source (`.py`, `.pyi`).
  case python
  /// C, C++, Objective-C and Objective-C++ (`.c .h .cc .cpp .cxx .hpp .hh .m .mm`).
  case cFamily
  /// Anything else; no declarations are ever reported for it.
  case plain

  /// Chooses the language from the extension of the last path component of `path`
  /// (compared case-insensitively); a path without a known extension is `.plain`.
  ///
  /// Asked of every `#` in a doc that may start a symbol, so it reads the path's last bytes in
  /// place, without a copy.
  init(path: String) {
    let utf8 = path.utf8
    var index = utf8.endIndex
    // The extension's bytes, lowercased, packed in order; at most five of them.
    var packed: UInt64 = 0
    var length = 0
    while index > utf8.startIndex {
      let previous = utf8.index(before: index)
      let byte = utf8[previous]
      if byte == UInt8(ascii: ".") {
        // A name must stand before the dot: `.swift` alone is no Swift file.
        guard previous > utf8.startIndex, length > 0 else { break }
        let before = utf8[utf8.index(before: previous)]
        guard before != UInt8(ascii: "/"), before != UInt8(ascii: "\\") else { break }
        self = Self.byExtension[packed] ?? .plain
        return
      }
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") || length == 5 { break }
      let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
      packed |= UInt64(lower) << (8 * UInt64(length))
      length += 1
      index = previous
    }
    self = .plain
  }

  /// The languages by extension, each packed as `init(path:)` packs it: last byte first.
  private static let byExtension: [UInt64: SourceLanguage] = {
    var table: [UInt64: SourceLanguage] = [:]
    let extensions: [(String, SourceLanguage)] =
      [("swift", .swift), ("go", .go), ("py", .python), ("pyi", .python)]
      + ["c", "h", "cc", "cpp", "cxx", "hpp", "hh", "m", "mm"].map { ($0, .cFamily) }
    for (name, language) in extensions {
      var packed: UInt64 = 0
      for (position, byte) in name.utf8.reversed().enumerated() {
        packed |= UInt64(byte) << (8 * UInt64(position))
      }
      table[packed] = language
    }
    return table
  }()
}

/// A declaration found in a source file.
struct Declaration: Hashable, Sendable {
  /// The name qualified by the enclosing declarations, e.g. `"ErrorReport.render"`.
  ///
  /// For Swift functions, initializers and subscripts this is the base name only
  /// (`"render"`, `"init"`, `"subscript"`), still qualified by the enclosing types.
  var name: String
  /// For Swift `func`, `init` and `subscript` declarations, the argument-label signature
  /// qualified like `name`, e.g. `"ErrorReport.render(to:format:)"`; `nil` otherwise.
  var labels: String?
  /// The declaring keyword, e.g. `"func"`, `"struct"`, `"case"`, `"def"`, `"function"`.
  var kind: String
  /// The 1-based first line, including the comments and attributes directly above.
  var start: Int
  /// The 1-based line of the declaring keyword (or, where there is none, of the name).
  var keywordLine: Int
  /// The 1-based last line of the declaration.
  var end: Int
  /// The nesting depth: 0 at top level, one more per enclosing reported declaration.
  var depth: Int

  /// Creates a declaration from its parts.
  init(
    name: String, labels: String? = nil, kind: String,
    start: Int, keywordLine: Int, end: Int, depth: Int
  ) {
    self.name = name
    self.labels = labels
    self.kind = kind
    self.start = start
    self.keywordLine = keywordLine
    self.end = end
    self.depth = depth
  }
}

/// Finds declarations in source text without a real parser.
enum DeclarationScanner {
  /// The declarations in `text`, in source order (by keywordLine, outer before inner).
  ///
  /// Never traps, and runs in time roughly linear in the size of `text`, for any input.
  static func declarations(in text: String, language: SourceLanguage) -> [Declaration] {
    let bytes = Array(text.utf8)
    switch language {
    case .swift:
      // A class: its methods call each other thousands of times a file, and a struct's
      // non-mutating calls from mutating ones copied all of it each time.
      return SwiftDeclarationScanner(bytes: bytes).scan()
    case .go:
      var scanner = GoDeclarationScanner(bytes: bytes)
      return scanner.scan()
    case .python:
      var scanner = PythonDeclarationScanner(bytes: bytes)
      return scanner.scan()
    case .cFamily:
      var scanner = CDeclarationScanner(bytes: bytes)
      return scanner.scan()
    case .plain:
      return []
    }
  }

  /// The number of lines in `text`: a trailing newline does not start an extra line, and
  /// `"\r\n"` counts as one newline (a lone `"\r"` is not a line break).
  static func lineCount(of text: String) -> Int {
    SourceLines(bytes: Array(text.utf8)).count
  }
}
