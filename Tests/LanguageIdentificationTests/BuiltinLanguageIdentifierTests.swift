import ProfileCore
import Testing

@Suite struct BuiltinLanguageIdentifierTests {
  let identifier = BuiltinLanguageIdentifier()

  @Test(arguments: ["", "a", "ok", "12345 !!", "  \n "])
  func tooShortIsNil(text: String) {
    #expect(identifier.identify(text) == nil)
  }

  /// One letter of a script only one of the languages writes decides; one Han character, which
  /// two languages write, is told apart by the n-gram model.
  @Test(arguments: [("' 를 '", "ko"), ("' ' を '", "ja"), ("«ы»", "ru"), ("' 为 '", "zh")])
  func oneLetterOfADistinctiveScriptIsEnough(text: String, language: String) {
    #expect(identifier.identify(text)?.language == language)
  }

  @Test func latinTextWithoutAnyCueIsNil() {
    #expect(identifier.identify("xqzv bbrt klmnp") == nil)
  }

  @Test(arguments: [
    ("회의는 월요일 오전에 열립니다", "ko"), ("会議は月曜日の朝に開かれます", "ja"), ("会议将在星期一上午举行", "zh"),
    ("Встреча состоится в понедельник", "ru"), ("سيعقد الاجتماع يوم الاثنين", "ar"),
    ("הפגישה תתקיים ביום שני", "he"),
    ("Η συνάντηση θα γίνει τη Δευτέρα", "el"), ("การประชุมจะจัดขึ้นในวันจันทร์", "th"),
    ("बैठक सोमवार को होगी", "hi"),
  ])
  func scriptsDecideTheirLanguage(text: String, language: String) {
    #expect(identifier.identify(text)?.language == language)
  }

  /// Real short strings from Debian's translations: Latin names and commands inside a text in
  /// another script do not make it Latin, while a Hangul name inside an English sentence does not
  /// make it Korean.
  @Test(arguments: [
    ("' ' DNS 서버", "ko"), ("NOT VALID 참조키를", "ko"), ("(да), no (нет), always", "ru"),
    ("PID 行程識別碼或者 JOBSPEC", "zh"),
    ("Guests in room 12 can join the Wi-Fi network named 서울-Guest.", "en"),
  ])
  func aNonLatinScriptWithAFifthOfTheLettersDecides(text: String, language: String) {
    #expect(BuiltinLanguageIdentifier().identify(text)?.language == language)
  }

  @Test func aFewKatakanaLoanwordsDoNotMakeChineseJapanese() {
    #expect(identifier.identify("我们今天在会议室讨论了新的预算计划和明年的工作安排，还有コーヒー")?.language == "zh")
  }

  @Test func provesComparesPrimarySubtags() {
    #expect(identifier.proves("会议将在星期一上午举行", isIn: "zh-Hans"))
    #expect(!identifier.proves("The meeting is on Monday morning at nine.", isIn: "de"))
    #expect(!identifier.proves("ok", isIn: "en"))
    #expect(primarySubtag("pt_BR") == "pt")
  }

  @Test func confidenceIsBetweenZeroAndOne() throws {
    let guess = try #require(
      identifier.identify("The meeting is on Monday morning, and everyone will be there."))
    #expect(guess.language == "en")
    #expect(guess.confidence > 0 && guess.confidence <= 1)
  }
}
