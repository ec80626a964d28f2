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
  public static func run(
    _ name: String, adapterCommand command: String, durability: StoreDurability = .durable,
    pairs: [LanguagePair] = translatorPairs,
    scratch: URL = FileManager.default.temporaryDirectory
  ) async -> [Run] {
    let label = "\(name) (\(command))"
    switch name {
    case "translator":
      let report = await TranslatorConformance(pairs: pairs) {
        try ProcessTranslator(command: command)
      }.run()
      return [Run(label: label, note: nil, report: report)]
    case "document":
      let report = await DocumentProviderConformance { fixture in
        let (provider, id) = try await ProcessDocumentProvider.load(
          command: command, pages: fixture.pages, pageCap: fixture.pageCap)
        return (provider, id)
      }.run()
      return [Run(label: label, note: nil, report: report)]
    case "store":
      let report = await ExecutionStoreConformance(
        durability: durability, scratch: scratch, crashHarness: .adapterProcess
      ) { directory in
        try await ProcessExecutionStore.open(command: command, directory: directory)
      }.run()
      return [Run(label: label, note: nil, report: report)]
    case "executor":
      // The adapter narrows its own errors and sends the kind across; what arrives without one
      // is a native error, which the suite must see as such.
      let report = await ModelExecutorConformance(
        errorMapping: { ($0 as? ProfileModelExecutionError) ?? .permanent("\($0)") },
        knownErrors: []
      ) { try ProcessModelExecutor(command: command) }.run()
      return [
        Run(
          label: label,
          note:
            "out of process: the error mapping runs inside the adapter, so the known-error checks are skipped",
          report: report)
      ]
    default:
      return []
    }
  }
}
