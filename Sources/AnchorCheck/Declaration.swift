// A small, dependency-free declaration scanner for documentation anchors. Its `@_spi(Benchmarks)`
// entry points are what the fuzz harness (Benchmarks/fuzz-anchors) holds to their properties.

/// The language a source file is scanned as, from its path's extension.
@_spi(Benchmarks) public enum SourceLanguage: String, Sendable, Hashable {
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
  init(path: String) { self.init(pathBytes: path.utf8) }

  /// The language of the path whose UTF-8 bytes are `utf8`, as ``init(path:)`` chooses it.
  ///
  /// Asked of every `#` in a doc that may start a symbol, so it reads the path's last bytes in
  /// place, without a copy.
  init<Bytes: BidirectionalCollection<UInt8>>(pathBytes utf8: Bytes) {
    var index = utf8.endIndex
    // The extension's bytes, lowercased, as one big-endian number: at most five of them.
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
        self = Self.language(ofExtension: packed)
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

  /// The language of an extension packed as ``init(pathBytes:)`` packs it: `0x73_77_69_66_74`
  /// is `swift`.
  private static func language(ofExtension packed: UInt64) -> SourceLanguage {
    switch packed {
    case 0x73_77_69_66_74: return .swift
    case 0x67_6F: return .go
    case 0x70_79, 0x70_79_69: return .python
    // c, h, cc, cpp, cxx, hpp, hh, m, mm
    case 0x63, 0x68, 0x63_63, 0x63_70_70, 0x63_78_78, 0x68_70_70, 0x68_68, 0x6D, 0x6D_6D:
      return .cFamily
    default: return .plain
    }
  }
}

/// A declaration found in a source file.
@_spi(Benchmarks) public struct Declaration: Hashable, Sendable {
  /// The name qualified by the enclosing declarations, e.g. `"ErrorReport.render"`.
  ///
  /// For Swift functions, initializers and subscripts this is the base name only
  /// (`"render"`, `"init"`, `"subscript"`), still qualified by the enclosing types.
  @_spi(Benchmarks) public var name: String
  /// For Swift `func`, `init` and `subscript` declarations, the argument-label signature
  /// qualified like `name`, e.g. `"ErrorReport.render(to:format:)"`; `nil` otherwise.
  @_spi(Benchmarks) public var labels: String?
  /// The declaring keyword, e.g. `"func"`, `"struct"`, `"case"`, `"def"`, `"function"`.
  @_spi(Benchmarks) public var kind: String
  /// The 1-based first line, including the comments and attributes directly above.
  @_spi(Benchmarks) public var start: Int
  /// The 1-based line of the declaring keyword (or, where there is none, of the name).
  @_spi(Benchmarks) public var keywordLine: Int
  /// The 1-based last line of the declaration.
  @_spi(Benchmarks) public var end: Int
  /// The nesting depth: 0 at top level, one more per enclosing reported declaration.
  @_spi(Benchmarks) public var depth: Int

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
@_spi(Benchmarks) public enum DeclarationScanner {
  /// The declarations in `text`, in source order (by keywordLine, outer before inner).
  ///
  /// Never traps, and runs in time roughly linear in the size of `text`, for any input.
  @_spi(Benchmarks) public static func declarations(in text: String, language: SourceLanguage)
    -> [Declaration]
  {
    declarations(in: Array(text.utf8), language: language)
  }

  /// The declarations in `bytes`, which must be valid UTF-8: those the `String` form finds in
  /// the same text.
  static func declarations(in bytes: [UInt8], language: SourceLanguage) -> [Declaration] {
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
  @_spi(Benchmarks) public static func lineCount(of text: String) -> Int {
    SourceLines(bytes: Array(text.utf8)).count
  }
}
