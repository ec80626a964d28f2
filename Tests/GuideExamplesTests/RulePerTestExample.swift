import ContractConformance
import MyApp
import ProfileContracts
import Testing

@Test(.serialized, arguments: TranslatorConformance.rules)
func translatorRule(_ rule: ConformanceRule) async {
  let pairs = [LanguagePair(source: "ko", target: "en")]
  await TranslatorConformance(pairs: pairs, timeout: .seconds(120)) { MyTranslator() }
    .run(rule).recordIssues()
}

@Test func translatorPinnedToARuleSet() async {
  let pairs = [LanguagePair(source: "ko", target: "en")]
  let suite = TranslatorConformance(pairs: pairs, timeout: .seconds(60), rules: .pinned("0.2")) {
    MyTranslator()
  }
  await suite.run().recordIssues()
}
