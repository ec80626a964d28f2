import ContractConformance
import MyApp
import ProfileContracts
import Testing

@Test func translatorKeepsTheContract() async {
  let pairs = [LanguagePair(source: "ko", target: "en")]
  await TranslatorConformance(pairs: pairs, timeout: .seconds(60)) { MyTranslator() }
    .run().recordIssues()
}

@Test func storeKeepsTheContract() async {
  await ExecutionStoreConformance(durability: .durable, timeout: .seconds(30)) { directory in
    // The directory does not exist yet: create it (or fail) as your store does on first launch.
    // The suite calls this again with the same directory to reopen.
    try MyStore(directory: directory)
  }.run().recordIssues()
}
