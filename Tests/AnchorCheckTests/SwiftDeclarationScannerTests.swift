// Explicit examples for the Swift scanner.

import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// Scans `lines` (joined with newlines) and describes each declaration as
/// "kind name[ labels] start keywordLine end depth".
func scan(_ language: SourceLanguage, _ lines: [String]) -> [String] {
  let text = lines.map { $0 + "\n" }.joined()
  return DeclarationScanner.declarations(in: text, language: language).map {
    "\($0.kind) \($0.name)\($0.labels.map { " " + $0 } ?? "") "
      + "\($0.start) \($0.keywordLine) \($0.end) \($0.depth)"
  }
}

@Suite struct SwiftDeclarationScannerTests {
  @Test func nestedTypesQualifyNames() {
    #expect(
      scan(.swift, ["struct A { enum B { case c } func f() {} }"]) == [
        "struct A 1 1 1 0",
        "enum A.B 1 1 1 1",
        "case A.B.c 1 1 1 2",
        "func A.f A.f() 1 1 1 1",
      ])
  }

  @Test func docCommentsAndAttributesAboveCountForStart() {
    let lines = [
      "import Foundation",  // 1
      "",  // 2
      "/// Renders the report.",  // 3
      "/// - Parameter output: where to.",  // 4
      "@MainActor",  // 5
      "@available(",  // 6
      "  macOS 14,",  // 7
      "  *",  // 8
      ")",  // 9
      "// a plain comment",  // 10
      "@discardableResult public static func render(",  // 11
      "  to output: inout String,",  // 12
      "  format f: String = \")\"",  // 13
      ") -> Bool {",  // 14
      "  true",  // 15
      "}",  // 16
      "let x = 1",  // 17
      "/** Block doc. */",  // 18
      "func g() {}",  // 19
      "/*",  // 20
      " Not directly above: a blank line follows.",  // 21
      " */",  // 22
      "",  // 23
      "func h() {}",  // 24
    ]
    #expect(
      scan(.swift, lines) == [
        "func render render(to:format:) 3 11 16 0",
        "let x 17 17 17 0",
        "func g g() 18 19 19 0",
        "func h h() 24 24 24 0",
      ])
  }

  @Test func stringsAndCommentsHideBracesAndKeywords() {
    let lines = [
      "struct S {",  // 1
      "  let a = \"} func fake() {\"",  // 2
      "  /* outer /* nested } */ still a comment { */",  // 3
      "  let b = #\"raw \" } \"#",  // 4
      "  let c = ##\"raw \"# } \"##",  // 5
      "  let d = \"\"\"",  // 6
      "    text } func fake() {",  // 7
      "    \\(\"\"\"",  // 8
      "      inner } {",  // 9
      "      \"\"\")",  // 10
      "    \"\"\"",  // 11
      "  let e = \"\\(a + \"\\(b) }\")\"",  // 12
      "  func real() {}",  // 13
      "}",  // 14
    ]
    #expect(
      scan(.swift, lines) == [
        "struct S 1 1 14 0",
        "let S.a 2 2 2 1",
        "let S.b 3 4 4 1",
        "let S.c 5 5 5 1",
        "let S.d 6 6 11 1",
        "let S.e 12 12 12 1",
        "func S.real S.real() 13 13 13 1",
      ])
  }

  @Test func functionBodiesAreOpaque() {
    let lines = [
      "enum E {",  // 1
      "  case a, b",  // 2
      "  func f(x: Int) -> Int {",  // 3
      "    switch self {",  // 4
      "    case .a: return 1",  // 5
      "    case .b:",  // 6
      "      let local = { (y: Int) in y }",  // 7
      "      struct Local { var v = 1 }",  // 8
      "      return local(2)",  // 9
      "    }",  // 10
      "  }",  // 11
      "}",  // 12
    ]
    #expect(
      scan(.swift, lines) == [
        "enum E 1 1 12 0",
        "case E.a 2 2 2 1",
        "case E.b 2 2 2 1",
        "func E.f E.f(x:) 3 3 11 1",
      ])
  }

  @Test func enumCasesWithAssociatedAndRawValues() {
    let lines = [
      "public enum Token: Equatable {",  // 1
      "  /// Words.",  // 2
      "  case word(String, quoted: Bool = false), number(Int)",  // 3
      "  case `default`",  // 4
      "  indirect case list([Token])",  // 5
      "  case x,",  // 6
      "    y",  // 7
      "}",  // 8
      "enum Raw: String { case a = \"a, b\", c = \"}\" }",  // 9
    ]
    #expect(
      scan(.swift, lines) == [
        "enum Token 1 1 8 0",
        "case Token.word 2 3 3 1",
        "case Token.number 2 3 3 1",
        "case Token.default 4 4 4 1",
        "case Token.list 5 5 5 1",
        "case Token.x 6 6 7 1",
        "case Token.y 6 6 7 1",
        "enum Raw 9 9 9 0",
        "case Raw.a 9 9 9 1",
        "case Raw.c 9 9 9 1",
      ])
  }

  @Test func modifiersIncludingClassFuncAndPrivateSet() {
    let lines = [
      "open class C: Base {",  // 1
      "  public private(set) var count = 0",  // 2
      "  class func make() -> C { C() }",  // 3
      "  class var shared: C { C() }",  // 4
      "  nonisolated(unsafe) static var cache: [Int] = []",  // 5
      "  final override func f() {}",  // 6
      "  required convenience init(x: Int) { self.init() }",  // 7
      "  deinit {}",  // 8
      "  lazy var a, b: Int",  // 9
      "}",  // 10
    ]
    #expect(
      scan(.swift, lines) == [
        "class C 1 1 10 0",
        "var C.count 2 2 2 1",
        "func C.make C.make() 3 3 3 1",
        "var C.shared 4 4 4 1",
        "var C.cache 5 5 5 1",
        "func C.f C.f() 6 6 6 1",
        "init C.init C.init(x:) 7 7 7 1",
        "deinit C.deinit 8 8 8 1",
        "var C.a 9 9 9 1",
        "var C.b 9 9 9 1",
      ])
  }

  @Test func protocolRequirementsWithoutBodies() {
    let lines = [
      "protocol P: AnyObject {",  // 1
      "  associatedtype Element: Equatable",  // 2
      "  var value: Int { get set }",  // 3
      "  func f(_ x: Int) -> Int",  // 4
      "  func g<T>(",  // 5
      "    x: T",  // 6
      "  ) -> T",  // 7
      "    where T: Hashable",  // 8
      "  init?(string: String) throws",  // 9
      "  static func make() -> Self",  // 10
      "  subscript(index: Int) -> Element { get }",  // 11
      "}",  // 12
    ]
    #expect(
      scan(.swift, lines) == [
        "protocol P 1 1 12 0",
        "associatedtype P.Element 2 2 2 1",
        "var P.value 3 3 3 1",
        "func P.f P.f(_:) 4 4 4 1",
        "func P.g P.g(x:) 5 5 8 1",
        "init P.init P.init(string:) 9 9 9 1",
        "func P.make P.make() 10 10 10 1",
        "subscript P.subscript P.subscript(_:) 11 11 11 1",
      ])
  }

  @Test func propertiesWithAccessorsObserversAndMultiLineInitializers() {
    let lines = [
      "struct S {",  // 1
      "  var computed: Int {",  // 2
      "    get { 1 }",  // 3
      "    set { print(\"}\") }",  // 4
      "  }",  // 5
      "  var observed = 1 {",  // 6
      "    didSet { print(oldValue) }",  // 7
      "  }",  // 8
      "  let call = foo(",  // 9
      "    1,",  // 10
      "    2)",  // 11
      "  let sum = 1 +",  // 12
      "    2",  // 13
      "  let chain = items",  // 14
      "    .count",  // 15
      "  let closure = {",  // 16
      "    return 1",  // 17
      "  }()",  // 18
      "  var optional: Int?",  // 19
      "  let (a, b) = (1, 2)",  // 20
      "}",  // 21
    ]
    #expect(
      scan(.swift, lines) == [
        "struct S 1 1 21 0",
        "var S.computed 2 2 5 1",
        "var S.observed 6 6 8 1",
        "let S.call 9 9 11 1",
        "let S.sum 12 12 13 1",
        "let S.chain 14 14 15 1",
        "let S.closure 16 16 18 1",
        "var S.optional 19 19 19 1",
      ])
  }

  @Test func extensionsGenericsAndWhereClauses() {
    let lines = [
      "extension Array where Element == Int {",  // 1
      "  func sum() -> Int { 0 }",  // 2
      "}",  // 3
      "extension ErrorReport.Kind: CustomStringConvertible {",  // 4
      "  var description: String { \"\" }",  // 5
      "}",  // 6
      "struct Box<T>: P where T: Q {",  // 7
      "  func map<U>(_ f: (T) -> U) -> Box<U> { fatalError() }",  // 8
      "}",  // 9
      "struct Pair<A, B>",  // 10
      "  where A: Hashable",  // 11
      "{",  // 12
      "}",  // 13
    ]
    #expect(
      scan(.swift, lines) == [
        "extension Array 1 1 3 0",
        "func Array.sum Array.sum() 2 2 2 1",
        "extension ErrorReport.Kind 4 4 6 0",
        "var ErrorReport.Kind.description 5 5 5 1",
        "struct Box 7 7 9 0",
        "func Box.map Box.map(_:) 8 8 8 1",
        "struct Pair 10 10 13 0",
      ])
  }

  @Test func operatorsInitializersAndSubscripts() {
    let lines = [
      "struct V {",  // 1
      "  static func == (lhs: V, rhs: V) -> Bool { true }",  // 2
      "  static func +(lhs: V, rhs: V) -> V { lhs }",  // 3
      "  static prefix func - (v: V) -> V { v }",  // 4
      "  static func ==<T>(lhs: T, rhs: V) -> Bool { false }",  // 5
      "  init?(_ value: Int, label name: String = \"(\", closure: () -> Void = {}) {}",  // 6
      "  init!<T>(t: T) {}",  // 7
      "  subscript(i: Int, j j: Int) -> Int { 0 }",  // 8
      "  subscript(key key: String) -> Int {",  // 9
      "    get { 0 }",  // 10
      "    set {}",  // 11
      "  }",  // 12
      "  func with(_ a: Dictionary<String, Int>, b: (x: Int, y: Int), for c: Int) {}",  // 13
      "  func `default`(`in` x: Int) {}",  // 14
      "}",  // 15
    ]
    #expect(
      scan(.swift, lines) == [
        "struct V 1 1 15 0",
        "func V.== V.==(_:_:) 2 2 2 1",
        "func V.+ V.+(_:_:) 3 3 3 1",
        "func V.- V.-(_:) 4 4 4 1",
        "func V.== V.==(_:_:) 5 5 5 1",
        "init V.init V.init(_:label:closure:) 6 6 6 1",
        "init V.init V.init(t:) 7 7 7 1",
        "subscript V.subscript V.subscript(_:j:) 8 8 8 1",
        "subscript V.subscript V.subscript(key:) 9 9 12 1",
        "func V.with V.with(_:b:for:) 13 13 13 1",
        "func V.default V.default(in:) 14 14 14 1",
      ])
  }

  @Test func conditionalCompilationBranchesAreBothScanned() {
    let lines = [
      "struct S {",  // 1
      "  #if os(macOS) || DEBUG",  // 2
      "  /// macOS.",  // 3
      "  func mac() {}",  // 4
      "  #elseif canImport(UIKit)",  // 5
      "  func ios() {}",  // 6
      "  #else",  // 7
      "  let other = 1",  // 8
      "  #endif",  // 9
      "}",  // 10
      "#if DEBUG",  // 11
      "@testable import Foo",  // 12
      "#endif",  // 13
    ]
    #expect(
      scan(.swift, lines) == [
        "struct S 1 1 10 0",
        "func S.mac S.mac() 3 4 4 1",
        "func S.ios S.ios() 6 6 6 1",
        "let S.other 8 8 8 1",
      ])
  }

  @Test func topLevelStatementsTypealiasesAndMacros() {
    let lines = [
      "import Foundation",  // 1
      "print(\"struct Fake {\")",  // 2
      "let answer = 42",  // 3
      "Task {",  // 4
      "  let inner = 1",  // 5
      "}",  // 6
      "typealias Handler = (Int) -> Void",  // 7
      "@freestanding(expression)",  // 8
      "public macro stringify<T>(_ value: T) -> (T, String) =",  // 9
      "  #externalMacro(module: \"M\", type: \"T\")",  // 10
      "actor Counter { var n = 0 }",  // 11
      "infix operator +++: AdditionPrecedence",  // 12
    ]
    #expect(
      scan(.swift, lines) == [
        "let answer 3 3 3 0",
        "typealias Handler 7 7 7 0",
        "macro stringify 8 9 10 0",
        "actor Counter 11 11 11 0",
        "var Counter.n 11 11 11 1",
      ])
  }

  @Test func crlfLineEndingsAndUnterminatedInput() {
    let text = "struct A {\r\n  func f() {}\r\n}\r\n"
    let found = DeclarationScanner.declarations(in: text, language: .swift)
    #expect(found.map(\.end) == [3, 2])
    #expect(DeclarationScanner.lineCount(of: text) == 3)
    let open = DeclarationScanner.declarations(in: "struct A {\n  func f() {\n", language: .swift)
    #expect(open.map(\.name) == ["A", "A.f"])
    #expect(open.map(\.end) == [2, 2])
    let string = DeclarationScanner.declarations(
      in: "let s = \"unterminated {\nfunc g() {}\n", language: .swift)
    #expect(string.map(\.name) == ["s", "g"])
  }

  @Test func languageFromPath() {
    #expect(SourceLanguage(path: "Sources/CLI/CommandLineError.swift") == .swift)
    #expect(SourceLanguage(path: "main.go") == .go)
    #expect(SourceLanguage(path: "a/b.PY") == .python)
    #expect(SourceLanguage(path: "types.pyi") == .python)
    #expect(SourceLanguage(path: "x.hpp") == .cFamily)
    #expect(SourceLanguage(path: "x.mm") == .cFamily)
    #expect(SourceLanguage(path: "README.md") == .plain)
    #expect(SourceLanguage(path: "dir.swift/Makefile") == .plain)
    #expect(SourceLanguage(path: ".swift") == .plain)
    #expect(DeclarationScanner.declarations(in: "func f() {}", language: .plain).isEmpty)
  }

  /// The language of any path, from an alphabet of the bytes that decide it, equals what a
  /// plain reading says: the last component's extension after its last dot, with a name before
  /// the dot, compared in lowercase. The seed is `DECLSCAN_SEED`.
  @Test func languageFromAnyPathEqualsThePlainReading() {
    func plain(_ path: String) -> SourceLanguage {
      let name = path.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }.last!
      guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return .plain }
      switch name[name.index(after: dot)...].lowercased() {
      case "swift": return .swift
      case "go": return .go
      case "py", "pyi": return .python
      case "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "m", "mm": return .cFamily
      default: return .plain
      }
    }
    let seed = baseSeed() &+ 73
    var random = SplitMix64(seed: seed)
    let alphabet = Array("./\\aSwiFtgoPyIchmx.é")
    let endings = [
      "swift", "SWIFT", "go", "py", "pyi", "c", "H", "cc", "cpp", "cxx", "hpp", "hh",
      "m", "mm", "swiftx", "p", "", "md",
    ]
    for round in 0..<(5000 * scale()) {
      var path = String((0..<random.below(8)).map { _ in random.pick(alphabet) })
      if random.chance(70) { path += "." + random.pick(endings) }
      #expect(
        SourceLanguage(path: path) == plain(path),
        "seed \(seed &- 73) (DECLSCAN_SEED), round \(round): \(path)")
      if SourceLanguage(path: path) != plain(path) { return }
    }
  }

  /// The lexer's keyword table finds every keyword by its spelling, and a generated word only
  /// when it spells one (words from the letters keywords are made of, so that most come close).
  /// Replay a seed with `DECLSCAN_SEED`.
  @Test func aWordIsAKeywordExactlyWhenItSpellsOne() {
    for keyword in SwiftKeyword.allCases {
      let bytes = Array(keyword.rawValue.utf8)
      #expect(SwiftKeyword.spelled(by: bytes, from: 0, to: bytes.count) == keyword)
    }
    let seed = baseSeed() &+ 50
    var random = SplitMix64(seed: seed)
    let letters = Array("aceilnorstuy_S".utf8)
    for round in 0..<(20_000 * scale()) {
      // Half of them a keyword with one byte changed, added or dropped.
      var word = Array(
        SwiftKeyword.allCases[random.below(SwiftKeyword.allCases.count)].rawValue.utf8)
      if random.below(2) == 0 {
        word = (0...random.below(17)).map { _ in letters[random.below(letters.count)] }
      } else {
        let at = random.below(word.count)
        switch random.below(3) {
        case 0: word[at] = letters[random.below(letters.count)]
        case 1: word.insert(letters[random.below(letters.count)], at: at)
        default: word.remove(at: at)
        }
      }
      let padded = [UInt8(ascii: " ")] + word + [UInt8(ascii: " ")]
      let expected = SwiftKeyword(rawValue: String(decoding: word, as: UTF8.self))
      guard SwiftKeyword.spelled(by: padded, from: 1, to: word.count + 1) == expected else {
        Issue.record(
          "seed \(seed) (DECLSCAN_SEED=\(seed &- 50)), round \(round): \(String(decoding: word, as: UTF8.self))"
        )
        return
      }
    }
  }
}
