import Testing

@testable import ProfileCore

@Suite struct NGramModelTests {
  @Test func gramsAreEveryRunOfOneToFourScalarsOfThePaddedLowercasedText() {
    let grams = NGramModel.grams("Ab  C")
    // " ab c " has 6 scalars: 6 unigrams (spaces included), then runs of 2 to 4 without the
    // all-space ones.
    #expect(grams.prefix(6) == [" ", "a", "b", " ", "c", " "])
    #expect(grams.contains(" ab ") && grams.contains("b c ") && !grams.contains("  "))
    #expect(grams.count == 6 + 5 + 4 + 3)
  }

  @Test func theTablesHoldNineLanguagesOfTwentyThousandGramsEach() {
    #expect(NGramModel.languages == ["en", "de", "fr", "es", "it", "nl", "pt", "ja", "zh"])
    #expect(NGramModel.model.floors.count == NGramModel.order)
    for (position, table) in NGramModel.tables.enumerated() {
      let kept = NGramModel.model.costs.values.filter { $0[position] != nil }.count
      #expect(kept == 20_000, "\(table.language)")
    }
  }

  @Test(arguments: [
    ("seu nome de usuário", "pt"), ("il nome del file", "it"), ("le nom du fichier", "fr"),
    ("de naam van het bestand", "nl"), ("el nombre del archivo", "es"),
    ("der Name der Datei", "de"), ("the name of the file", "en"),
  ])
  func aShortTextIsCheapestInItsLanguage(text: String, language: String) {
    let costs = NGramModel.costs(text)
    let cheapest = costs.indices.min { costs[$0] < costs[$1] }!
    #expect(NGramModel.latin[cheapest] == language)
  }

  @Test(arguments: [("端末設定の変更", "ja"), ("行 列、想定は 行 列以上", "ja"), ("下面按字母顺序列出可用的命令", "zh")])
  func hanTextIsToldApartByItsGrams(text: String, language: String) {
    #expect(BuiltinLanguageIdentifier().identify(text)?.language == language)
  }

  @Test func theWordModelTipsAShortTextTheGramsAlmostMiss() {
    // Three German words whose grams lean Dutch: "der" is a German word, and it decides.
    #expect(BuiltinLanguageIdentifier().identify("der Rat tagte")?.language == "de")
  }

  /// The byte reader of the tables reads what a plain split of their lines does: every gram,
  /// every cost, in every language.
  @Test func theTablesReadAsAPlainSplitReadsThem() {
    var reference: [String: [Int32?]] = [:]
    for (position, table) in NGramModel.tables.enumerated() {
      for line in table.costs.split(separator: "\n") {
        guard let tab = line.firstIndex(of: "\t"), let cost = Int32(line[line.index(after: tab)...])
        else { continue }
        reference[
          String(line[..<tab]), default: Array(repeating: nil, count: NGramModel.tables.count)][
            position] = cost
      }
    }
    let built = NGramModel.build().costs
    #expect(built.count == reference.count)
    #expect(built == reference)
  }
}
