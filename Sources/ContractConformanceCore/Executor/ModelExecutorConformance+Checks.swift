import Foundation
import ProfileContracts

extension ModelExecutorConformance {

  // MARK: - Checks

  static let prompt = """
    The harbor authority approved a new ferry schedule on Monday. Ferries will leave every twenty \
    minutes during the summer. The schedule adds three evening departures for commuters. Ticket \
    prices stay the same for residents, and visitors pay the fare posted at the pier.
    """

  /// A news item as Japanese is written: no space anywhere, so a title cut at a space is empty.
  /// Each sentence is longer than 24 characters.
  static let unspacedPrompt = "港湾局は月曜日に夏の間のフェリーの新しい時刻表を承認した。フェリーは夏の間二十分ごとに港の桟橋から出航する予定である。"

  static func request(
    _ schema: ProfileModelSchema, step: String = "chunk-1", prompt: String = prompt,
    tokens: Int? = nil
  )
    -> ProfileModelRequest
  {
    ProfileModelRequest(
      stepID: step, schema: schema,
      instructions: schema == .summaryChunk
        ? "Summarize the text as a headline and factual points."
        : "Write one title covering these section headlines.",
      prompt: prompt, responseTokens: tokens ?? ordinaryBudget(schema))
  }

  /// The sentences of ``prompt``, each with its full stop.
  static let promptSentences = prompt.split(separator: ".").map {
    $0.trimmingCharacters(in: .whitespaces) + "."
  }

  /// The budget the suite's well-formed requests carry: 384 tokens for a chunk, 48 for a title.
  static func ordinaryBudget(_ schema: ProfileModelSchema) -> Int {
    schema == .summaryChunk ? 384 : 48
  }

  /// A fresh executor from the factory.
  func executor() async throws(CheckFailure) -> any ProfileModelExecuting {
    try await attempt("the factory") { try await makeExecutor() }
  }

  /// Whether `data` is a valid answer for `schema`, and if not, why.
  static func shapeProblem(_ data: Data, _ schema: ProfileModelSchema) -> String? {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: data)
    } catch {
      return "the answer is not JSON (\(error)): \(quote(String(decoding: data, as: UTF8.self)))"
    }
    guard case .string(let title)? = value["title"] else {
      return "the answer has no string \"title\": \(quote(String(decoding: data, as: UTF8.self)))"
    }
    if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "the title is empty" }
    if schema == .summaryChunk {
      guard case .array(let points)? = value["points"] else {
        return "the answer has no \"points\" array: \(quote(String(decoding: data, as: UTF8.self)))"
      }
      if !points.allSatisfy({ if case .string = $0 { true } else { false } }) {
        return "\"points\" holds something other than strings"
      }
    }
    return nil
  }

  /// Why a chunk answer over ordinary sentences, at an ordinary budget, holds no point: the
  /// schema's points are the summary, and a chunk without one summarizes nothing.
  static func pointsProblem(_ data: Data) -> String? {
    guard case .array(let points)? = (try? JSONValue(parsing: data))?["points"] else { return nil }
    let written = points.filter {
      if case .string(let point) = $0 {
        !point.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      } else {
        false
      }
    }
    guard written.isEmpty else { return nil }
    return
      "\"points\" holds no written point: \(quote(String(decoding: data, as: UTF8.self), limit: 160))"
  }

  /// A prompt for a shape rule: the suite's news item, or a generated one.
  struct ShapePrompt: Sendable, CustomStringConvertible {
    let text: String
    let description: String
    /// Whether it is the news item, whose chunk answer must hold a point.
    var isNewsItem: Bool { text == ModelExecutorConformance.prompt }
  }

  /// Asks for `schema` at its ordinary budget, over the news item in English and in Japanese
  /// and then over generated prompts, and judges each answer's shape; a chunk over the English
  /// news item must hold a point.
  private func shape(_ schema: ProfileModelSchema, _ rule: ConformanceRule) async throws
    -> CheckOutcome
  {
    let budget = PropertyBudget(seed: seed, examples: examples)
    let property = Property<ShapePrompt>(
      examples: [ShapePrompt(text: Self.prompt, description: "the news item")], defaultCount: 10,
      generate: { source throws(ChoiceSource.Overrun) in
        let generated = try GeneratedPrompt.generate(source)
        return ShapePrompt(text: generated.text, description: generated.description)
      },
      describe: \.description,
      test: { prompt in await self.answerProblem(over: prompt, schema) })
    let outcome = await property.run(rule.id, budget: budget).outcome(
      passed: "every \(schema) answer decoded in shape", rule: rule, budget: budget)
    // The Japanese news item came with 0.6: a run pinned before it does not fail on it.
    let japanese = ShapePrompt(
      text: Self.unspacedPrompt, description: "the news item in Japanese, without a space")
    guard let problem = await answerProblem(over: japanese, schema) else {
      return outcome.then(.passed("the news item in Japanese decoded in shape"))
    }
    return outcome.then(
      .failedSince("\(problem) (hand-picked example: \(japanese.description))", version: "0.6"))
  }

  /// What is wrong with `schema`'s answer over `prompt`, if anything.
  private func answerProblem(over prompt: ShapePrompt, _ schema: ProfileModelSchema) async
    -> String?
  {
    let data: Data
    do {
      data = try await self.executor().generate(
        Self.request(
          schema, step: schema == .summaryChunk ? "chunk-1" : "title",
          prompt: prompt.text))
    } catch is ProfileModelExecutionError where !prompt.isNewsItem {
      return nil  // a generated prompt may be beyond the context; provokedFailures judges it
    } catch {
      return failureMessage(error)
    }
    if let problem = Self.shapeProblem(data, schema) { return "\(schema): \(problem)" }
    if schema == .summaryChunk, prompt.isNewsItem, let problem = Self.pointsProblem(data) {
      return "summaryChunk over the four sentences of a news item: \(problem)"
    }
    return nil
  }

  func chunkShape() async throws -> CheckOutcome { try await shape(.summaryChunk, Rule.chunkShape) }
  func titleShape() async throws -> CheckOutcome { try await shape(.summaryTitle, Rule.titleShape) }

  func titleHasNoPoints() async throws -> CheckOutcome {
    let executor = try await executor()
    let data = try await attempt("a summaryTitle request") {
      try await executor.generate(
        Self.request(.summaryTitle, step: "title", prompt: "Ferry schedule\nTicket prices"))
    }
    if (try? JSONValue(parsing: data))?["points"] != nil {
      return .failed(
        "the summaryTitle answer carries \"points\"; answer {\"title\": …} only: \(quote(String(decoding: data, as: UTF8.self)))"
      )
    }
    return .passed("the summaryTitle answer had no points")
  }

  /// A request the contract admits, and why the executor may refuse it, if it may.
  struct ProvokingRequest: Sendable, CustomStringConvertible {
    let name: String
    let request: ProfileModelRequest
    /// Why the input is one a model refuses (empty, no budget, beyond any context), or `nil`
    /// for an ordinary request.
    let refusable: String?
    var description: String { name }
  }

  /// The fixed requests: an empty prompt, a whitespace prompt, responseTokens 0 and -1, and a
  /// 200,000-character prompt.
  private static let provoking: [ProvokingRequest] = [
    ProvokingRequest(
      name: "an empty prompt", request: request(.summaryChunk, prompt: ""),
      refusable: "an empty prompt"),
    ProvokingRequest(
      name: "a whitespace prompt", request: request(.summaryChunk, prompt: " \n\t "),
      refusable: "a whitespace prompt"),
    ProvokingRequest(
      name: "responseTokens 0", request: request(.summaryChunk, tokens: 0),
      refusable: "responseTokens 0"),
    ProvokingRequest(
      name: "responseTokens -1", request: request(.summaryChunk, tokens: -1),
      refusable: "responseTokens -1"),
    ProvokingRequest(
      name: "a 200,000-character prompt",
      request: request(
        .summaryChunk, prompt: String(repeating: "Ferries leave hourly. ", count: 9091)),
      refusable: "a prompt beyond any context"),
  ]

  /// Requests of both schemas with prompts empty, whitespace (ASCII and not), of one token,
  /// ordinary, generated (``GeneratedPrompt``) or far beyond any context, and budgets negative,
  /// zero, one token or ordinary.
  static func provokingRequest(_ source: ChoiceSource) throws(ChoiceSource.Overrun)
    -> ProvokingRequest
  {
    let schema = try source.pick(ProfileModelSchema.allCases)
    let sentences = promptSentences
    var reasons: [String] = []
    let prompt: String
    let promptName: String
    switch try source.draw(5) {
    case 0:
      let count = try source.int(1...sentences.count)
      prompt = sentences.prefix(count).joined(separator: " ")
      promptName = "a prompt of \(count) sentences"
    case 1:
      prompt = ""
      promptName = "an empty prompt"
      reasons.append(promptName)
    case 2:
      // ASCII blanks, and blanks a check for spaces, tabs and line feeds misses.
      prompt = try source.pick([
        " ", "\n", " \n\t ", "\u{3000}", "\r\n\r\n", "\u{00A0}\u{2003}", "\u{2028}",
      ])
      promptName = "a whitespace prompt \(quote(prompt))"
      reasons.append("a whitespace prompt")
    case 3:
      prompt = "Ferries."
      promptName = "a prompt of one token"
    case 4:
      let generated = try GeneratedPrompt.generate(source)
      prompt = generated.text
      promptName = generated.description
    default:
      let repeats = try source.int(9_091...20_000)
      prompt = String(repeating: "Ferries leave hourly. ", count: repeats)
      promptName = "a \(prompt.count)-character prompt"
      reasons.append("a prompt beyond any context")
    }
    // No budget far beyond a context: the contract makes it an upper bound, not a refusal, and a
    // real model may spend minutes filling its context to meet it.
    let tokens: Int
    switch try source.draw(3) {
    case 0: tokens = ordinaryBudget(schema)
    case 1: tokens = 1
    case 2:
      tokens = 0
      reasons.append("responseTokens 0")
    default:
      tokens = try source.int(-1000 ... -1)
      reasons.append("negative responseTokens")
    }
    return ProvokingRequest(
      name: "\(schema), \(promptName), responseTokens \(tokens)",
      request: Self.request(schema, prompt: prompt, tokens: tokens),
      refusable: reasons.isEmpty ? nil : reasons.joined(separator: " and "))
  }

  /// What is wrong with how `executor` answered `provoking`, if anything: an error that is not
  /// one of the four kinds, or a refusable input narrowed to another kind than `rejected`.
  private static func judge(_ provoking: ProvokingRequest, on executor: any ProfileModelExecuting)
    async -> String?
  {
    do {
      _ = try await executor.generate(provoking.request)
      return nil
    } catch let narrowed as ProfileModelExecutionError {
      guard let reason = provoking.refusable, ExecutionErrorKind(of: narrowed) != .rejected else {
        return nil
      }
      return
        "\(provoking.name) threw \(narrowed.kind), but a model refuses this input (\(reason)): that is rejected (retrying the same input cannot help, and nothing is wrong with the device)"
    } catch {
      return "\(provoking.name) threw \(describe(error)), not a ProfileModelExecutionError"
    }
  }

  func provokedFailures() async throws -> CheckOutcome {
    let budget = PropertyBudget(seed: seed, examples: examples)
    let property = Property<ProvokingRequest>(
      examples: Self.provoking, defaultCount: 30,
      generate: { source throws(ChoiceSource.Overrun) in try Self.provokingRequest(source) },
      describe: \.description,
      test: { provoking in
        do {
          return await Self.judge(provoking, on: try await self.executor())
        } catch {
          return failureMessage(error)
        }
      })
    return await property.run(Rule.provokedFailures.id, budget: budget).outcome(
      passed: "every failure was narrowed, and every refused input was rejected",
      rule: Rule.provokedFailures, budget: budget)
  }

  func knownErrorsCheck() async throws -> CheckOutcome {
    guard !knownErrors.isEmpty else {
      return .skipped(
        "no known errors were supplied; pass knownErrors with every native error your platform documents"
      )
    }
    var failures = Failures()
    for known in knownErrors {
      let mapped = errorMapping(known.error)
      if ExecutionErrorKind(of: mapped) != known.expected {
        failures.add(
          "\(describe(known.error)) mapped to \(mapped.kind), expected \(known.expected)")
      }
    }
    return failures.outcome(
      passed: "all \(knownErrors.count) known errors mapped to their expected kinds")
  }

  func deterministicMapping() async throws -> CheckOutcome {
    let errors: [any Error] =
      knownErrors.map(\.error) + [
        CancellationError(), UnknownError(), ProfileModelExecutionError.transient("busy"),
      ]
    var failures = Failures()
    for error in errors {
      let first = errorMapping(error)
      let second = errorMapping(error)
      if first != second { failures.add("\(describe(error)) mapped to \(first) then \(second)") }
    }
    return failures.outcome(passed: "\(errors.count) errors mapped the same way twice")
  }

  func cancellationNotTransient() async throws -> CheckOutcome {
    let mapped = errorMapping(CancellationError())
    if ExecutionErrorKind(of: mapped) == .transient {
      return .failed(
        "CancellationError mapped to transient(\(quote(mapped.message ?? ""))); map it to permanent"
      )
    }
    return .passed("CancellationError mapped to \(mapped.kind)")
  }

  func unknownIsPermanent() async throws -> CheckOutcome {
    let mapped = errorMapping(UnknownError())
    if ExecutionErrorKind(of: mapped) != .permanent {
      return .failed(
        "an unknown error type mapped to \(mapped.kind); make the default case permanent")
    }
    return .passed("an unknown error type mapped to permanent")
  }

  func cancellation() async throws -> CheckOutcome {
    let executor = try await executor()
    // Two seconds, or a fifth of the check's timeout when a slow build asked for a longer one.
    let limit = max(.seconds(2), timeout / 5)
    let shown =
      limit.components.attoseconds == 0 ? "\(limit.components.seconds) s" : "\(limit)"
    // A busy machine can hold a task back before it runs, or resume it late: a call that ends
    // late is tried once more, and fails the check only when it is late twice.
    for _ in 1...2 where await Self.cancelledCallEnds(executor, within: limit) {
      return .passed("a cancelled call ended within \(shown)")
    }
    return .failed(
      "a cancelled call was still running after \(shown); check Task.isCancelled or use a cancellable model API"
    )
  }

  /// Whether a call cancelled as it starts ends within `limit`, timed from when it began to run
  /// (not from when it was asked for), by the clock as well as the timer: an executor that blocks
  /// a thread can delay the timer itself.
  private static func cancelledCallEnds(
    _ executor: some ProfileModelExecuting, within limit: Duration
  ) async -> Bool {
    let request = Self.request(.summaryChunk)
    let clock = ContinuousClock()
    let call = Task { () -> Duration in
      let start = clock.now
      _ = try? await executor.generate(request)
      return clock.now - start
    }
    call.cancel()
    let took: Duration? = await withTimeout(limit * 2) { await call.value }
    return took.map { $0 <= limit } ?? false
  }

  func concurrency() async throws -> CheckOutcome {
    let executor = try await executor()
    let problems = await fanOut(8) { lane -> String? in
      let schema: ProfileModelSchema = lane.isMultiple(of: 2) ? .summaryChunk : .summaryTitle
      do {
        let data = try await executor.generate(Self.request(schema, step: "chunk-\(lane + 1)"))
        return Self.shapeProblem(data, schema).map { "call \(lane) (\(schema)): \($0)" }
      } catch is ProfileModelExecutionError {
        return nil
      } catch {
        return "call \(lane) threw \(describe(error)), not a ProfileModelExecutionError"
      }
    }
    var failures = Failures()
    for problem in problems.compactMap({ $0 }) { failures.add(problem) }
    return failures.outcome(passed: "8 concurrent calls all answered in shape")
  }
}

/// An error type no executor has seen, for the unknown-error checks.
struct UnknownError: Error, CustomStringConvertible {
  var description: String { "an error type from outside the executor" }
}
