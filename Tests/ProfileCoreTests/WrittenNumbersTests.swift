import Testing

@_spi(Benchmarks) @testable import ProfileCore

/// The kit's one reading of written numbers, which the core's fact check and the translator
/// suite share: a grouping separator of the text's language between groups of three belongs to
/// the number.
@Suite struct WrittenNumbersTests {
  func values(
    _ text: String, _ language: String?, digit: (Character) -> Int? = WrittenNumbers.asciiDigit
  ) -> [String] {
    WrittenNumbers.numbers(in: text, language: language, digit: digit).map(\.value)
  }

  /// Each language's grouping keeps the number, in a number that ends a sentence or the text.
  @Test(
    arguments: [
      ("en", ","), ("ko", ","), (nil, ","), ("de", "."), ("es", "."), ("pt-BR", "."),
      ("fr", "\u{202F}"), ("fr", "\u{00A0}"), ("de-CH", "'"), ("en", "\u{00A0}"),
    ] as [(String?, String)])
  func eachLanguagesGroupingKeepsTheNumber(language: String?, separator: String) {
    #expect(values("1\(separator)234 pages", language) == ["1234"])
    #expect(values("1\(separator)234\(separator)567", language) == ["1234567"])
    #expect(values("page 1\(separator)234", language) == ["1234"], "a number that ends the text")
    let written = WrittenNumbers.numbers(
      in: "at 1\(separator)234", language: language, digit: WrittenNumbers.asciiDigit)
    #expect(written.map(\.written) == ["1\(separator)234"])
    #expect(written.map(\.start) == [3])
  }

  /// A language's decimal point ends a number: `52.143` in English, `1,234` in German.
  @Test func theDecimalPointOfTheLanguageEndsANumber() {
    #expect(values("52.143 and 1.5", "en") == ["52", "143", "1", "5"])
    #expect(values("1,234 und 1,5", "de") == ["1", "234", "1", "5"])
    #expect(values("1,234 et 1.234", "fr") == ["1", "234", "1", "234"])
  }

  /// Anything but exactly three digits after a separator ends the number there.
  @Test func aSeparatorNotFollowedByAGroupOfThreeEndsTheNumber() {
    #expect(values("1,2 and 1,2345 and 1, 234", "en") == ["1", "2", "1", "2345", "1", "234"])
    #expect(values("12 345", "fr") == ["12", "345"], "a plain space separates")
    #expect(values("1,,234", "en") == ["1", "234"])
    #expect(values(",234", "en") == ["234"])
  }

  @Test func leadingZerosAreDroppedAndZeroStays() {
    #expect(values("007 and 0 and 000", "en") == ["7", "0", "0"])
    #expect(values("0,500", "en") == ["500"])
  }

  /// The fact check reads ASCII digits only; another caller may read more.
  @Test func theCallerSaysWhichDigitsCount() {
    let text = "１２３ and ٤٥٦ and 7"
    #expect(values(text, "en") == ["7"])
    #expect(values(text, "en", digit: { $0.wholeNumberValue }) == ["123", "456", "7"])
  }

  /// Issue 52: a German source's 1.234 and an answer's 1234 or 1.234 are one fact; in English,
  /// 52.143 stays two numbers.
  @Test func theFactCheckForgivesRegroupingInTheSourcesLanguage() {
    let german = FactCheck(
      source: "Der Bericht hat 1.234 Seiten und kostet €2.500.", language: "de")
    #expect(german.unverified("Er hat 1234 Seiten und kostet €2.500.") == [])
    #expect(german.unverified("Er hat 1 234 Seiten.") == ["1", "234"])
    #expect(german.unverified("Er hat 1.235 Seiten.") == ["1.235"])
    let english = FactCheck(source: "The share rose to 52.143 points.", language: "en")
    #expect(english.unverified("It rose to 52.143 points.") == [])
    #expect(english.unverified("It rose to 52,143 points.") == ["52,143"])
  }
}
