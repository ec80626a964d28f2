import ContractConformance
import Foundation
import ProfileContracts
import Testing

@testable import ContractConformanceCore
@testable import ReferenceSuites

@Suite(.serialized) struct TranslatorConformanceTests {
  static let pairs = [
    LanguagePair(source: "ko", target: "en"), LanguagePair(source: "en", target: "de"),
    LanguagePair(source: "ko", target: "de"),
  ]

  static let expectations: [TranslatorMutant: [MutantExpectation]] = [
    .staleWhenIdle: [
      MutantExpectation(
        mutant: "staleWhenIdle", failing: "translator.idle",
        message: "texts came back in en, where before the pause 4 did")
    ],
    .swapsWithAge: [
      MutantExpectation(
        mutant: "swapsWithAge", failing: "translator.session", message: "burst ")
    ],
    .brokenAfterCancellation: [
      MutantExpectation(
        mutant: "brokenAfterCancellation", failing: "translator.session",
        message: ", after a call cancelled ")
    ],
    .dropsOne: [
      MutantExpectation(
        mutant: "dropsOne", failing: "translator.count", message: "sent 2 texts, got 1 back"),
      MutantExpectation(
        mutant: "dropsOne", failing: "translator.order", message: "got 6; order cannot be checked"),
    ],
    .swapsTwo: [
      MutantExpectation(
        mutant: "swapsTwo", failing: "translator.order",
        message: "output 0 lost 101 of input 0's markers 101, carries [102]")
    ],
    .echoesSource: [
      MutantExpectation(
        mutant: "echoesSource", failing: "translator.targetLanguage",
        message: "identified as ko, not en"),
      MutantExpectation(
        mutant: "echoesSource", failing: "translator.undeclaredPair",
        message: "echoed the input instead of throwing"),
    ],
    .echoesLong: [
      MutantExpectation(
        mutant: "echoesLong", failing: "translator.longTexts",
        message: "came back unchanged: an echo, not a translation")
    ],
    .truncatesLong: [
      MutantExpectation(
        mutant: "truncatesLong", failing: "translator.longTexts",
        message: "lost the sentences numbered")
    ],
    .mergesLong: [
      MutantExpectation(
        mutant: "mergesLong", failing: "translator.longTexts",
        message: "which belong to another text: texts were merged or shifted")
    ],
    .fillsBlanks: [
      MutantExpectation(
        mutant: "fillsBlanks", failing: "translator.blank",
        message: "blank input 1 came back as \"(empty)\"")
    ],
    .dedupCache: [
      MutantExpectation(
        mutant: "dedupCache", failing: "translator.duplicates",
        message: "the same text at 0, 2, 4 came back as")
    ],
    .sharedBuffer: [
      MutantExpectation(
        mutant: "sharedBuffer", failing: "translator.concurrency",
        message: "came back with 16 texts; output 0 carries"),
      // The batch is named by the sentences it holds, not by its position among the eight.
      MutantExpectation(
        mutant: "sharedBuffer", failing: "translator.concurrency",
        message:
          "ko → en: the concurrent batch of 16 texts (markers 101, 102, 103, 104, 105 and 11 more)"),
    ],
    .dropsTrailingBlanks: [
      MutantExpectation(
        mutant: "dropsTrailingBlanks", failing: "translator.blank", message: " blank), got "),
      MutantExpectation(
        mutant: "dropsTrailingBlanks", failing: "translator.blank", message: "minimal input"),
    ],
    .splitsAtLineBreaks: [
      MutantExpectation(
        mutant: "splitsAtLineBreaks", failing: "translator.count", message: "lines split by"),
      MutantExpectation(
        mutant: "splitsAtLineBreaks", failing: "translator.count", message: "minimal input"),
    ],
    .cacheKeyedByText: [
      MutantExpectation(
        mutant: "cacheKeyedByText", failing: "translator.targets",
        message: "an answer for another call's pair")
    ],
    .echoesPastFourth: [
      MutantExpectation(
        mutant: "echoesPastFourth", failing: "translator.batchEqualsParts",
        message: "in the batch but en alone")
    ],
    .collapsesAdjacentCopies: [
      MutantExpectation(
        mutant: "collapsesAdjacentCopies", failing: "translator.duplicates",
        message: "minimal input")
    ],
    .answersUndeclared: [
      MutantExpectation(
        mutant: "answersUndeclared", failing: "translator.undeclaredPair",
        message: "for an unsupported target; throw instead")
    ],
    .cannedSentence: [
      MutantExpectation(
        mutant: "cannedSentence", failing: "translator.meaning",
        message: "against another sentence's")
    ],
    .numbersItsTexts: [
      MutantExpectation(
        mutant: "numbersItsTexts", failing: "translator.inventedNumbers",
        message: "output 0 carries 1, which no text of the batch was sent")
    ],
  ]

  /// The canned sentence breaks no promise but meaning's: every other rule passes it.
  @Test func onlyMeaningCatchesACannedSentence() async {
    let report = await TranslatorConformance(pairs: Self.pairs, timeout: testTimeout) {
      TranslatorMutant.cannedSentence.make()
    }.run()
    #expect(report.failures.map(\.id) == ["translator.meaning"], "\(report.renderText())")
  }

  @Test func theSampleCorpusTranslatorPassesEveryCheck() async {
    let report = await TranslatorConformance(pairs: Self.pairs, timeout: testTimeout) {
      SampleCorpusTranslator()
    }.run()
    expectClean(report, "SampleCorpusTranslator")
    #expect(report.counts.passed == TranslatorConformance.rules.count)
  }

  @Test(arguments: [TranslatorMutant.echoesLong, .truncatesLong, .mergesLong])
  func aTranslatorBrokenOnlyOnLongTextsPassesTheChecksOfShortTexts(mutant: TranslatorMutant) async {
    let report = await TranslatorConformance(pairs: Self.pairs, timeout: testTimeout) {
      mutant.make()
    }.run()
    #expect(report.result("translator.longTexts")?.status == .failed)
    for id in ["translator.undeclaredPair"] {
      #expect(report.result(id)?.status == .passed, "\(id): \(report.result(id)?.message ?? "")")
    }
  }

  @Test func aTranslatorThatRestructuresLongTextsPasses() async {
    let report = await TranslatorConformance(pairs: Self.pairs, timeout: testTimeout) {
      RestructuringTranslator()
    }.run()
    expectClean(report, "RestructuringTranslator")
  }

  /// Issue 52: `2.331` in German is 2331, not 2 and 331; `translator.order` and `longTexts` read
  /// it as two numbers and failed a correct translator.
  @Test func aTranslatorThatRegroupsDigitsTheTargetsWayPasses() async {
    #expect(
      RegroupingTranslator.regroup("sold 2331 of 1234567", separator: ".")
        == "sold 2.331 of 1.234.567")
    let report = await TranslatorConformance(pairs: Self.pairs, timeout: testTimeout) {
      RegroupingTranslator()
    }.run()
    expectClean(report, "RegroupingTranslator")
  }

  /// Hand-picked from the false alarms a phrasebook of Debian's human translations raised
  /// (`HumanTranslatorTests`): a message that holds a number of its own (windows32, argument 0),
  /// a translation that writes one its source spells out (2相 for two-phase), and Japanese
  /// sentences that end and begin with a number.
  static let technicalMessages = TranslationSamples(templates: [
    "en": [
      "Failed to open pipe in windows32 mode: error {n}",
      "{n} two-phase state files were written",
      "In the directive number {n}, the width's argument number 0 is not a positive integer.",
      "invalid mask length: {n}",
      "target lists can have at most {n} entries",
    ],
    "ko": [
      "windows32 모드에서 파이프를 열지 못했습니다: 오류 {n}",
      "{n}개의 2단계 상태 파일이 기록되었습니다",
      "지시자 {n}번에서, 폭의 인수 번호 0은 양의 정수가 아닙니다.",
      "잘못된 마스크 길이: {n}",
      "대상 목록은 최대 {n}개 항목을 가질 수 있습니다",
    ],
    "ja": [
      "windows32 モードでパイプを開けませんでした: エラー {n}",
      "{n}個の2相状態ファイルが書き込まれました",
      "命令番号 {n} で、幅の引数番号 0 は正の整数ではありません。",
      "不正なマスク長: {n}",
      "ターゲットリストは最大でも{n}エントリまでしか持てません",
    ],
  ])

  static let englishToKoreanAndJapanese = [
    LanguagePair(source: "en", target: "ko"), LanguagePair(source: "en", target: "ja"),
  ]

  @Test func aPhrasebookOfTechnicalMessagesPasses() async {
    let samples = Self.technicalMessages
    let report = await TranslatorConformance(
      pairs: Self.englishToKoreanAndJapanese, samples: samples, timeout: testTimeout
    ) { SampleCorpusTranslator(samples: samples) }.run()
    expectClean(report, "SampleCorpusTranslator over technical messages")
    #expect(report.counts.passed == TranslatorConformance.rules.count)
  }

  /// A person's Korean that keeps a message's English identifiers reads as English, its source:
  /// translator.targets does not call that another call's answer (an echo is targetLanguage's,
  /// which allows one output in twenty).
  @Test func aTranslationThatKeepsEnglishIdentifiersIsNoOtherCallsAnswer() async {
    let samples = TranslationSamples(templates: [
      "en": ["windows32_openpipe: DuplicateHandle(Err) failed (e={n})"],
      "ko": ["windows32_openpipe: DuplicateHandle(Err) 실패(e={n})"],
      "ja": ["windows32_openpipe: DuplicateHandle(Err) の呼び出しに失敗しました (e={n})"],
    ])
    let report = await ConformanceSettings.$scoped.withValue(
      ConformanceSettings(selection: ["translator.targets"])
    ) {
      await TranslatorConformance(
        pairs: Self.englishToKoreanAndJapanese, samples: samples, timeout: testTimeout
      ) { SampleCorpusTranslator(samples: samples) }.run()
    }
    #expect(report.result("translator.targets")?.status == .passed, "\(report.renderText())")
  }

  /// The sample translator tries templates longest first and remembers places that lead
  /// nowhere. Neither changes an answer while no two templates of a language match at one place,
  /// which is why the adapters' mutation run marks mutants of that order and that memo as
  /// equivalent.
  @Test func noTwoBuiltinTemplatesMatchAtOnePlace() throws {
    let samples = TranslationSamples.builtin
    for language in samples.templates.keys.sorted() {
      let (plain, mixed) = try #require(samples.all(language))
      let templates = plain + mixed
      let split = templates.map { $0.components(separatedBy: TranslationSamples.placeholder) }
      for (index, template) in templates.enumerated() {
        for number in [0, 7, 522, 1_000_000] {
          let placeholder = TranslationSamples.placeholder
          let text = Substring(
            template.replacingOccurrences(of: placeholder, with: String(number)) + " "
              + templates[0].replacingOccurrences(of: placeholder, with: "3"))
          for (other, pieces) in split.enumerated() where other != index {
            #expect(
              SampleCorpusTranslator.match(text, (pieces[0], pieces[1])) == nil,
              "\(language): \(templates[other]) matches where \(template) does")
          }
        }
      }
    }
  }

  @Test func aTranslatorThatChangesWhitespacePasses() async {
    let report = await TranslatorConformance(pairs: Self.pairs, timeout: testTimeout) {
      WhitespaceTranslator()
    }.run()
    expectClean(report, "WhitespaceTranslator")
  }

  @Test func aHungTranslatorFailsEachCheckByTimeoutAndTheRunEnds() async {
    let report = await TranslatorConformance(pairs: Self.pairs, timeout: .milliseconds(200)) {
      HangingTranslator()
    }.run()
    #expect(report.results.count == TranslatorConformance.rules.count)
    for result in report.results {
      #expect(result.status == .failed)
      // The call that never returned is named.
      #expect(result.message.contains("the call translate(texts: "), "\(result.message)")
      // Two timeouts for the rules that wait on purpose (translator.idle).
      #expect(
        result.message.contains("did not return within 0.2 seconds; the adapter hung")
          || result.message.contains("did not return within 0.4 seconds; the adapter hung"),
        "\(result.message)")
    }
  }

  @Test func pairsWithoutSamplesAreSkippedWithAReason() async {
    let report = await TranslatorConformance(pairs: [LanguagePair(source: "sv", target: "en")]) {
      SampleCorpusTranslator()
    }.run()
    for result in report.results {
      #expect(result.status == .skipped)
      #expect(result.message.contains("no samples in the source language of sv → en"))
    }
    #expect(report.isPassing)
  }

  @Test func theSeedIsReportedAndChangesTheNumbers() async {
    let report = await TranslatorConformance(pairs: Self.pairs, timeout: testTimeout, seed: 42) {
      SampleCorpusTranslator()
    }.run()
    #expect(report.seed == 42)
    #expect(report.result("translator.count")?.message.contains("seed 42") == true)
  }

  @Test func numbersAreReadInEveryScript() {
    let suite = TranslatorConformance(pairs: Self.pairs, timeout: testTimeout) {
      SampleCorpusTranslator()
    }
    #expect(suite.numbers(in: "第１０１番の部屋") == [101])
    #expect(suite.numbers(in: "Room 101 and 7") == [101, 7])
    #expect(suite.numbers(in: "二十分 and ½ and ²") == [])
    #expect(suite.numbers(in: "٤٥٦ and १२") == [456, 12])
    // The core's grouping rule (WrittenNumbers): regrouped is the same number.
    #expect(
      suite.numbers(in: "2.331 Seiten und 1,5 und 2'331", language: "de") == [2331, 1, 5, 2331])
    #expect(suite.numbers(in: "2\u{202F}331 pages, 1,5", language: "fr") == [2331, 1, 5])
    #expect(suite.numbers(in: "1,234,567 and 52.143", language: "en") == [1_234_567, 52, 143])
  }
}

/// Each of the zoo's translators against the whole suite: a suite of its own, so that it runs
/// beside the other translator tests rather than after them.
@Suite(.serialized) struct TranslatorMutantTests {
  /// Only a translator left unused for a while shows this: every other rule keeps it busy.
  @Test func onlyTheIdleRuleCatchesATranslatorStaleWhenIdle() async {
    let report = await TranslatorConformance(
      pairs: TranslatorConformanceTests.pairs, timeout: testTimeout
    ) {
      TranslatorMutant.staleWhenIdle.make()
    }.run()
    #expect(report.failures.map(\.id) == ["translator.idle"], "\(report.renderText())")
  }

  @Test(arguments: TranslatorMutant.allCases)
  func mutantIsCaught(mutant: TranslatorMutant) async {
    // Only the rules each mutant is to fail: the rest would only spend the loop's time.
    let expected = Set((TranslatorConformanceTests.expectations[mutant] ?? []).map(\.failing))
    let report = await ConformanceSettings.$scoped.withValue(
      ConformanceSettings(selection: expected)
    ) {
      await TranslatorConformance(pairs: TranslatorConformanceTests.pairs, timeout: testTimeout) {
        mutant.make()
      }.run()
    }
    expect(report, failsAll: TranslatorConformanceTests.expectations[mutant] ?? [])
    #expect(
      TranslatorConformanceTests.expectations[mutant]?.isEmpty == false,
      "\(mutant) has no expectation")
  }
}
