import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// What a symbol names in a file, read as bytes where it can be, equals the plain definition,
/// kept here as the reference.
@Suite struct FileDeclarationsTests {
  /// What `symbol` names in `declarations`, by reading every one: exact names (or label
  /// signatures, for a symbol with `(`) first, else the names that end in `.` and the symbol;
  /// then the types among them, when there are any.
  static func reference(_ symbol: String, in declarations: [Declaration]) -> [Declaration] {
    let labelled = symbol.contains("(")
    func spelled(_ declaration: Declaration) -> String? {
      labelled ? declaration.labels : declaration.name
    }
    var found = declarations.filter { spelled($0) == symbol }
    if found.isEmpty {
      found = declarations.filter { spelled($0)?.hasSuffix("." + symbol) == true }
    }
    let types = found.filter { $0.kind != "extension" }
    return types.isEmpty ? found : types
  }

  // Some parts end other parts ("port", "x"), so a last part must start after a dot.
  static let parts = ["Report", "render", "init", "Ré", "e\u{301}", "_x", "Report2", "port", "x"]
  static let kinds = ["struct", "extension", "func", "case", "var"]

  /// Up to 12 declarations whose names are one to three parts from a small set, so that names,
  /// last parts and overloads collide; functions get label signatures.
  static func declarations(_ random: inout SplitMix64) -> [Declaration] {
    (0..<random.below(13)).map { line in
      let name = (0...random.below(3)).map { _ in parts[random.below(parts.count)] }.joined(
        separator: ".")
      let kind = kinds[random.below(kinds.count)]
      let labels =
        kind == "func" ? name + ["()", "(to:)", "(_:into:)"][random.below(3)] : nil
      return Declaration(
        name: name, labels: labels, kind: kind, start: line + 1, keywordLine: line + 1,
        end: line + 1, depth: 0)
    }
  }

  /// A symbol a doc may write: a name's whole or its last parts, with or without labels, or
  /// parts that name nothing.
  static func symbol(_ random: inout SplitMix64, in declarations: [Declaration]) -> String {
    guard !declarations.isEmpty, random.below(5) > 0 else {
      return (0...random.below(2)).map { _ in parts[random.below(parts.count)] }.joined(
        separator: ".")
    }
    let declaration = declarations[random.below(declarations.count)]
    let spelling =
      declaration.labels.flatMap { random.below(2) == 0 ? $0 : nil }
      ?? declaration.name
    let pieces = spelling.split(separator: ".", omittingEmptySubsequences: false)
    return pieces[random.below(pieces.count)...].joined(separator: ".")
  }

  /// Generated declarations and symbols, from `DECLSCAN_SEED`; a failure is shrunk to the
  /// fewest declarations that still disagree.
  @Test func whatASymbolNamesIsThePlainDefinition() {
    let seed = baseSeed() &+ 70
    var random = SplitMix64(seed: seed)
    for round in 0..<(2_000 * scale()) {
      var declarations = Self.declarations(&random)
      let symbol = Self.symbol(&random, in: declarations)
      func agrees(_ declarations: [Declaration]) -> Bool {
        FileDeclarations(declarations, scannedAs: .swift).matching(symbol)
          == Self.reference(symbol, in: declarations)
      }
      guard !agrees(declarations) else { continue }
      declarations = shrunk(declarations) { !agrees($0) }
      let names = declarations.map { $0.labels ?? $0.name }
      let found = FileDeclarations(declarations, scannedAs: .swift).matching(symbol)
      let defined = Self.reference(symbol, in: declarations)
      Issue.record(
        """
        seed \(seed) round \(round) (replay with DECLSCAN_SEED=\(seed &- 70)): \(symbol) in \
        \(names): found \(found.map(\.keywordLine)), defined \(defined.map(\.keywordLine))
        """)
      return
    }
  }

  @Test func exactNamesWinOverLastPartsAndTypesOverExtensions() {
    let declarations = [
      Declaration(name: "A.render", kind: "func", start: 1, keywordLine: 1, end: 1, depth: 1),
      Declaration(name: "render", kind: "func", start: 2, keywordLine: 2, end: 2, depth: 0),
      Declaration(name: "Report", kind: "extension", start: 3, keywordLine: 3, end: 3, depth: 0),
      Declaration(name: "Report", kind: "struct", start: 4, keywordLine: 4, end: 4, depth: 0),
      Declaration(name: "B.Report", kind: "extension", start: 5, keywordLine: 5, end: 5, depth: 0),
    ]
    let file = FileDeclarations(declarations, scannedAs: .swift)
    #expect(file.matching("render").map(\.keywordLine) == [2])
    #expect(file.matching("A.render").map(\.keywordLine) == [1])
    #expect(file.matching("Report").map(\.keywordLine) == [4])
    #expect(file.matching("B.Report").map(\.keywordLine) == [5])
    #expect(file.matching("nope").isEmpty)
  }
}
