import AdapterProcess
import ContractConformanceCore
import Foundation
import KitSupport
import ProfileAdapters
import ProfileContracts
import ReferenceSuites

/// `contract-kit conformance list|run|explain`.
enum ConformanceCommand: Subcommand {
  static let name = "conformance"

  static let overview = [
    (synopsis: "conformance list", summary: "List the conformance rules (text, markdown or json)."),
    (
      synopsis: "conformance run",
      summary: "Run the conformance suites against the bundled adapters."
    ),
    (synopsis: "conformance explain", summary: "Print one rule in full: why, and what to check."),
  ]

  static let usage = """
    usage: contract-kit conformance list [--format text|markdown|json] [--write DIR]
           contract-kit conformance explain RULE
           contract-kit conformance run [--suite translator|document|store|executor] [--provider text|pdf] [--format text|json|junit|sarif|github] [--scratch DIR] [--seed N] [--examples N] [--pin VERSION] [--rule IDS] [--power-loss-model posix|apple] [--check-timeout S] [--regressions DIR] [--verbose]
           contract-kit conformance run --suite NAME --adapter-command "COMMAND" [--volatile] [--pairs ko:en,...] [--check-timeout S] [--regressions DIR]
           contract-kit conformance run --suite NAME --adapter-product PRODUCT [--volatile] [--pairs ko:en,...] [--check-timeout S] [--regressions DIR]
           contract-kit conformance run --suite executor --executor openai \(ServerOptions.usage)
           contract-kit conformance run --suite translator --translator openai \(ServerOptions.usage) [--pairs ko:en,...]
    """

  static let help = """
    contract-kit conformance: the four adapter suites and their rule book.

    \(usage)

    list   Print every rule: its ID, level and what it asserts.
             --format markdown   the rule book pages (Conformance/*.md)
             --write DIR         write the markdown pages into DIR instead of printing them
    explain RULE
           Print one rule (store.keys, say) in full: its suite, level and versions, what it
           asserts, why the contract demands it and what to check when it fails.
    run    Run the suites against the adapters the kit ships.
             --suite NAME        one suite only
             --provider text|pdf with --suite document: one document provider only (the
                                 PDF provider needs poppler-utils, and python3 with fpdf2 to
                                 build its fixtures; without --provider it is skipped when
                                 they are missing)
             --format json|junit|sarif|github
                                 machine-readable results: the reports, JUnit XML, SARIF 2.1.0
                                 for code scanning, or GitHub Actions annotations
             --verbose           show what each passed check showed
             --scratch DIR       where fixtures and stores are written (default: the temp directory)
             --adapter-command "COMMAND"
                                 check your adapter instead, run as a process that speaks
                                 JSON-RPC on stdin/stdout (Conformance/protocol.md); each check
                                 starts it afresh. One shell-style command line, such as
                                 "python3 my_store.py". Needs --suite.
             --adapter-product PRODUCT
                                 check an executable product of the package in the current
                                 directory (its adapter host): built with swift build (by
                                 SwiftPM itself under swift package contract-kit), then run
                                 as --adapter-command runs a command, and reported by its
                                 name. Needs --suite.
             --seed N            replay the run a report printed this seed for
                                 (CONTRACT_KIT_SEED); random draws a new seed, which
                                 the report prints
             --examples N        generate N inputs for each check, for a deeper run
                                 (CONTRACT_KIT_EXAMPLES)
             --pin VERSION       count only the rules of rule set VERSION; newer ones
                                 run and report as pending (CONTRACT_KIT_PIN)
             --rule IDS          with --suite: run only these rules (comma-separated IDs)
             --power-loss-model posix|apple
                                 what survives a power loss in store.powerLoss (default
                                 posix; CONTRACT_KIT_POWER_LOSS_MODEL; see Conformance/store.md)
             --check-timeout S   each check's limit (default 10 on the kit's own adapters;
                                 with --adapter-command, 60 times one measured use of the
                                 adapter, at least 10): a call under way that long is hung,
                                 a check whose calls keep returning runs on; a property
                                 stops generating at half of it
             --regressions DIR   keep each generated input that fails in DIR/<suite>.txt,
                                 and replay the inputs kept there first, before anything
                                 is generated (CONTRACT_KIT_REGRESSIONS); commit the folder
             --volatile          with a store: it promises nothing beyond its process
             --pairs LIST        with a translator: the pairs it supports (default: the kit's)
             --executor openai   check OpenAICompatibleModelExecutor against a running server
             --translator openai check OpenAICompatibleTranslator against a running server
    \(ServerOptions.help)

    Generated inputs print their seed; replay one with --seed N or CONTRACT_KIT_SEED=<seed>.
    """

  static func run(_ arguments: inout Arguments) async throws -> Int32 {
    switch arguments.nextPositional() {
    case "list": return try list(&arguments)
    case "run": return try await runSuites(&arguments)
    case "explain": return try explain(&arguments)
    case nil: throw UsageError("conformance needs a subcommand: list, run or explain")
    case let other?: throw UsageError("unknown subcommand '\(other)'; use list, run or explain")
    }
  }

  private static func explain(_ arguments: inout Arguments) throws -> Int32 {
    guard let id = arguments.nextPositional() else {
      throw UsageError("conformance explain needs a rule ID, such as store.keys")
    }
    try arguments.finish()
    guard let explanation = RuleBook.explanation(of: id) else {
      let near = nearMiss(id, in: RuleBook.suites.flatMap(\.rules).map(\.id))
      throw InputError(
        "no rule \(id)\(near.map { " (did you mean \($0)?)" } ?? ""); contract-kit conformance list shows every rule ID"
      )
    }
    Output.print(explanation)
    return ExitCode.ok
  }

  private static func list(_ arguments: inout Arguments) throws -> Int32 {
    let given = try arguments.option("--format", allowed: ["text", "markdown", "json"])
    let write = try arguments.option("--write")
    // Only the markdown pages are written out, so --write alone means them.
    let format = given ?? (write == nil ? "text" : "markdown")
    try arguments.finish()
    if write != nil { try PluginAccess.requireWrite("conformance list --write") }
    switch format {
    case "markdown":
      let pages = RuleBook.markdownPages()
      if let write {
        let folder = URL(fileURLWithPath: write, isDirectory: true)
        do {
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
          for page in pages {
            try Data(page.content.utf8).write(to: folder.appendingPathComponent(page.fileName))
            Output.print("wrote \(folder.appendingPathComponent(page.fileName).relativePath)")
          }
        } catch {
          throw InputError(
            "cannot write the rule book into \(write): \(error.localizedDescription); pass a writable directory"
          )
        }
      } else {
        Output.print(pages.map { "<!-- \($0.fileName) -->\n\($0.content)" }.joined(separator: "\n"))
      }
    case "json":
      guard write == nil else { throw UsageError("--write goes with --format markdown") }
      Output.print(
        String(decoding: try CanonicalJSON.encode(RuleBook.allRules(), pretty: true), as: UTF8.self)
      )
    default:
      guard write == nil else { throw UsageError("--write goes with --format markdown") }
      for suite in RuleBook.suites {
        Output.print("\(suite.name): \(suite.title)")
        for rule in suite.rules {
          Output.print("  \(rule.id) [\(rule.level)] \(rule.asserts)")
        }
      }
    }
    return ExitCode.ok
  }

  /// The directory the command runs in: the package whose products `--adapter-product` names.
  static var currentDirectory: URL {
    URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
  }

  /// The directory at `path`, or an input error saying what is wrong with it and what to do.
  static func writableDirectory(_ path: String) throws -> URL {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(
        "scratch directory \(path) does not exist; create it or pass another with --scratch")
    }
    guard isDirectory.boolValue else {
      throw InputError(
        "scratch path \(path) is a file, not a directory; pass a directory with --scratch")
    }
    guard FileManager.default.isWritableFile(atPath: path) else {
      throw InputError(
        "scratch directory \(path) is not writable; fix its permissions or pass another with --scratch"
      )
    }
    return URL(fileURLWithPath: path, isDirectory: true)
  }

  /// `--seed N`, `--examples N`, `--pin VERSION`, `--power-loss-model NAME`, `--rule IDS` and
  /// `--regressions DIR`, each a usage error when malformed; the rules must be `suite`'s, and
  /// the folder's files must be regressions files.
  private static func settings(_ arguments: inout Arguments, suite: String?) throws
    -> ConformanceSettings
  {
    let seed = try arguments.option("--seed").map { text in
      if text == ConformanceSeed.randomValue { return ConformanceSeed.drawn }
      guard let seed = UInt64(text) else {
        throw UsageError(
          "--seed '\(text)' is not a number; pass the seed a report printed, or random for a new one"
        )
      }
      return seed
    }

    let examples = try arguments.option("--examples").map { text in
      guard let count = Int(text), count > 0 else {
        throw UsageError(
          "--examples '\(text)' is not a positive number; pass how many inputs each check generates"
        )
      }
      return count
    }
    // A misspelled environment setting is refused, not replaced by the default unannounced.
    if seed == nil, let problem = ConformanceSeed.problem() { throw InputError(problem) }
    if examples == nil, let problem = ConformanceExamples.problem() { throw InputError(problem) }
    let pin = try arguments.option("--pin").map { text in
      guard RuleSet.isWellFormed(text) else {
        throw UsageError(
          "--pin '\(text)' is not a rule-set version; pass one such as \(RuleSet.latestVersion) (contract-kit conformance list shows each rule's)"
        )
      }
      return RuleSet.pinned(text)
    }
    let model = try arguments.option(
      "--power-loss-model", allowed: PowerLossModel.all.map(\.name)
    ).flatMap(PowerLossModel.named)
    let selection = try arguments.option("--rule").map { text in
      try selectedRules(text, suite: suite)
    }
    let regressions = try arguments.option("--regressions").map {
      URL(fileURLWithPath: $0, isDirectory: true)
    }
    // A regressions file that is not one is refused before anything runs, never skipped.
    if let folder = regressions ?? RegressionFolder.current(),
      let problem = RegressionFolder.problem(folder)
    {
      throw InputError(problem)
    }
    return ConformanceSettings(
      seed: seed, examples: examples, rules: pin, powerLossModel: model, selection: selection,
      regressions: regressions)
  }

  /// `store.crash,store.powerLoss` as rule IDs of `suite`, a usage error for any other.
  static func selectedRules(_ text: String, suite: String?) throws -> Set<String> {
    guard let suite, let rules = RuleBook.suites.first(where: { $0.name == suite })?.rules else {
      throw UsageError("--rule runs rules of one suite; pass --suite with it")
    }
    let ids = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard !ids.isEmpty else {
      throw UsageError("--rule needs rule IDs, such as \(rules[0].id)")
    }
    for id in ids where !rules.contains(where: { $0.id == id }) {
      throw UsageError(
        "--rule '\(id)' is no rule of the \(suite) suite; contract-kit conformance list shows them")
    }
    return Set(ids)
  }

  /// `ko:en,ja:en` as language pairs.
  static func languagePairs(_ text: String) throws -> [LanguagePair] {
    try text.split(separator: ",").map { item in
      let parts = item.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        throw UsageError("--pairs item '\(item)' is not SOURCE:TARGET; write them as ko:en,ja:en")
      }
      return LanguagePair(source: parts[0], target: parts[1])
    }
  }

  /// The command the person ran, quoted as they could type it again, with `--seed` set to the
  /// run's seed (and the number of inputs, when it came from the environment): a replay line
  /// that checks the same adapter, never the kit's own.
  static func replay(_ given: [String]) -> ReplayCommand {
    let tool =
      KitEnvironment.value(PluginAccess.readOnlyVariable) == "1"
      ? "swift package contract-kit" : "contract-kit"
    var kept: [String] = []
    var words = given[...]
    while let word = words.popFirst() {
      if word == "--seed" {
        _ = words.popFirst()
      } else if !word.hasPrefix("--seed=") {
        kept.append(word)
      }
    }
    let flagged = kept.contains { $0 == "--examples" || $0.hasPrefix("--examples=") }
    let command = ([tool] + kept.map(ShellWords.quote)).joined(separator: " ")
    return ReplayCommand { seed, examples in
      let count = flagged ? "" : examples.map { "--examples \($0) " } ?? ""
      return "\(command) \(count)--seed \(seed)"
    }
  }

  private static func runSuites(_ arguments: inout Arguments) async throws -> Int32 {
    let replay = replay(arguments.given)
    let suite = try arguments.option("--suite", allowed: ReferenceSuites.names)
    let format =
      try arguments.option("--format", allowed: ["text", "json", "junit", "sarif", "github"])
      ?? "text"
    let verbose = arguments.flag("--verbose")
    let scratch =
      try arguments.option("--scratch").map(writableDirectory)
      ?? FileManager.default.temporaryDirectory
    let command = try arguments.option("--adapter-command")
    let product = try arguments.option("--adapter-product")
    let volatile = arguments.flag("--volatile")
    let pairs = try arguments.option("--pairs").map(languagePairs)
    let provider = try arguments.option("--provider", allowed: ReferenceSuites.documentProviders)
    let executor = try arguments.option("--executor", allowed: ["openai"])
    let translator = try arguments.option("--translator", allowed: ["openai"])
    let settings = try settings(&arguments, suite: suite)
    let checkTimeout = try arguments.option("--check-timeout").map { text in
      guard let seconds = Int(text), (1...3600).contains(seconds) else {
        throw UsageError(
          "--check-timeout needs a whole number of seconds from 1 to 3600, not '\(text)'")
      }
      return Duration.seconds(seconds)
    }
    let server = try ServerOptions.parse(
      &arguments,
      needed: executor.map { "--executor \($0)" } ?? translator.map { "--translator \($0)" })
    try arguments.finish()
    if server != nil, checkTimeout != nil {
      throw UsageError(
        "--check-timeout goes with the kit's own adapters or --adapter-command, not a server")
    }
    if let server {
      let name = executor != nil ? "executor" : "translator"
      guard executor == nil || translator == nil else {
        throw UsageError("--executor and --translator check one suite each; pass one of them")
      }
      guard suite == name, command == nil, product == nil, provider == nil, !volatile else {
        throw UsageError("--\(name) openai goes with --suite \(name)")
      }
      guard pairs == nil || name == "translator" else {
        throw UsageError("--pairs goes with --suite translator")
      }
      let runs = await ReplayCommand.$current.withValue(replay) {
        await ConformanceSettings.$scoped.withValue(settings) {
          await ReferenceSuites.runOpenAI(
            name, configuration: server, pairs: pairs ?? ReferenceSuites.translatorPairs)
        }
      }
      return try render(runs, format: format, verbose: verbose)
    }
    guard provider == nil || (suite == "document" && command == nil && product == nil) else {
      throw UsageError("--provider goes with --suite document")
    }
    guard command == nil || product == nil else {
      throw UsageError(
        "--adapter-command and --adapter-product each name the adapter; pass one of them")
    }
    var runs: [ReferenceSuites.Run] = []
    if command != nil || product != nil {
      let option = product == nil ? "--adapter-command" : "--adapter-product"
      guard let suite else {
        throw UsageError("\(option) checks one adapter; pass --suite with it")
      }
      if let command {
        do {
          _ = try ShellWords.split(command)
        } catch {
          throw UsageError("--adapter-command: \(error.message)")
        }
      }
      guard !volatile || suite == "store" else {
        throw UsageError("--volatile goes with --suite store")
      }
      guard pairs == nil || suite == "translator" else {
        throw UsageError("--pairs goes with --suite translator")
      }
      var run = command ?? ""
      if let product { run = try await AdapterProduct.command(product, in: currentDirectory) }
      runs = await ReplayCommand.$current.withValue(replay) {
        await ConformanceSettings.$scoped.withValue(settings) {
          await ReferenceSuites.run(
            suite, adapterCommand: run, durability: volatile ? .volatile : .durable,
            pairs: pairs ?? ReferenceSuites.translatorPairs, scratch: scratch,
            timeout: checkTimeout, label: product)
        }
      }
    } else {
      guard !volatile, pairs == nil else {
        throw UsageError("--volatile and --pairs go with --adapter-command")
      }
      if provider == "pdf" {
        // Asked for by name, a missing backend is an input error, not a skip.
        _ = try PopplerTools.locate()
        _ = try await PDFFixtureBuilder.locate()
      }
      for name in suite.map({ [$0] }) ?? ReferenceSuites.names {
        runs += await ReplayCommand.$current.withValue(replay) {
          await ConformanceSettings.$scoped.withValue(settings) {
            await ReferenceSuites.run(
              name, scratch: scratch, documentProvider: provider,
              timeout: checkTimeout ?? .seconds(10))
          }
        }
      }
    }
    return try render(runs, format: format, verbose: verbose)
  }

  /// Prints the runs in `format` and returns the exit code: 0 when every report passes and at
  /// least one check ran.
  private static func render(_ runs: [ReferenceSuites.Run], format: String, verbose: Bool) throws
    -> Int32
  {
    switch format {
    case "json":
      let value = JSONValue.array(
        try runs.map { run in
          var members: [String: JSONValue] = [
            "label": .string(run.label), "report": try CanonicalJSON.jsonValue(of: run.report),
          ]
          if let note = run.note { members["note"] = .string(note) }
          return .object(members)
        })
      Output.print(String(decoding: CanonicalJSON.render(value, pretty: true), as: UTF8.self))
    case "junit":
      Output.print(JUnitReport.render(runs.map { ($0.label, $0.report) }))
    case "sarif":
      Output.print(ConformanceReport.renderSARIF(runs.map { ($0.label, $0.report) }))
    case "github":
      Output.print(ConformanceReport.renderGitHub(runs.map { ($0.label, $0.report) }))
    default:
      for run in runs {
        Output.print(run.report.renderText(label: run.label, verbose: verbose))
        if let note = run.note { Output.print("  note: \(note)") }
      }
    }
    // A run whose every rule was skipped checked nothing, and a gate that checked nothing must
    // not pass.
    guard runs.contains(where: { $0.report.counts.passed + $0.report.counts.failed > 0 }) else {
      Output.error(
        "contract-kit: nothing was checked: every rule was skipped, each for the reason printed; a run that checks nothing does not pass"
      )
      return ExitCode.failures
    }
    return runs.allSatisfy(\.report.isPassing) ? ExitCode.ok : ExitCode.failures
  }
}
