import Foundation
import ProfileContracts

extension ModelExecutorConformance {
  /// The most words an answer to a budget of `responseTokens` may hold: twice the budget, and 8
  /// more. A word (a run of letters or digits) is at least one token in a tokenizer that splits
  /// at spaces and punctuation, as the models the kit has met do; the factor of two leaves room
  /// for one that joins short words. `nil` for a budget below one token, which a model may
  /// refuse or read as it likes.
  static func wordBound(responseTokens: Int) -> Int? {
    responseTokens >= 1 ? 2 * responseTokens + 8 : nil
  }

  /// The words an answer holds: runs of letters or digits in its JSON string values (its keys
  /// are the schema's, not the model's), or in its text when it is not JSON. A run of CJK
  /// characters counts as one word, which only makes the count smaller.
  static func answerWords(_ data: Data) -> Int {
    guard let value = try? JSONValue(parsing: data) else {
      return words(in: String(decoding: data, as: UTF8.self))
    }
    return strings(in: value).reduce(0) { $0 + words(in: $1) }
  }

  private static func strings(in value: JSONValue) -> [String] {
    switch value {
    case .string(let text): [text]
    case .array(let items): items.flatMap(strings(in:))
    case .object(let members): members.values.flatMap(strings(in:))
    default: []
    }
  }

  private static func words(in text: String) -> Int {
    var count = 0
    var inWord = false
    for scalar in text.unicodeScalars {
      let letter = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
      if letter && !inWord { count += 1 }
      inWord = letter
    }
    return count
  }

  /// What is wrong with an answer's length for `request`, if anything.
  static func lengthProblem(_ data: Data, _ request: ProfileModelRequest) -> String? {
    guard let bound = wordBound(responseTokens: request.responseTokens) else { return nil }
    let words = answerWords(data)
    guard words > bound else { return nil }
    return
      "the answer holds \(words) words for responseTokens \(request.responseTokens) (at most \(bound): a word is at least one token): \(quote(String(decoding: data, as: UTF8.self), limit: 160))"
  }

  /// A request with a budget drawn across magnitudes (1 to 1,025 tokens, powers of two and
  /// their neighbours) and a prompt of one sentence to the ferry story told 64 times, or a
  /// ``GeneratedPrompt``.
  struct BudgetedRequest: Sendable, CustomStringConvertible {
    let request: ProfileModelRequest
    let prompt: String
    var description: String {
      "\(request.schema), \(prompt), responseTokens \(request.responseTokens)"
    }
  }

  static func budgetedRequest(_ source: ChoiceSource) throws(ChoiceSource.Overrun)
    -> BudgetedRequest
  {
    let schema = try source.pick(ProfileModelSchema.allCases)
    let tokens = try source.magnitude(exponents: 0...10)
    let text: String
    let prompt: String
    if try source.chance(50) {
      let generated = try GeneratedPrompt.generate(source)
      (text, prompt) = (generated.text, generated.description)
    } else {
      let sentences = promptSentences
      let count = try source.int(1...(sentences.count * 64))
      text = (0..<count).map { sentences[$0 % sentences.count] }.joined(separator: " ")
      prompt = "a prompt of \(count) sentences"
    }
    return BudgetedRequest(
      request: request(
        schema, step: schema == .summaryChunk ? "chunk-1" : "title", prompt: text, tokens: tokens),
      prompt: prompt)
  }

  /// A table of 8 rows of 64 decimal numbers, a row a line: the text with the most words per
  /// token a prompt holds (each run of digits is a word), where the word bound is tightest.
  static let numberTable = (1...8).map { row in
    (0..<64).map { "\(row).\($0)" }.joined(separator: " ")
  }.joined(separator: "\n")

  func answerLength() async throws -> CheckOutcome {
    let budget = PropertyBudget(seed: seed, examples: examples)
    let story = [1, 8, 48].flatMap { tokens in
      ProfileModelSchema.allCases.map { schema in
        BudgetedRequest(
          request: Self.request(
            schema, prompt: Array(repeating: Self.prompt, count: 16).joined(separator: " "),
            tokens: tokens),
          prompt: "a prompt of \(16 * Self.promptSentences.count) sentences")
      }
    }
    let table = ProfileModelSchema.allCases.map { schema in
      BudgetedRequest(
        request: Self.request(schema, prompt: Self.numberTable, tokens: 128),
        prompt: "a table of 8 rows of 64 numbers")
    }
    let examples = story + table
    let property = Property<BudgetedRequest>(
      examples: examples, defaultCount: 30,
      generate: { source throws(ChoiceSource.Overrun) in try Self.budgetedRequest(source) },
      describe: \.description,
      test: { budgeted in
        do {
          let executor = try await self.executor()
          let data = try await executor.generate(budgeted.request)
          return Self.lengthProblem(data, budgeted.request)
        } catch is ProfileModelExecutionError {
          return nil  // a refusal; executor.provokedFailures judges its kind
        } catch {
          return failureMessage(error)
        }
      })
    return await property.run(Rule.answerLength.id, budget: budget).outcome(
      passed: "every answer stayed within its responseTokens",
      rule: Rule.answerLength, budget: budget)
  }
}
