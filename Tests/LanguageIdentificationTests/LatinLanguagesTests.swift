import Testing

@testable import ProfileCore

/// Both Latin models keep their scores in `LatinLanguages.all`'s one order, and every entry of
/// the word model's tables names one of its languages, so none is dropped unseen.
@Suite struct LatinLanguagesTests {
  @Test func bothModelsScoreInTheOneOrder() {
    #expect(NGramModel.latin == LatinLanguages.all)
    #expect(LatinWordModel.languages == LatinLanguages.all)
    #expect(LatinWordModel.scores("the house").count == LatinLanguages.all.count)
    #expect(NGramModel.costs("the house").count == LatinLanguages.all.count)
  }

  @Test func everyTableEntryNamesALatinLanguage() {
    let known = Set(LatinLanguages.all)
    #expect(Set(LatinWordModel.frequentWords.keys) == known)
    #expect(LatinWordModel.letterCuesByLanguage.values.allSatisfy { known.contains($0.0) })
    #expect(LatinWordModel.letterCues.count == LatinWordModel.letterCuesByLanguage.count)
    #expect(LatinWordModel.endings.allSatisfy { known.contains($0.1) })
    #expect(
      LatinWordModel.endingsByLastCharacter.values.reduce(0) { $0 + $1.count }
        == LatinWordModel.endings.count)
  }

  /// A word every listed language shares scores them all alike, and the tie goes to the first
  /// language of the one order.
  @Test func aTieGoesToTheFirstLanguageOfTheOrder() {
    let scores = LatinWordModel.scores("xq")
    #expect(scores.allSatisfy { $0 == 0 })
    #expect(LatinWordModel.identify("xq") == nil)
    // "de" is on the lists of es, fr and pt, and has no telltale letter or ending: split alike.
    let shared = LatinWordModel.scores("de")
    let owners = shared.indices.filter { shared[$0] > 0 }
    #expect(owners.count > 1)
    #expect(Set(owners.map { shared[$0] }).count == 1)
    #expect(LatinWordModel.identify("de")?.0 == LatinLanguages.all[owners[0]])
  }
}
