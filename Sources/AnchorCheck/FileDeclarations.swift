/// One file's declarations, scanned once, with an index from every name a symbol anchor may
/// use to the declarations that answer to it: symbol anchors ask of a file thousands of times.
final class FileDeclarations: Sendable {
  /// The language the file was scanned as; `.plain` for one no scanner reads.
  let language: SourceLanguage
  /// The declarations, in source order.
  let all: [Declaration]
  /// For each name, what it names: positions in `all`, types before extensions already chosen.
  private let answers: [Key: [Int]]

  /// A name a symbol may give: `render(to:)` is a label signature, and `render` in
  /// `ErrorReport.render` is a last part.
  private struct Key: Hashable {
    let text: String
    /// The text is a label signature (`render(to:)`), not a name.
    let labelled: Bool
    /// The text follows a dot of the qualified name, not all of it.
    let lastParts: Bool
  }

  /// Indexes `declarations`, which the scanner of `language` found.
  init(_ declarations: [Declaration], scannedAs language: SourceLanguage) {
    self.language = language
    all = declarations
    var positions: [Key: [Int]] = [:]
    for (position, declaration) in declarations.enumerated() {
      for (text, labelled) in [(declaration.name, false), (declaration.labels, true)] {
        guard let text else { continue }
        positions[Key(text: text, labelled: labelled, lastParts: false), default: []].append(
          position)
        let utf8 = text.utf8
        var dot = utf8.firstIndex(of: UInt8(ascii: "."))
        while let found = dot {
          let after = utf8.index(after: found)
          // The bytes after the dot, as they are: a `String` slice would round to a character.
          let rest = String(decoding: utf8[after...], as: UTF8.self)
          positions[Key(text: rest, labelled: labelled, lastParts: true), default: []].append(
            position)
          dot = utf8[after...].firstIndex(of: UInt8(ascii: "."))
        }
      }
    }
    // A type wins over its extensions.
    answers = positions.mapValues { found in
      let types = found.filter { declarations[$0].kind != "extension" }
      return types.isEmpty ? found : types
    }
  }

  /// The declarations `symbol` names: by the qualified name (`ErrorReport.render`), or the
  /// qualified names' last parts (`render`), with argument labels when it has them
  /// (`render(to:)`). Exact names win over last parts, and a type over its extensions.
  func matching(_ symbol: String) -> [Declaration] {
    let labelled = symbol.utf8.contains(UInt8(ascii: "("))
    let found =
      answers[Key(text: symbol, labelled: labelled, lastParts: false)]
      ?? answers[Key(text: symbol, labelled: labelled, lastParts: true)] ?? []
    return found.map { all[$0] }
  }
}
