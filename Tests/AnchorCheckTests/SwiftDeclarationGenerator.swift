// A seeded generator of random Swift files whose declarations are known in advance.

@_spi(Benchmarks) @testable import AnchorCheck

/// SplitMix64: a tiny, fast, seedable PRNG.
struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound` (0 if `bound <= 0`).
  mutating func below(_ bound: Int) -> Int {
    bound <= 0 ? 0 : Int(next() % UInt64(bound))
  }

  /// True with probability `percent`/100.
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }
}

/// A generated item: a declaration (with the names it must produce) or a non-declaration.
struct GenNode {
  enum Shape {
    /// A declaration: prefix, header, children or body, footer.
    case declaration
    /// `#if DEBUG` children `#else` alternatives `#endif`.
    case ifConfig
    /// Lines that declare nothing (e.g. `import Foundation`).
    case filler
  }

  var shape: Shape = .declaration
  /// The expected kind, e.g. "struct", "func", "case".
  var kind = ""
  /// The expected names, unqualified (several for `case a, b` or `var a, b: Int`).
  var names: [String] = []
  /// The expected label signature without qualification, e.g. "render(to:format:)".
  var labels: String? = nil
  /// Doc comment and attribute lines above the keyword line.
  var prefix: [String] = []
  /// Lines from the keyword line to the body's opening brace (or the whole declaration).
  var header: [String] = []
  /// Nested declarations (type bodies) or the `#if` branch.
  var children: [GenNode] = []
  /// The `#else` branch.
  var alternatives: [GenNode] = []
  /// Opaque body lines, indented one level.
  var body: [String] = []
  /// Closing lines, e.g. `}`.
  var footer: [String] = []
  /// Whether a blank line precedes the item.
  var blankBefore = false
}

/// A rendered file with the declarations the scanner must find in it.
struct Rendering {
  var lines: [String] = []
  var expected: [Declaration] = []

  var text: String { lines.map { $0 + "\n" }.joined() }
}

/// Renders nodes into source lines and expected declarations.
func render(_ nodes: [GenNode]) -> Rendering {
  var rendering = Rendering()
  for node in nodes { render(node, indent: "", qualifier: "", depth: 0, into: &rendering) }
  return rendering
}

private func render(
  _ node: GenNode, indent: String, qualifier: String, depth: Int, into r: inout Rendering
) {
  if node.blankBefore { r.lines.append("") }
  switch node.shape {
  case .filler:
    r.lines += node.header.map { indent + $0 }
  case .ifConfig:
    r.lines.append(indent + "#if DEBUG")
    for child in node.children {
      render(child, indent: indent, qualifier: qualifier, depth: depth, into: &r)
    }
    r.lines.append(indent + "#else")
    for child in node.alternatives {
      render(child, indent: indent, qualifier: qualifier, depth: depth, into: &r)
    }
    r.lines.append(indent + "#endif")
  case .declaration:
    let start = r.lines.count + 1
    r.lines += node.prefix.map { indent + $0 }
    let keywordLine = r.lines.count + 1
    r.lines += node.header.map { indent + $0 }
    let qualify = { (name: String) in qualifier.isEmpty ? name : qualifier + "." + name }
    let first = r.expected.count
    for name in node.names {
      r.expected.append(
        Declaration(
          name: qualify(name), labels: node.labels.map(qualify), kind: node.kind,
          start: start, keywordLine: keywordLine, end: keywordLine, depth: depth))
    }
    let inner = qualify(node.names.first ?? "")
    for child in node.children {
      render(child, indent: indent + "  ", qualifier: inner, depth: depth + 1, into: &r)
    }
    r.lines += node.body.map { indent + "  " + $0 }
    r.lines += node.footer.map { indent + $0 }
    for index in first..<(first + node.names.count) { r.expected[index].end = r.lines.count }
  }
}

/// Where generated members go.
enum GenContext: Equatable {
  case top, structBody, classBody, enumBody, protocolBody, extensionBody
}

/// Builds random Swift files from a grammar of nested declarations.
struct SwiftFileGenerator {
  var random: SplitMix64
  private var counter = 0

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  private mutating func freshName(_ base: String = "n") -> String {
    counter += 1
    return base + String(counter)
  }

  /// A name for a declaration, sometimes a backticked keyword (reported without ticks).
  private mutating func declName() -> (source: String, name: String) {
    if random.chance(8) {
      let keyword = random.pick(["default", "class", "func", "where", "in", "self"])
      // Keep names unique: only the first use of a keyword per file matters to no one.
      return ("`\(keyword)`", keyword)
    }
    let name = freshName()
    return (name, name)
  }

  /// A whole file.
  mutating func file() -> [GenNode] {
    var nodes: [GenNode] = []
    for _ in 0..<(1 + random.below(6)) {
      nodes.append(item(in: .top, depth: 0))
    }
    return nodes
  }

  private mutating func items(in context: GenContext, depth: Int) -> [GenNode] {
    var nodes: [GenNode] = []
    let count = random.below(context == .enumBody ? 5 : 4) + (depth < 2 ? 1 : 0)
    for _ in 0..<count { nodes.append(item(in: context, depth: depth)) }
    return nodes
  }

  private mutating func item(in context: GenContext, depth: Int) -> GenNode {
    var node: GenNode
    let roll = random.below(100)
    switch context {
    case .top:
      switch roll {
      case 0..<35: node = typeDeclaration(in: context, depth: depth)
      case 35..<55: node = function(in: context)
      case 55..<65: node = storedVariable()
      case 65..<70: node = computedVariable()
      case 70..<75: node = typeAlias()
      case 75..<80: node = macro()
      case 80..<88: node = filler()
      default: node = ifConfig(in: context, depth: depth)
      }
    case .protocolBody:
      switch roll {
      case 0..<35: node = requirementFunction()
      case 35..<55: node = requirementVariable()
      case 55..<70: node = requirementInit()
      case 70..<85: node = associatedType()
      default: node = typeAlias()
      }
    default:
      var options: [Int] = [0, 1, 1, 1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11]
      if context == .enumBody { options += [12, 12, 12, 12] }
      if context == .classBody { options += [13, 14] }
      if depth >= 3 { options.removeAll { $0 == 0 } }
      switch random.pick(options) {
      case 0: node = typeDeclaration(in: context, depth: depth)
      case 1: node = function(in: context)
      case 2: node = initializer()
      case 3: node = subscriptDeclaration()
      case 4: node = multiVariable()
      case 5: node = storedVariable()
      case 6: node = computedVariable()
      case 7: node = observedVariable()
      case 8: node = typeAlias()
      case 9: node = operatorFunction()
      case 10: node = ifConfig(in: context, depth: depth)
      case 11: node = function(in: context)
      case 12: node = enumCase()
      case 13: node = classMember()
      default: node = deinitializer()
      }
    }
    node.blankBefore = random.chance(40)
    return node
  }

  // MARK: - Prefixes

  private mutating func docComment() -> [String] {
    switch random.below(8) {
    case 0: return ["/// Documentation { for } this."]
    case 1: return ["/// Summary.", "///", "/// - Parameter x: a } brace."]
    case 2: return ["/**", " * Block { documentation.", " */"]
    case 3: return ["/** One-line block doc. */"]
    case 4: return ["// A plain comment with func f() {"]
    default: return []
    }
  }

  private mutating func attributes(function: Bool) -> [String] {
    var lines: [String] = []
    for _ in 0..<random.below(3) {
      switch random.below(7) {
      case 0: lines.append("@MainActor")
      case 1: lines.append("@available(iOS 17, *)")
      case 2: lines += ["@available(", "  macOS,", "  deprecated: 13,", "  message: \")\"", ")"]
      case 3: lines.append(function ? "@discardableResult" : "@usableFromInline")
      case 4: lines.append("@objc(custom:name:)")
      case 5: lines += ["@inlinable", "// a comment between attributes"]
      default: lines.append("@preconcurrency @Sendable")
      }
    }
    return lines
  }

  private mutating func prefix(function: Bool = false) -> [String] {
    docComment() + attributes(function: function)
  }

  private mutating func modifiers(_ options: [String]) -> String {
    var text = ""
    if random.chance(20) { text += random.pick(["@MainActor ", "@inlinable ", "@objc "]) }
    for _ in 0..<random.below(3) {
      let modifier = random.pick(options)
      if !text.contains(modifier) { text += modifier }
    }
    return text
  }

  private static let access = [
    "public ", "private ", "fileprivate ", "internal ", "package ", "open ",
  ]

  // MARK: - Bodies

  /// Balanced groups of lines for opaque code bodies: strings, comments and statements
  /// full of braces, keywords and `case`s that must not be reported.
  private static let codeGroups: [[String]] = [
    [#"let s = "}{ func fake() { case x""#],
    ["// } func commented() {"],
    ["/* { nested /* } */ still comment } */"],
    [
      "switch value {", "case .a: break", "case let .b(v) where v > 0:", "  print(v)",
      "default:", "  break", "}",
    ],
    ["let c = { (a: Int) -> Int in a + 1 }"],
    ["items.map { $0 }.filter {", "  $0 > 1", "}"],
    ["if flag { var local = 1; local += 1 }"],
    [##"let raw = #"raw "} \#(1) "#"##],
    [#"let m = """"#, "  text } { case x", #"  \(""""#, "    inner }", #"    """)"#, #"  """"#],
    ["guard let y = z else { return }"],
    ["func local() { let q = 1 }"],
    ["struct Local { var a = 1 }"],
    [#"let t = "\(a + "\(b) }")""#],
    [###"let rr = ##"a "# } "##"###],
    ["let x = [", "  1,", "  2,", "]"],
    ["for case let x? in xs { _ = x }"],
    ["enum Inner { case q }"],
    ["let closure: () -> Void = {", "  let inner = \"{\"", "}"],
    ["class var notReported = 1"],
  ]

  private mutating func codeBody() -> [String] {
    var lines: [String] = []
    for _ in 0..<random.below(4) { lines += random.pick(Self.codeGroups) }
    return lines
  }

  // MARK: - Parameters

  /// A parameter list's source lines (the first glued to `(`) and external labels.
  private mutating func parameters(subscript isSubscript: Bool = false) -> (
    text: String, labels: [String], multiline: [String]?
  ) {
    var parts: [String] = []
    var labels: [String] = []
    for _ in 0..<random.below(4) {
      let name = freshName("p")
      let type = random.pick([
        "Int", "Dictionary<String, Int>", "(Int, String)", "[Int]?", "some Sequence<Int>",
        "inout Int", "@escaping (Int) -> Void", "[String: [Int]]",
      ])
      var defaultValue = ""
      if random.chance(30) {
        defaultValue = random.pick([
          #" = "(""#, " = [1, 2]", " = .init()", " = { _ in }", #" = "\(1 + (2))""#,
        ])
      }
      switch random.below(4) {
      case 0:
        parts.append("\(name): \(type)\(defaultValue)")
        labels.append(isSubscript ? "_" : name)
      case 1:
        parts.append("_ \(name): \(type)\(defaultValue)")
        labels.append("_")
      case 2:
        parts.append("for \(name): \(type)\(defaultValue)")
        labels.append("for")
      default:
        parts.append("with \(name): \(type)\(defaultValue)")
        labels.append("with")
      }
    }
    if !parts.isEmpty && random.chance(30) {
      let lines = parts.enumerated().map {
        "  " + $0.element + ($0.offset < parts.count - 1 ? "," : "")
      }
      return ("", labels, lines)
    }
    return (parts.joined(separator: ", "), labels, nil)
  }

  private func signature(_ name: String, _ labels: [String]) -> String {
    name + "(" + labels.map { $0 + ":" }.joined() + ")"
  }

  /// Header lines for `head(params)tail`, spreading the parameters over lines sometimes.
  private func headerLines(
    _ head: String, _ parameters: (text: String, labels: [String], multiline: [String]?),
    _ tail: String
  ) -> [String] {
    if let lines = parameters.multiline {
      return [head + "("] + lines + [")" + tail]
    }
    return [head + "(" + parameters.text + ")" + tail]
  }

  // MARK: - Declarations

  private mutating func typeDeclaration(in context: GenContext, depth: Int) -> GenNode {
    var node = GenNode()
    node.prefix = prefix()
    var keyword = random.pick(["struct", "class", "enum", "actor", "protocol", "struct"])
    if context == .top && random.chance(20) { keyword = "extension" }
    if context != .top && keyword == "protocol" { keyword = "struct" }
    node.kind = keyword
    let mods = modifiers(Self.access + (keyword == "class" ? ["final "] : []))
    let name: String
    var sourceName: String
    if keyword == "extension" {
      name = random.pick(["Array", "Swift.Dictionary", freshName("E") + "." + freshName("F")])
      sourceName = name
    } else {
      (sourceName, name) = declName()
    }
    node.names = [name]
    let childContext: GenContext
    switch keyword {
    case "enum": childContext = .enumBody
    case "class", "actor": childContext = .classBody
    case "protocol": childContext = .protocolBody
    case "extension": childContext = .extensionBody
    default: childContext = .structBody
    }
    node.children = items(in: childContext, depth: depth + 1)
    let head = mods + keyword + " " + sourceName
    switch random.below(6) {
    case 0 where keyword != "extension":
      node.header = [head + "<T: Equatable>: Sendable, Hashable where T: Hashable {"]
    case 1 where keyword != "extension":
      node.header = [head + "<T>:", "  Sendable,", "  Hashable", "{"]
    case 2 where keyword != "extension":
      node.header = [head + "<T>", "  where T: Equatable", "{"]
    case 3 where keyword == "extension":
      node.header = [head + " where Element == Int {"]
    case 4 where node.children.isEmpty:
      node.header = [head + " {}"]
      return node
    default:
      node.header = [head + (keyword == "enum" ? ": String {" : " {")]
    }
    node.footer = ["}"]
    return node
  }

  private mutating func function(in context: GenContext) -> GenNode {
    var node = GenNode()
    node.kind = "func"
    node.prefix = prefix(function: true)
    let (sourceName, name) = declName()
    node.names = [name]
    let parameters = parameters()
    node.labels = signature(name, parameters.labels)
    let mods = modifiers(
      Self.access + (context == .top ? [] : ["static ", "mutating ", "nonisolated ", "override "]))
    let generic = random.chance(30) ? "<T: Equatable>" : ""
    let effects = random.pick(["", " async", " throws", " async throws(MyError)", " rethrows"])
    let result = random.pick([
      "", " -> Int", " -> some View", " -> [String: Int]", " -> (Int) -> Void",
    ])
    var lines = headerLines("\(mods)func \(sourceName)\(generic)", parameters, effects + result)
    if random.chance(15) {
      lines.append("  where T: Hashable {")
    } else if random.chance(15) {
      lines.append("{")
    } else {
      lines[lines.count - 1] += " {"
    }
    if random.chance(20) && lines.count == 1 {
      lines[0] += " return }"
      node.header = lines
      return node
    }
    node.header = lines
    node.body = codeBody()
    node.footer = ["}"]
    return node
  }

  private mutating func initializer() -> GenNode {
    var node = GenNode()
    node.kind = "init"
    node.prefix = prefix()
    node.names = ["init"]
    let parameters = parameters()
    node.labels = signature("init", parameters.labels)
    let mods = modifiers(Self.access + ["convenience ", "required ", "override "])
    let suffix = random.pick(["", "?", "!", "<T>", "?<T>"])
    node.header = headerLines(
      "\(mods)init\(suffix)", parameters, random.pick(["", " throws"]) + " {")
    node.body = codeBody()
    node.footer = ["}"]
    return node
  }

  private mutating func deinitializer() -> GenNode {
    var node = GenNode()
    node.kind = "deinit"
    node.prefix = prefix()
    node.names = ["deinit"]
    node.header = ["deinit {"]
    node.body = codeBody()
    node.footer = ["}"]
    return node
  }

  private mutating func subscriptDeclaration() -> GenNode {
    var node = GenNode()
    node.kind = "subscript"
    node.prefix = prefix()
    node.names = ["subscript"]
    let parameters = parameters(subscript: true)
    node.labels = signature("subscript", parameters.labels)
    let mods = modifiers(Self.access + ["static "])
    if random.chance(40) {
      node.header = headerLines("\(mods)subscript", parameters, " -> Int { 0 }")
    } else {
      node.header = headerLines("\(mods)subscript", parameters, " -> Int {")
      node.body = ["get { 0 }", "set { print(\"}\") }"]
      node.footer = ["}"]
    }
    return node
  }

  private mutating func operatorFunction() -> GenNode {
    var node = GenNode()
    node.kind = "func"
    node.prefix = prefix()
    let (op, header, arity) = random.pick([
      ("==", "static func == (lhs: Self, rhs: Self) -> Bool {", 2),
      ("+++", "static func +++(lhs: Int, rhs: Int) -> Int {", 2),
      ("-", "static prefix func - (operand: Self) -> Self {", 1),
      ("<", "public static func < (lhs: Self, rhs: Self) -> Bool {", 2),
    ])
    node.names = [op]
    node.labels = signature(op, Array(repeating: "_", count: arity))
    node.header = [header]
    node.body = codeBody()
    node.footer = ["}"]
    return node
  }

  private mutating func initialValue() -> [String] {
    switch random.below(10) {
    case 0: return [" = 1"]
    case 1: return [#" = "}{""#]
    case 2: return [" = foo(", "  1,", "  2)"]
    case 3: return [" = 1 +", "  2"]
    case 4: return [" = items", "  .count"]
    case 5: return [" = {", "  return \"}\"", "}()"]
    case 6: return [" = [", "  \"a\": 1,", "]"]
    case 7: return [": [String: Int] = [:]"]
    case 8: return [": Int?"]
    default: return [##" = #"raw } "#"##]
    }
  }

  private mutating func storedVariable() -> GenNode {
    var node = GenNode()
    node.kind = random.pick(["var", "let"])
    node.prefix = prefix()
    let (sourceName, name) = declName()
    node.names = [name]
    let mods = modifiers(
      Self.access + ["static ", "private(set) ", "nonisolated(unsafe) ", "lazy "])
    var value = initialValue()
    value[0] = "\(mods)\(node.kind) \(sourceName)" + value[0]
    node.header = value
    return node
  }

  private mutating func multiVariable() -> GenNode {
    var node = GenNode()
    node.kind = random.pick(["var", "let"])
    node.prefix = prefix()
    let a = freshName()
    let b = freshName()
    node.names = [a, b]
    node.header = [
      random.pick([
        "\(node.kind) \(a), \(b): Int",
        "\(node.kind) \(a) = 1, \(b) = \"}\"",
        "\(node.kind) \(a): Dictionary<String, Int> = [:], \(b) = (1, 2)",
      ])
    ]
    return node
  }

  private mutating func computedVariable() -> GenNode {
    var node = GenNode()
    node.kind = "var"
    node.prefix = prefix()
    let (sourceName, name) = declName()
    node.names = [name]
    let mods = modifiers(Self.access + ["static ", "override "])
    if random.chance(30) {
      node.header = ["\(mods)var \(sourceName): Int { 1 }"]
      return node
    }
    node.header = ["\(mods)var \(sourceName): Int {"]
    node.body = random.pick([
      ["get { 1 }", "set { }"],
      ["return 1"],
      ["get {", "  0", "}", "set(newValue) {", "  print(\"{\")", "}"],
    ])
    node.footer = ["}"]
    return node
  }

  private mutating func observedVariable() -> GenNode {
    var node = GenNode()
    node.kind = "var"
    node.prefix = prefix()
    let name = freshName()
    node.names = [name]
    node.header = ["var \(name) = 1 {"]
    node.body = random.pick([["didSet { print(\"}\") }"], ["willSet {", "  _ = newValue", "}"]])
    node.footer = ["}"]
    return node
  }

  private mutating func classMember() -> GenNode {
    var node = GenNode()
    node.prefix = prefix()
    let name = freshName()
    node.names = [name]
    if random.chance(50) {
      node.kind = "func"
      node.labels = name + "()"
      node.header = ["class func \(name)() -> Int {"]
      node.body = codeBody()
      node.footer = ["}"]
    } else {
      node.kind = "var"
      node.header = ["class var \(name): Int { 1 }"]
    }
    return node
  }

  private mutating func enumCase() -> GenNode {
    var node = GenNode()
    node.kind = "case"
    node.prefix = docComment()
    let a = freshName("c")
    let b = freshName("c")
    switch random.below(7) {
    case 0:
      node.names = [a]
      node.header = ["case \(a)"]
    case 1:
      node.names = [a, b]
      node.header = ["case \(a), \(b)"]
    case 2:
      node.names = [a]
      node.header = ["case \(a)(Int, label: String)"]
    case 3:
      node.names = [a, b]
      node.header = ["case \(a) = \"x, y\", \(b) = \"}\""]
    case 4:
      node.names = [a]
      node.header = ["indirect case \(a)(Kind)"]
    case 5:
      node.names = [a, b]
      node.header = ["case \(a),", "  \(b)"]
    default:
      let (source, name) = declName()
      node.names = [name, b]
      node.header = ["case \(source)(x: Int = (1)), \(b)"]
    }
    return node
  }

  private mutating func typeAlias() -> GenNode {
    var node = GenNode()
    node.kind = "typealias"
    node.prefix = prefix()
    let name = freshName("A")
    node.names = [name]
    node.header = [
      random.pick([
        "typealias \(name) = [String: (Int) -> Void]",
        "public typealias \(name)<T> = Dictionary<String, T>",
        "typealias \(name) = (",
      ])
    ]
    if node.header[0].hasSuffix("(") { node.header += ["  Int,", "  String", ")"] }
    return node
  }

  private mutating func associatedType() -> GenNode {
    var node = GenNode()
    node.kind = "associatedtype"
    node.prefix = prefix()
    let name = freshName("E")
    node.names = [name]
    node.header = [
      random.pick([
        "associatedtype \(name)", "associatedtype \(name): Equatable where \(name): Hashable",
      ])
    ]
    return node
  }

  private mutating func requirementFunction() -> GenNode {
    var node = GenNode()
    node.kind = "func"
    node.prefix = prefix()
    let name = freshName()
    node.names = [name]
    let parameters = parameters()
    node.labels = signature(name, parameters.labels)
    let mods = random.pick(["", "static ", "mutating "])
    var lines = headerLines("\(mods)func \(name)<T>", parameters, " -> T")
    if random.chance(40) { lines.append("  where T: Equatable") }
    node.header = lines
    return node
  }

  private mutating func requirementVariable() -> GenNode {
    var node = GenNode()
    node.kind = "var"
    node.prefix = prefix()
    let name = freshName()
    node.names = [name]
    node.header = [
      random.pick(["var \(name): Int { get set }", "static var \(name): Self { get }"])
    ]
    return node
  }

  private mutating func requirementInit() -> GenNode {
    var node = GenNode()
    node.kind = "init"
    node.prefix = prefix()
    node.names = ["init"]
    let parameters = parameters()
    node.labels = signature("init", parameters.labels)
    node.header = headerLines(
      random.pick(["init", "init?"]), parameters, random.pick(["", " throws"]))
    return node
  }

  private mutating func macro() -> GenNode {
    var node = GenNode()
    node.kind = "macro"
    node.prefix = docComment() + ["@freestanding(expression)"]
    let name = freshName("m")
    node.names = [name]
    node.header = [
      "public macro \(name)<T>(_ value: T) -> (T, String) =",
      "  #externalMacro(module: \"M\", type: \"T\")",
    ]
    return node
  }

  private mutating func filler() -> GenNode {
    var node = GenNode()
    node.shape = .filler
    node.header = random.pick([
      ["import Foundation"], ["@testable import Foo"], ["import struct Foo.Bar"],
      [#"print("} func f() {")"#], ["let _ = value"], ["_ = compute(", "  1)"],
      ["Task {", "  let inner = 1", "  case x", "}"],
      ["if flag {", "} else {", "  var x = 1", "}"],
      ["infix operator +++: AdditionPrecedence"],
      ["precedencegroup P {", "  associativity: left", "}"],
    ])
    return node
  }

  private mutating func ifConfig(in context: GenContext, depth: Int) -> GenNode {
    var node = GenNode()
    node.shape = .ifConfig
    let memberContext = context == .top ? GenContext.top : context
    node.children = [item(in: memberContext, depth: depth)]
    node.alternatives = random.chance(50) ? [item(in: memberContext, depth: depth)] : []
    return node
  }
}

// MARK: - Tree editing for shrinking

/// The number of removable items in `nodes` (all items, recursively).
func itemCount(_ nodes: [GenNode]) -> Int {
  nodes.reduce(0) { $0 + 1 + itemCount($1.children) + itemCount($1.alternatives) }
}

/// `nodes` with the `target`-th item (in pre-order) removed.
func removingItem(_ target: Int, from nodes: [GenNode]) -> [GenNode] {
  var index = 0
  return removing(target, from: nodes, &index)
}

private func removing(_ target: Int, from nodes: [GenNode], _ index: inout Int) -> [GenNode] {
  var kept: [GenNode] = []
  for var node in nodes {
    if index == target {
      index += 1 + itemCount(node.children) + itemCount(node.alternatives)
      continue
    }
    index += 1
    node.children = removing(target, from: node.children, &index)
    node.alternatives = removing(target, from: node.alternatives, &index)
    kept.append(node)
  }
  return kept
}
