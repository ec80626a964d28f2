/// One file's declarations, scanned once, and what a symbol anchor's name finds among them.
final class FileDeclarations: Sendable {
  /// The language the file was scanned as; `.plain` for one no scanner reads.
  let language: SourceLanguage
  /// The declarations, in source order.
  let all: [Declaration]

  /// `declarations`, which the scanner of `language` found.
  init(_ declarations: [Declaration], scannedAs language: SourceLanguage) {
    self.language = language
    all = declarations
  }

  /// The declarations `symbol` names: by the qualified name (`ErrorReport.render`), or the
  /// qualified names' last parts (`render`), with argument labels when it has them
  /// (`render(to:)`). Exact names win over last parts, and a type over its extensions.
  ///
  /// A walk over the declarations, in place: a file declares tens of them, and an index of
  /// their names cost more to build, and to reach in memory, than the walk.
  func matching(_ symbol: String) -> [Declaration] {
    let labelled = symbol.utf8.contains(UInt8(ascii: "("))
    var found: [Declaration] = []
    for index in all.indices
    where labelled ? all[index].labels == symbol : all[index].name == symbol {
      found.append(all[index])
    }
    if found.isEmpty {
      let ascii = symbol.utf8.allSatisfy { $0 < 0x80 }
      for index in all.indices {
        guard let spelled = labelled ? all[index].labels : all[index].name,
          Self.ends(spelled, inPart: symbol, ascii: ascii)
        else { continue }
        found.append(all[index])
      }
    }
    let types = found.filter { $0.kind != "extension" }
    return types.isEmpty ? found : types
  }

  /// Whether `name` ends in a dot and `symbol`, as `name.hasSuffix("." + symbol)` says: as
  /// bytes when both are ASCII, where the two readings agree.
  private static func ends(_ name: String, inPart symbol: String, ascii: Bool) -> Bool {
    guard ascii, name.utf8.allSatisfy({ $0 < 0x80 }) else { return name.hasSuffix("." + symbol) }
    let name = name.utf8
    let symbol = symbol.utf8
    guard name.count > symbol.count,
      name[name.index(name.endIndex, offsetBy: -symbol.count - 1)] == UInt8(ascii: ".")
    else { return false }
    return name.suffix(symbol.count).elementsEqual(symbol)
  }
}
