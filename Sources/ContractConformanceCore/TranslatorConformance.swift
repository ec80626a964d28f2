import LanguageIdentification
import ProfileContracts

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

/// The conformance suite for ``SummaryTranslating``: count, order, blanks, duplicates, the real
/// target language, concurrency, and refusing undeclared pairs.
///
/// ```swift
/// @Test func translatorKeepsTheContract() async {
///   let report = await TranslatorConformance(pairs: [LanguagePair(source: "ko", target: "en")]) {
///     MyTranslator()
///   }.run()
///   report.recordIssues()
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
  /// The seed of the randomized batch in `translator.count`.
  public let seed: UInt64
  private let makeTranslator: @Sendable () async throws -> any SummaryTranslating

  /// Creates the suite.
  ///
  /// - Parameters:
  ///   - pairs: the language pairs the translator supports. Each needs samples in its source
  ///     language.
  ///   - samples: numbered sentences (default: the kit's, in ko, en, ja, zh, es, fr and de).
  ///   - identifier: re-proves target languages (default: ``BuiltinLanguageIdentifier``).
  ///   - timeout: the limit for each check (default 10 s).
  ///   - seed: the seed for randomized inputs (default: ``ConformanceSeed/current(_:)``).
  ///   - makeTranslator: makes a fresh translator for each check.
  public init(
    pairs: [LanguagePair], samples: TranslationSamples = .builtin,
    identifier: any LanguageIdentifier = BuiltinLanguageIdentifier(),
    timeout: Duration = .seconds(10), seed: UInt64 = ConformanceSeed.current(),
    _ makeTranslator: @escaping @Sendable () async throws -> any SummaryTranslating
  ) {
    self.pairs = pairs
    self.samples = samples
    self.identifier = identifier
    self.timeout = timeout
    self.seed = seed
    self.makeTranslator = makeTranslator
  }

  /// Runs every check and returns the report.
  public func run() async -> ConformanceReport {
    await CheckRunner(suite: "translator", rules: Self.rules, timeout: timeout).run(
      [
        "translator.count": count,
        "translator.order": order,
        "translator.blank": blank,
        "translator.duplicates": duplicates,
        "translator.targetLanguage": targetLanguage,
        "translator.concurrency": concurrency,
        "translator.undeclaredPair": undeclaredPair,
      ], seed: seed)
  }

  /// The suite's rules, in the order it runs them.
  public static let rules: [ConformanceRule] = [
    ConformanceRule(
      id: "translator.count", level: .required,
      asserts: "Batches of 0, 1, 2, 7, 64 and 256 texts come back with exactly as many texts.",
      why:
        "The returned array has the same count as the input. If five sentences go in and four come back, the core cannot tell which is missing, so it checks the count before promoting a result.",
      whenItFails:
        "Look for batching that splits or merges texts (joining with newlines, sentence splitting), empty results dropped, or a length limit that truncates the batch."
    ),
    ConformanceRule(
      id: "translator.order", level: .required,
      asserts:
        "Output i carries the number of input i and no other, for batches of 7 and 64 numbered sentences.",
      why:
        "The returned array has the same order as the input: the core writes output i back into field i of the summary.",
      whenItFails:
        "Look for concurrent sub-batches reassembled in completion order, sorting, or deduplication that reorders."
    ),
    ConformanceRule(
      id: "translator.blank", level: .required,
      asserts:
        "Blank entries (empty or whitespace) come back blank, in place, and their neighbours still translate.",
      why: "A summary can carry empty fields; dropping a blank shifts every later field by one.",
      whenItFails:
        "Look for filtering of empty strings before the engine call without putting them back."),
    ConformanceRule(
      id: "translator.duplicates", level: .required,
      asserts: "The same text at several positions of a batch is translated alike at each.",
      why:
        "Headlines repeat across sections; a cache or deduplication must hand the same answer back to every position.",
      whenItFails:
        "Look for a deduplicating cache that answers only the first occurrence, or leaves later ones empty."
    ),
    ConformanceRule(
      id: "translator.targetLanguage", level: .required,
      asserts:
        "At least 95% of outputs with 12 or more letters are identified as the target language.",
      why:
        "The core re-proves each field's target language before promoting a translation; an echo of the source must never pass as a translation.",
      whenItFails:
        "Look for the source text echoed on failure, swapped language arguments, or a fallback that returns the input."
    ),
    ConformanceRule(
      id: "translator.concurrency", level: .required,
      asserts: "Eight batches translated at once each come back with their own texts, in order.",
      why:
        "The core and the app may translate several summaries at once; answers must never cross between calls.",
      whenItFails:
        "Look for shared mutable state: a request buffer, a session or a callback keyed by something other than the call."
    ),
    ConformanceRule(
      id: "translator.undeclaredPair", level: .recommended,
      asserts:
        "Translating into a language the translator does not support throws rather than echoing the input.",
      why:
        "An echoed input looks like a result; a thrown error lets the core keep the source-language summary and say why.",
      whenItFails: "Throw an error for unsupported pairs instead of returning the input unchanged."),
  ]

  // MARK: - Checks

  /// The pairs that have samples in their source language, and a skip when none has.
  private var usablePairs: ([LanguagePair], CheckOutcome?) {
    let usable = pairs.filter { samples.sentence(0, number: 1, language: $0.source) != nil }
    if pairs.isEmpty {
      return ([], .skipped("no language pairs were given; pass the pairs your translator supports"))
    }
    if usable.isEmpty {
      return (
        [],
        .skipped(
          "no samples in the source language of \(pairs.map(\.description).joined(separator: ", ")); pass TranslationSamples with templates for it"
        )
      )
    }
    return (usable, nil)
  }

  /// A batch of numbered sentences, numbered from `base`.
  private func batch(_ size: Int, base: Int, pair: LanguagePair) -> [String] {
    (0..<size).compactMap { samples.sentence($0, number: base + $0, language: pair.source) }
  }

  private func translate(_ texts: [String], _ pair: LanguagePair) async throws -> [String] {
    try await makeTranslator().translate(texts, from: pair.source, to: pair.target)
  }

  private var count: @Sendable () async -> CheckOutcome {
    { [self] in
      let (pairs, skip) = usablePairs
      if let skip { return skip }
      var random = SeededGenerator(seed: seed)
      let sizes = [0, 1, 2, 7, 64, 256]
      var failures = Failures()
      for pair in pairs {
        for size in sizes {
          // The numbers start at a seeded offset, so a translator cannot learn a fixed batch.
          let base = 101 + Int.random(in: 0..<400, using: &random)
          do {
            let output = try await translate(batch(size, base: base, pair: pair), pair)
            if output.count != size {
              failures.add("\(pair): sent \(size) texts, got \(output.count) back")
            }
          } catch {
            failures.add("\(pair): a batch of \(size) threw \(describe(error))")
          }
        }
      }
      return failures.outcome(
        passed:
          "batches of \(sizes.map(String.init).joined(separator: ", ")) kept their counts (seed \(seed))"
      )
    }
  }

  private var order: @Sendable () async -> CheckOutcome {
    { [self] in
      let (pairs, skip) = usablePairs
      if let skip { return skip }
      var failures = Failures()
      for pair in pairs {
        for size in [7, 64] {
          let base = 101
          do {
            let output = try await translate(batch(size, base: base, pair: pair), pair)
            guard output.count == size else {
              failures.add(
                "\(pair): sent \(size) texts, got \(output.count); order cannot be checked (see translator.count)"
              )
              continue
            }
            for (index, text) in output.enumerated() where numbers(in: text) != [base + index] {
              failures.add(
                "\(pair): output \(index) should carry \(base + index) only, carries \(numbers(in: text)): \(quote(text))"
              )
            }
          } catch {
            failures.add("\(pair): a batch of \(size) threw \(describe(error))")
          }
        }
      }
      return failures.outcome(passed: "outputs carried their inputs' numbers in order")
    }
  }

  private var blank: @Sendable () async -> CheckOutcome {
    { [self] in
      let (pairs, skip) = usablePairs
      if let skip { return skip }
      var failures = Failures()
      for pair in pairs {
        let texts = batch(3, base: 501, pair: pair)
        let input = [texts[0], "", texts[1], "   ", texts[2]]
        do {
          let output = try await translate(input, pair)
          guard output.count == input.count else {
            failures.add("\(pair): sent 5 texts (two blank), got \(output.count) back")
            continue
          }
          for index in [1, 3] where !output[index].allSatisfy(\.isWhitespace) {
            failures.add("\(pair): blank input \(index) came back as \(quote(output[index]))")
          }
          for (index, number) in [(0, 501), (2, 502), (4, 503)]
          where numbers(in: output[index]) != [number] {
            failures.add(
              "\(pair): output \(index) should carry \(number), got \(quote(output[index]))")
          }
        } catch {
          failures.add("\(pair): a batch with blank entries threw \(describe(error))")
        }
      }
      return failures.outcome(passed: "blank entries stayed blank and in place")
    }
  }

  private var duplicates: @Sendable () async -> CheckOutcome {
    { [self] in
      let (pairs, skip) = usablePairs
      if let skip { return skip }
      var failures = Failures()
      for pair in pairs {
        let texts = batch(3, base: 601, pair: pair)
        let input = [texts[0], texts[1], texts[0], texts[2], texts[0]]
        do {
          let output = try await translate(input, pair)
          guard output.count == input.count else {
            failures.add("\(pair): sent 5 texts, got \(output.count) back")
            continue
          }
          let alike = Set([0, 2, 4].map { normalized(output[$0]) })
          if alike.count != 1 || alike.first?.isEmpty == true {
            failures.add(
              "\(pair): the same text at 0, 2 and 4 came back as \([0, 2, 4].map { quote(output[$0]) }.joined(separator: ", "))"
            )
          }
        } catch {
          failures.add("\(pair): a batch with duplicates threw \(describe(error))")
        }
      }
      return failures.outcome(passed: "duplicates were translated alike")
    }
  }

  private var targetLanguage: @Sendable () async -> CheckOutcome {
    { [self] in
      let (pairs, skip) = usablePairs
      if let skip { return skip }
      var failures = Failures()
      var proved = 0
      var judged = 0
      for pair in pairs {
        let size = samples.templates[pair.source]?.count ?? 16
        do {
          let output = try await translate(batch(size, base: 701, pair: pair), pair)
          for text in output where text.filter(\.isLetter).count >= 12 {
            judged += 1
            if identifier.proves(text, isIn: pair.target) {
              proved += 1
            } else {
              failures.add(
                "\(pair): identified as \(identifier.identify(text)?.language ?? "nothing"), not \(pair.target): \(quote(text))"
              )
            }
          }
        } catch {
          return .failed("\(pair): the batch threw \(describe(error))")
        }
      }
      guard judged > 0 else {
        return .failed(
          "no output had 12 or more letters to identify; the translator returned empty or very short texts"
        )
      }
      let share = Double(proved) / Double(judged)
      if share >= 0.95 {
        return .passed("\(proved) of \(judged) outputs proved their target language")
      }
      return .failed(
        "only \(proved) of \(judged) outputs (\(Int(share * 100))%) proved their target language, 95% needed; \(failures.messages.joined(separator: "; "))"
      )
    }
  }

  private var concurrency: @Sendable () async -> CheckOutcome {
    { [self] in
      let (pairs, skip) = usablePairs
      if let skip { return skip }
      var failures = Failures()
      for pair in pairs {
        let translator: any SummaryTranslating
        do {
          translator = try await makeTranslator()
        } catch {
          return .failed("the factory threw \(describe(error))")
        }
        // A struct, not a tuple holding a Result: release builds of Swift 6.3 garbled the tuple.
        struct Lane: Sendable {
          let lane: Int
          let output: [String]?
          let error: String?
        }
        let lanes = await withTaskGroup(of: Lane.self) { group in
          for lane in 0..<8 {
            let input = batch(16, base: 101 + lane * 100, pair: pair)
            group.addTask {
              do {
                let output = try await translator.translate(
                  input, from: pair.source, to: pair.target)
                return Lane(lane: lane, output: output, error: nil)
              } catch {
                return Lane(lane: lane, output: nil, error: describe(error))
              }
            }
          }
          var lanes: [Lane] = []
          for await lane in group { lanes.append(lane) }
          return lanes.sorted { $0.lane < $1.lane }
        }
        for lane in lanes {
          guard let output = lane.output else {
            failures.add("\(pair): batch \(lane.lane) threw \(lane.error ?? "an error")")
            continue
          }
          let expected = (0..<16).map { [101 + lane.lane * 100 + $0] }
          let got = output.map(numbers(in:))
          if got != expected {
            let firstBad =
              zip(expected, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset
              ?? min(expected.count, got.count)
            failures.add(
              "\(pair): batch \(lane.lane) came back with \(output.count) texts; output \(firstBad) carries \(firstBad < got.count ? got[firstBad] : []) instead of \(firstBad < expected.count ? expected[firstBad] : [])"
            )
          }
        }
      }
      return failures.outcome(passed: "8 concurrent batches each got their own answers")
    }
  }

  private var undeclaredPair: @Sendable () async -> CheckOutcome {
    { [self] in
      let (pairs, skip) = usablePairs
      if let skip { return skip }
      let pair = LanguagePair(source: pairs[0].source, target: "zz")
      let input = batch(2, base: 801, pair: pair)
      do {
        let output = try await translate(input, pair)
        if output == input {
          return .failed(
            "\(pair): echoed the input instead of throwing; throw for a pair you do not support")
        }
        return .failed(
          "\(pair): answered \(output.map { quote($0) }.joined(separator: ", ")) for an unsupported target; throw instead"
        )
      } catch {
        return .passed("\(pair) threw \(describe(error))")
      }
    }
  }

  // MARK: - Helpers

  /// The numbers written in `text`, in order (ASCII or full-width digits).
  func numbers(in text: String) -> [Int] {
    var numbers: [Int] = []
    var current: Int?
    for character in text {
      if let digit = character.wholeNumberValue, character.isASCII || character.isNumber,
        digit < 10,
        character.unicodeScalars.count == 1,
        character.unicodeScalars.first!.properties.numericType == .decimal
      {
        current = (current ?? 0) * 10 + digit
      } else if let value = current {
        numbers.append(value)
        current = nil
      }
    }
    if let current { numbers.append(current) }
    return numbers
  }

  private func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
