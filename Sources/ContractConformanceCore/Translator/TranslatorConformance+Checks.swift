import Foundation
import LanguageIdentification
import ProfileContracts

extension TranslatorConformance {

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

  func count() async throws -> CheckOutcome {
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

  func order() async throws -> CheckOutcome {
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

  func longTexts() async throws -> CheckOutcome {
    let (pairs, skip) = usablePairs
    if let skip { return skip }
    var failures = Failures()
    var longest = 0
    for pair in pairs {
      // Short and long texts interleaved, in growing lengths, numbered apart from each other.
      var inputs: [(text: String, numbers: [Int])] = []
      for (offset, length) in [0, 500, 1500, 0, 4000].enumerated() {
        let base = 1001 + offset * 100
        if length == 0, let short = samples.sentence(offset, number: base, language: pair.source) {
          inputs.append((short, [base]))
        } else if let long = samples.paragraph(length: length, base: base, language: pair.source) {
          inputs.append(long)
          longest = max(longest, long.text.count)
        }
      }
      let output: [String]
      do {
        output = try await translate(inputs.map(\.text), pair)
      } catch {
        failures.add(
          "\(pair): a batch with texts of up to 4,000 characters threw \(describe(error))")
        continue
      }
      guard output.count == inputs.count else {
        failures.add(
          "\(pair): sent \(inputs.count) texts of 60 to 4,000 characters, got \(output.count) back")
        continue
      }
      for (index, (input, text)) in zip(inputs, output).enumerated() {
        let what = "\(pair): text \(index) (\(input.text.count) characters)"
        if text == input.text {
          failures.add("\(what) came back unchanged: an echo, not a translation")
          continue
        }
        let found = numbers(in: text)
        let lost = input.numbers.filter { !found.contains($0) }
        let foreign = found.filter { !input.numbers.contains($0) }
        if !lost.isEmpty {
          failures.add(
            "\(what) lost the sentences numbered \(Self.list(lost)) (\(text.count) characters came back): truncated or merged away"
          )
        }
        if !foreign.isEmpty {
          failures.add(
            "\(what) carries \(Self.list(foreign)), which belong to another text: texts were merged or shifted"
          )
        }
        if lost.isEmpty, foreign.isEmpty, !identifier.proves(text, isIn: pair.target) {
          failures.add(
            "\(what) reads as \(identifier.identify(text)?.language ?? "nothing"), not \(pair.target)"
          )
        }
      }
    }
    return failures.outcome(
      passed:
        "texts of up to \(longest) characters came back one for one, whole and in the target language"
    )
  }

  /// The numbers the sentences of concurrent batch `lane` carry, as a message names the batch:
  /// by what it holds, not by its position.
  private static func numbered(_ lane: Int) -> String {
    "\(laneBase(lane)) to \(laneBase(lane) + laneSize - 1)"
  }

  /// The number of the first sentence of concurrent batch `lane`, and the batch's size.
  private static func laneBase(_ lane: Int) -> Int { 101 + lane * 100 }
  private static let laneSize = 16

  /// Numbers as a short list for a message: the first five, then how many more.
  private static func list(_ numbers: [Int]) -> String {
    let shown = numbers.prefix(5).map(String.init).joined(separator: ", ")
    return numbers.count > 5 ? "\(shown) and \(numbers.count - 5) more" : shown
  }

  func blank() async throws -> CheckOutcome {
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

  func duplicates() async throws -> CheckOutcome {
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

  func targetLanguage() async throws -> CheckOutcome {
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

  func concurrency() async throws -> CheckOutcome {
    let (pairs, skip) = usablePairs
    if let skip { return skip }
    var failures = Failures()
    for pair in pairs {
      let translator = try await attempt("the factory") { try await makeTranslator() }
      let inputs = (0..<8).map { batch(Self.laneSize, base: Self.laneBase($0), pair: pair) }
      let lanes = await fanOut(8) { lane -> Lane in
        do {
          let output = try await translator.translate(
            inputs[lane], from: pair.source, to: pair.target)
          return Lane(lane: lane, output: output, error: nil)
        } catch {
          return Lane(lane: lane, output: nil, error: describe(error))
        }
      }
      for lane in lanes {
        guard let output = lane.output else {
          failures.add(
            "\(pair): the concurrent batch of sentences \(Self.numbered(lane.lane)) threw \(lane.error ?? "an error")"
          )
          continue
        }
        let expected = (0..<Self.laneSize).map { [Self.laneBase(lane.lane) + $0] }
        let got = output.map(numbers(in:))
        if got != expected {
          let firstBad =
            zip(expected, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, got.count)
          failures.add(
            "\(pair): the concurrent batch of sentences \(Self.numbered(lane.lane)) came back with \(output.count) texts; output \(firstBad) carries \(firstBad < got.count ? got[firstBad] : []) instead of \(firstBad < expected.count ? expected[firstBad] : [])"
          )
        }
      }
    }
    return failures.outcome(passed: "8 concurrent batches each got their own answers")
  }

  func undeclaredPair() async throws -> CheckOutcome {
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

  // MARK: - Helpers

  /// One concurrent batch's answer, or what it threw.
  private struct Lane: Sendable {
    let lane: Int
    let output: [String]?
    let error: String?
  }

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
