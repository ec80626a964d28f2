import AdapterProcess
import ContractConformanceCore
import Foundation
import ProfileContracts

extension ReferenceSuites {
  /// Runs the named suite against an adapter served by `command` over JSON-RPC (see
  /// `Conformance/protocol.md`): every check starts the command afresh, so a crash in the
  /// adapter fails that check and the next one gets a new process.
  ///
  /// - Parameters:
  ///   - name: `translator`, `document`, `store` or `executor`.
  ///   - command: one shell-style command line, such as `python3 my_store.py`.
  ///   - durability: what a store promises (default durable).
  ///   - pairs: the language pairs a translator declares (default ``translatorPairs``).
  ///   - scratch: where store directories are made.
  ///   - timeout: each check's limit; `nil` (the default) for 60 times one measured use of the
  ///     adapter (started, then one ordinary call), at least 10 s, so a slow but correct adapter
  ///     is never called hung.
  ///   - label: what the report calls the adapter, such as its product's name (default: the
  ///     command).
  public static func run(
    _ name: String, adapterCommand command: String, durability: StoreDurability = .durable,
    pairs: [LanguagePair] = translatorPairs,
    scratch: URL = FileManager.default.temporaryDirectory, timeout: Duration? = nil,
    label: String? = nil
  ) async -> [Run] {
    let label = "\(name) (\(label ?? command))"
    switch name {
    case "translator":
      let speed = await AdapterSpeed.choose(given: timeout) {
        // Two of the suite's own sentences, which any translator of the pair can take.
        guard let pair = pairs.first else { return }
        let texts = (0..<2).compactMap {
          TranslationSamples.builtin.sentence($0, number: 101 + $0, language: pair.source)
        }
        _ = try await ProcessTranslator(command: command).translate(
          texts, from: pair.source, to: pair.target)
      }
      let report = await TranslatorConformance(pairs: pairs, timeout: speed.timeout) {
        try ProcessTranslator(command: command)
      }.run()
      return [Run(label: label, note: speed.note, report: report)]
    case "document":
      let speed = await AdapterSpeed.choose(given: timeout) {
        let (provider, id) = try await ProcessDocumentProvider.load(
          command: command, pages: ["Page one.", "Page two."], pageCap: nil)
        _ = try await provider.page(at: 0, for: id)
      }
      let report = await DocumentProviderConformance(timeout: speed.timeout) { fixture in
        let (provider, id) = try await ProcessDocumentProvider.load(
          command: command, pages: fixture.pages, pageCap: fixture.pageCap)
        return (provider, id)
      }.run()
      return [Run(label: label, note: speed.note, report: report)]
    case "store":
      let speed = await AdapterSpeed.choose(given: timeout) {
        let directory = scratch.appendingPathComponent(
          "contract-kit-speed-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await ProcessExecutionStore.open(command: command, directory: directory)
        let key = ProfileCommand(
          profile: .document, attachmentID: "speed.pdf", sourceLanguage: "en",
          targetLanguage: "en")
        try await store.saveCheckpoint(
          ProfileCheckpoint(
            command: key, phase: "speed", payload: Data(count: 64),
            receipt: ProfileExecutionReceipt()))
        _ = try await store.loadCheckpoint(for: key)
      }
      let report = await ExecutionStoreConformance(
        durability: durability, timeout: speed.timeout, scratch: scratch,
        crashHarness: .adapterProcess
      ) { directory in
        try await ProcessExecutionStore.open(command: command, directory: directory)
      }.run()
      return [Run(label: label, note: speed.note, report: report)]
    case "executor":
      let speed = await AdapterSpeed.choose(given: timeout) {
        _ = try await ProcessModelExecutor(command: command).generate(
          ProfileModelRequest(
            stepID: "chunk-1", schema: .summaryChunk,
            instructions: "Summarize the text as a headline and factual points.",
            prompt: "The council met on Monday. Ferries leave every twenty minutes.",
            responseTokens: 128))
      }
      // The adapter narrows its own errors and sends the kind across; what arrives without one
      // is a native error, which the suite must see as such.
      let report = await ModelExecutorConformance(
        errorMapping: { ($0 as? ProfileModelExecutionError) ?? .permanent("\($0)") },
        knownErrors: [], timeout: speed.timeout
      ) { try ProcessModelExecutor(command: command) }.run()
      return [
        Run(
          label: label,
          note:
            "out of process: the error mapping runs inside the adapter, so the known-error checks are skipped; \(speed.note)",
          report: report)
      ]
    default:
      return []
    }
  }
}
