import ProfileContracts
import ProfileCore

/// A source and target language the translator under test declares it supports.
public struct LanguagePair: Codable, Hashable, Sendable, CustomStringConvertible {
  /// The BCP 47 code of the texts' language.
  public let source: String
  /// The BCP 47 code to translate into.
  public let target: String

  /// Creates a pair.
  public init(source: String, target: String) {
    self.source = source
    self.target = target
  }

  /// `ko → en`.
  public var description: String { "\(source) → \(target)" }
}

/// The conformance suite for `SummaryTranslating`: count, order, blanks, duplicates, long
/// texts, the real target language, concurrency, a batch against its parts, several targets on
/// one instance, and refusing undeclared pairs.
///
/// Each check sends its fixed examples first, then generated batches: sizes from 0 up, blank and
/// whitespace entries at any position, texts holding line breaks (`\n`, `\r\n`, U+2028, U+2029),
/// copies of earlier texts, mixed scripts and paragraphs of up to 4,000 characters. A failing
/// batch is shrunk to the smallest that still fails, and printed with its seed.
///
/// ```swift
/// @Test func translatorKeepsTheContract() async {
///   let pairs = [LanguagePair(source: "ko", target: "en")]
///   await TranslatorConformance(pairs: pairs, timeout: .seconds(60)) { MyTranslator() }
///     .run().recordIssues()
/// }
/// ```
///
/// Every check gets a fresh translator from the factory and its own timeout.
public struct TranslatorConformance: Sendable {
  /// The pairs the translator declares.
  public let pairs: [LanguagePair]
  /// The numbered sentences to translate.
  public let samples: TranslationSamples
  /// What re-proves the target language of each output.
  public let identifier: any LanguageIdentifier
  /// How long one check may take.
  public let timeout: Duration
  /// The seed of the generated batches.
  public let seed: UInt64
  /// How many batches each generated check sends; `nil` for each check's default.
  public let examples: Int?
  /// Which rules count (see ``RuleSet``).
  public let rules: RuleSet
  var makeTranslator: @Sendable () async throws -> any SummaryTranslating

  /// Creates the suite.
  ///
  /// - Parameters:
  ///   - pairs: the language pairs the translator supports. Each needs samples in its source
  ///     language.
  ///   - samples: numbered sentences (default: the kit's, in ko, en, ja, zh, es, fr and de).
  ///   - identifier: re-proves target languages (default: `BuiltinLanguageIdentifier`).
  ///   - timeout: the limit for each check (default 10 s).
  ///   - seed: the seed for generated inputs (default: the scoped ``ConformanceSettings``' seed, else `CONTRACT_KIT_SEED`, else 20261129).
  ///   - examples: how many batches each generated check sends (default:
  ///     the scoped ``ConformanceSettings``' number, else `CONTRACT_KIT_EXAMPLES`, else each check's own).
  ///   - rules: which rules count (default: the scoped ``ConformanceSettings``' rule set, else
  ///     `CONTRACT_KIT_PIN`, else every rule).
  ///   - makeTranslator: makes a fresh translator for each check.
  public init(
    pairs: [LanguagePair], samples: TranslationSamples = .builtin,
    identifier: any LanguageIdentifier = BuiltinLanguageIdentifier(),
    timeout: Duration = .seconds(10), seed: UInt64 = ConformanceSeed.current(),
    examples: Int? = ConformanceExamples.current(), rules: RuleSet = .current(),
    _ makeTranslator: @escaping @Sendable () async throws -> any SummaryTranslating
  ) {
    self.pairs = pairs
    self.samples = samples
    self.identifier = identifier
    self.timeout = timeout
    self.seed = seed
    self.examples = examples
    self.rules = rules
    self.makeTranslator = makeTranslator
  }
}
