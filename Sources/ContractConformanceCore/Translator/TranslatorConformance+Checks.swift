import Foundation
import KitSupport
import ProfileContracts
import ProfileCore

extension TranslatorConformance {

  // MARK: - Checks

  /// The pairs that have samples in their source language, and a skip when none has.
  var usablePairs: ([LanguagePair], CheckOutcome?) {
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
  func batch(_ size: Int, base: Int, pair: LanguagePair) -> [String] {
    (0..<size).compactMap { samples.sentence($0, number: base + $0, language: pair.source) }
  }

  func translate(_ texts: [String], _ pair: LanguagePair) async throws -> [String] {
    try await makeTranslator().translate(texts, from: pair.source, to: pair.target)
  }

  // MARK: - Generated batches

  /// The budget of this suite's generated inputs.
  var budget: PropertyBudget { PropertyBudget(seed: seed, examples: examples) }

  private func generator(_ pairs: [LanguagePair]) -> TranslationBatchGenerator {
    TranslationBatchGenerator(samples: samples, pairs: pairs) { numbers(in: $0) }
  }

  /// A batch of numbered sample sentences, as the suite's fixed examples send them.
  private func sentences(_ size: Int, base: Int, pair: LanguagePair) -> TranslationBatch {
    TranslationBatch(
      pair: pair,
      items: batch(size, base: base, pair: pair).enumerated().map {
        TranslationBatch.Item(text: $0.element, markers: [base + $0.offset], kind: "sentence")
      })
  }

  /// Runs a property over batches: the fixed `examples`, then generated ones. `judge` gets the
  /// batch and what the translator returned, and says what is wrong, if anything.
  private func batches(
    _ rule: ConformanceRule, examples: [TranslationBatch], count: Int = 40, maxSize: Int = 24,
    long: Bool = false, passed: String,
    judge: @escaping @Sendable (TranslationBatch, [String]) -> String?
  ) async -> CheckOutcome {
    let (pairs, skip) = usablePairs
    if let skip { return skip }
    let generator = generator(pairs)
    let property = Property<TranslationBatch>(
      examples: examples.filter { pairs.contains($0.pair) }, defaultCount: count,
      generate: { source throws(ChoiceSource.Overrun) in
        try generator.batch(source, maxSize: maxSize, long: long)
      },
      describe: \.description,
      test: { batch in
        do {
          return judge(batch, try await self.translate(batch.texts, batch.pair))
        } catch {
          return "\(batch.pair): a batch of \(batch.items.count) threw \(describe(error))"
        }
      })
    return await property.run(rule.id, budget: budget).outcome(
      passed: passed, rule: rule, budget: budget)
  }

  /// The numbers `text` carries, as the answer to `item`: the item's markers it lost, and the
  /// markers of the other `items` it carries instead.
  func markers(
    in text: String, language: String, for item: TranslationBatch.Item,
    among items: [TranslationBatch.Item]
  )
    -> (found: [Int], lost: [Int], foreign: [Int])
  {
    let found = numbers(in: text, language: language)
    let lost = item.markers.filter { !found.contains($0) }
    let foreign = found.filter { number in
      !item.markers.contains(number) && items.contains { $0.markers.contains(number) }
    }
    return (found, lost, foreign)
  }

  /// What is wrong with the markers `output` carries for `batch`, by position: input *i*'s
  /// markers missing from output *i*, or another input's markers in it.
  func markerProblems(_ batch: TranslationBatch, _ output: [String]) -> [String] {
    var problems: [String] = []
    for (index, (item, text)) in zip(batch.items, output).enumerated() where !item.isBlank {
      let (found, lost, foreign) = markers(
        in: text, language: batch.pair.target, for: item, among: batch.items)
      if !lost.isEmpty {
        problems.append(
          "\(batch.pair): output \(index) lost \(TranslationBatch.list(lost)) of input \(index)'s markers \(TranslationBatch.list(item.markers)), carries \(found): \(quote(text))"
        )
      }
      if let number = foreign.first,
        let owner = batch.items.firstIndex(where: { $0.markers.contains(number) })
      {
        problems.append(
          "\(batch.pair): output \(index) carries \(TranslationBatch.list(foreign)), which belong to input \(owner): texts were shifted, swapped or merged"
        )
      }
    }
    return problems
  }

  func count() async throws -> CheckOutcome {
    let pairs = usablePairs.0
    var random = SeededGenerator(seed: seed)
    // The fixed sizes, from a seeded offset so a translator cannot learn a fixed batch.
    let examples = pairs.flatMap { pair in
      [0, 1, 2, 7, 64, 256].map { size in
        sentences(size, base: 101 + Int.random(in: 0..<400, using: &random), pair: pair)
      }
    }
    return await batches(
      Rule.count, examples: examples, maxSize: 64,
      passed: "every batch came back with as many texts"
    ) { batch, output in
      output.count == batch.items.count
        ? nil : "\(batch.pair): sent \(batch.items.count) texts, got \(output.count) back"
    }
  }

  func order() async throws -> CheckOutcome {
    let pairs = usablePairs.0
    let examples = pairs.flatMap { pair in [7, 64].map { sentences($0, base: 101, pair: pair) } }
    return await batches(
      Rule.order, examples: examples, passed: "every output carried its own input's markers"
    ) { batch, output in
      guard output.count == batch.items.count else {
        return
          "\(batch.pair): sent \(batch.items.count) texts, got \(output.count); order cannot be checked (see translator.count)"
      }
      let problems = self.markerProblems(batch, output)
      return problems.isEmpty ? nil : problems.prefix(3).joined(separator: "; ")
    }
  }

  func longTexts() async throws -> CheckOutcome {
    let pairs = usablePairs.0
    let examples = pairs.compactMap(longExample)
    return await batches(
      Rule.longTexts, examples: examples, count: 10, maxSize: 6, long: true,
      passed: "long texts came back one for one, whole and in the target language"
    ) { batch, output in
      guard output.count == batch.items.count else {
        return
          "\(batch.pair): sent \(batch.items.count) texts of up to 4,000 characters, got \(output.count) back"
      }
      var problems: [String] = []
      for (index, (item, text)) in zip(batch.items, output).enumerated()
      where item.text.count >= 300 {
        let what = "\(batch.pair): text \(index) (\(item.text.count) characters)"
        if text == item.text {
          problems.append("\(what) came back unchanged: an echo, not a translation")
          continue
        }
        let (_, lost, foreign) = self.markers(
          in: text, language: batch.pair.target, for: item, among: batch.items)
        if !lost.isEmpty {
          problems.append(
            "\(what) lost the sentences numbered \(TranslationBatch.list(lost)) (\(text.count) characters came back): truncated or merged away"
          )
        }
        if !foreign.isEmpty {
          problems.append(
            "\(what) carries \(TranslationBatch.list(foreign)), which belong to another text: texts were merged or shifted"
          )
        }
        if lost.isEmpty, foreign.isEmpty, !self.identifier.proves(text, isIn: batch.pair.target) {
          problems.append(
            "\(what) reads as \(self.identifier.identify(text)?.language ?? "nothing"), not \(batch.pair.target)"
          )
        }
      }
      return problems.isEmpty ? nil : problems.prefix(3).joined(separator: "; ")
    }
  }

  func inventedNumbers() async throws -> CheckOutcome {
    let pairs = usablePairs.0
    let examples = pairs.flatMap { pair in
      [sentences(7, base: 101, pair: pair)] + (longExample(pair).map { [$0] } ?? [])
    }
    // Numbers the samples hold themselves ("Qt5", "two-phase" written "2相"), in any language: a
    // translation carries them too.
    let own = Set(generator(pairs).reserved.map(String.init))
    return await batches(
      Rule.inventedNumbers, examples: examples,
      passed: "no output carried a number that its batch was not sent"
    ) { batch, output in
      guard output.count == batch.items.count else {
        return
          "\(batch.pair): sent \(batch.items.count) texts, got \(output.count); numbers cannot be checked (see translator.count)"
      }
      // What the batch was sent: its markers, every number its texts hold, and the samples' own.
      let written = batch.items.flatMap {
        WrittenNumbers.numbers(in: $0.text, language: batch.pair.source, digit: Self.decimalDigit)
          .map(\.value)
      }
      let sent = own.union(batch.items.flatMap(\.markers).map(String.init)).union(written)
      var problems: [String] = []
      for (index, text) in output.enumerated() {
        let invented = WrittenNumbers.numbers(
          in: text, language: batch.pair.target, digit: Self.decimalDigit
        )
        .filter { !sent.contains($0.value) }.map(\.written)
        if !invented.isEmpty {
          problems.append(
            "\(batch.pair): output \(index) carries \(invented.prefix(5).joined(separator: ", ")), which no text of the batch was sent: \(quote(text))"
          )
        }
      }
      return problems.isEmpty ? nil : problems.prefix(3).joined(separator: "; ")
    }
  }

  /// The fixed long-text example: short and long texts interleaved, in growing lengths.
  private func longExample(_ pair: LanguagePair) -> TranslationBatch? {
    var items: [TranslationBatch.Item] = []
    for (offset, length) in [0, 500, 1500, 0, 4000].enumerated() {
      let base = 1001 + offset * 100
      if length == 0, let short = samples.sentence(offset, number: base, language: pair.source) {
        items.append(TranslationBatch.Item(text: short, markers: [base], kind: "sentence"))
      } else if let long = samples.paragraph(length: length, base: base, language: pair.source) {
        items.append(
          TranslationBatch.Item(
            text: long.text, markers: long.numbers,
            kind: "paragraph of \(long.text.count) characters"))
      }
    }
    return items.isEmpty ? nil : TranslationBatch(pair: pair, items: items)
  }

  func blank() async throws -> CheckOutcome {
    let pairs = usablePairs.0
    let examples = pairs.map { pair in
      let texts = sentences(3, base: 501, pair: pair).items
      let blank = { (text: String) in TranslationBatch.Item(text: text, markers: [], kind: "blank")
      }
      return TranslationBatch(
        pair: pair, items: [texts[0], blank(""), texts[1], blank("   "), texts[2]])
    }
    return await batches(
      Rule.blank, examples: examples, passed: "blank entries stayed blank and in place"
    ) { batch, output in
      guard output.count == batch.items.count else {
        let blanks = batch.items.filter(\.isBlank).count
        return
          "\(batch.pair): sent \(batch.items.count) texts (\(blanks) blank), got \(output.count) back"
      }
      var problems: [String] = []
      for (index, (item, text)) in zip(batch.items, output).enumerated()
      where item.isBlank && !text.allSatisfy(\.isWhitespace) {
        problems.append("\(batch.pair): blank input \(index) came back as \(quote(text))")
      }
      if problems.isEmpty, batch.items.contains(where: \.isBlank) {
        problems = self.markerProblems(batch, output)
      }
      return problems.isEmpty ? nil : problems.prefix(3).joined(separator: "; ")
    }
  }

  func duplicates() async throws -> CheckOutcome {
    let pairs = usablePairs.0
    let examples = pairs.map { pair in
      let texts = sentences(3, base: 601, pair: pair).items
      return TranslationBatch(
        pair: pair, items: [texts[0], texts[1], texts[0], texts[2], texts[0]])
    }
    return await batches(
      Rule.duplicates, examples: examples, passed: "the same text was translated alike everywhere"
    ) { batch, output in
      guard output.count == batch.items.count else { return nil }  // translator.count's finding
      for (index, item) in batch.items.enumerated() where !item.isBlank {
        let copies = batch.items.indices.filter { batch.items[$0].text == item.text }
        guard copies.count > 1, copies[0] == index else { continue }
        let alike = Set(copies.map { self.normalized(output[$0]) })
        if alike.count != 1 || alike.first?.isEmpty == true {
          return
            "\(batch.pair): the same text at \(copies.map(String.init).joined(separator: ", ")) came back as \(copies.map { quote(output[$0]) }.joined(separator: ", "))"
        }
      }
      return nil
    }
  }

  /// The number of the first sentence of concurrent batch `lane`, and the batch's size.
  private static func laneBase(_ lane: Int) -> Int { 101 + lane * 100 }
  private static let laneSize = 16

  /// Batches sent to one translator: at once (`lanes`), or one call after another (`calls`).
  struct Batches: Sendable, CustomStringConvertible {
    let batches: [TranslationBatch]
    let atOnce: Bool

    static func lanes(_ batches: [TranslationBatch]) -> Batches {
      Batches(batches: batches, atOnce: true)
    }
    static func calls(_ batches: [TranslationBatch]) -> Batches {
      Batches(batches: batches, atOnce: false)
    }

    var description: String {
      let (all, each) = atOnce ? ("batches at once", "batch") : ("calls on one translator", "call")
      return "\(batches.count) \(all): "
        + batches.enumerated().map { "\(each) \($0.offset + 1): \($0.element)" }.joined(
          separator: " | ")
    }
  }

  func concurrency() async throws -> CheckOutcome {
    let (pairs, skip) = usablePairs
    if let skip { return skip }
    let generator = generator(pairs)
    let examples = pairs.map { pair in
      Batches.lanes((0..<8).map { sentences(Self.laneSize, base: Self.laneBase($0), pair: pair) })
    }
    let property = Property<Batches>(
      examples: examples, defaultCount: 15,
      generate: { source throws(ChoiceSource.Overrun) in
        Batches.lanes(
          try source.list(min: 2, max: 8, average: 4) {
            _ throws(ChoiceSource.Overrun) in try generator.batch(source, maxSize: 16)
          })
      },
      describe: \.description,
      test: { lanes in await self.runLanes(lanes) })
    return await property.run(Rule.concurrency.id, budget: budget).outcome(
      passed: "concurrent batches each got their own answers", rule: Rule.concurrency,
      budget: budget)
  }

  /// Translates every lane at once through one translator; what went wrong, if anything.
  private func runLanes(_ lanes: Batches) async -> String? {
    let translator: any SummaryTranslating
    do {
      translator = try await makeTranslator()
    } catch {
      return "the factory threw \(describe(error))"
    }
    return await runLanes(lanes, on: translator)
  }

  /// A call of a session whose task is cancelled, as the app cancels a translation the person
  /// no longer waits for: its batch, and the milliseconds after its start (0: as it starts).
  struct CancelledCall: Sendable, CustomStringConvertible {
    let batch: TranslationBatch
    let after: Int
    var description: String {
      "a call cancelled \(after == 0 ? "as it starts" : "after \(after) ms"): \(batch)"
    }
  }

  /// Generated sessions through one translator: bursts of batches at once, one burst after the
  /// other, each batch judged as the concurrency check judges it; before one burst in five a call
  /// cancelled as it starts or a few milliseconds in, and before at least one of each session a
  /// call cancelled as it starts, whose answers are discarded.
  func session() async throws -> CheckOutcome {
    let (pairs, skip) = usablePairs
    if let skip { return skip }
    let generator = generator(pairs)
    struct Session: Sendable, CustomStringConvertible {
      let bursts: [(cancelled: CancelledCall?, lanes: Batches)]
      var description: String {
        "\(bursts.count) bursts on one translator: "
          + bursts.enumerated().map { burst in
            (burst.element.cancelled.map { "[\($0)] " } ?? "")
              + "burst \(burst.offset + 1) [\(burst.element.lanes)]"
          }.joined(separator: " ")
      }
    }
    let property = Property<Session>(
      defaultCount: 2,
      generate: { source throws(ChoiceSource.Overrun) in
        var bursts = try source.list(min: 6, max: 12, average: 8) {
          _ throws(ChoiceSource.Overrun) in
          let cancelled =
            try source.chance(20)
            ? CancelledCall(
              batch: try generator.batch(source, maxSize: 8),
              after: try source.pick([0, 1, 5, 20]))
            : nil
          let lanes = Batches.lanes(
            try source.list(min: 1, max: 3, average: 2) { _ throws(ChoiceSource.Overrun) in
              try generator.batch(source, maxSize: 8)
            })
          return (cancelled: cancelled, lanes: lanes)
        }
        // Every session cancels at least one call as it starts, before a burst it draws,
        // whatever else it drew: a cancellation's damage shows in the calls after it. A call
        // cancelled 1 ms in may have answered by then on a fast translator, so only this one
        // is sure to land.
        let first = try source.int(0...(bursts.count - 1))
        if !bursts.contains(where: { $0.cancelled?.after == 0 }) {
          // The burst's own cancelled call, if it drew one, now as it starts.
          let batch: TranslationBatch
          if let drawn = bursts[first].cancelled?.batch {
            batch = drawn
          } else {
            batch = try generator.batch(source, maxSize: 8)
          }
          bursts[first].cancelled = CancelledCall(batch: batch, after: 0)
        }
        return Session(bursts: bursts)
      },
      describe: \.description,
      test: { session in
        let translator: any SummaryTranslating
        do {
          translator = try await self.makeTranslator()
        } catch {
          return "the factory threw \(describe(error))"
        }
        for (number, burst) in session.bursts.enumerated() {
          if let cancelled = burst.cancelled { await Self.cancel(cancelled, on: translator) }
          if let problem = await self.runLanes(burst.lanes, on: translator) {
            let after = burst.cancelled.map { ", after \($0)" } ?? ""
            return "burst \(number + 1) of \(session.bursts.count)\(after): \(problem)"
          }
        }
        return nil
      })
    return await property.run(Rule.session.id, budget: budget).outcome(
      passed: "every burst of every session got its own answers", rule: Rule.session,
      budget: budget)
  }

  /// Starts `call` on `translator`, cancels its task as it asks, and waits for it to end; what it
  /// answered or threw is its caller's to discard (the monitor still judges the call).
  private static func cancel(_ call: CancelledCall, on translator: any SummaryTranslating) async {
    let batch = call.batch
    let task = Task {
      try await translator.translate(batch.texts, from: batch.pair.source, to: batch.pair.target)
    }
    if call.after > 0 { try? await Task.sleep(for: .milliseconds(call.after)) }
    task.cancel()
    _ = await task.result
  }

  /// Translates every lane of `lanes` at once through `translator`; what went wrong, if
  /// anything.
  private func runLanes(_ lanes: Batches, on translator: any SummaryTranslating) async -> String? {
    let batches = lanes.batches
    let outputs = await fanOut(batches.count) { lane -> Lane in
      do {
        let batch = batches[lane]
        let output = try await translator.translate(
          batch.texts, from: batch.pair.source, to: batch.pair.target)
        return Lane(lane: lane, output: output, error: nil)
      } catch {
        return Lane(lane: lane, output: nil, error: describe(error))
      }
    }
    // Markers are judged against every batch of the run: an answer from another batch shows.
    let everything = TranslationBatch(
      pair: batches.first?.pair ?? LanguagePair(source: "", target: ""),
      items: batches.flatMap(\.items))
    for lane in outputs {
      let batch = batches[lane.lane]
      let name =
        "the concurrent batch of \(batch.items.count) texts (markers \(TranslationBatch.list(batch.items.flatMap(\.markers))))"
      guard let output = lane.output else {
        return "\(batch.pair): \(name) threw \(lane.error ?? "an error")"
      }
      guard output.count == batch.items.count else {
        return
          "\(batch.pair): \(name) came back with \(output.count) texts for \(batch.items.count)"
      }
      for (index, (item, text)) in zip(batch.items, output).enumerated() where !item.isBlank {
        let (found, lost, foreign) = markers(
          in: text, language: batch.pair.target, for: item, among: everything.items)
        if !lost.isEmpty || !foreign.isEmpty {
          return
            "\(batch.pair): \(name) came back with \(output.count) texts; output \(index) carries \(found) instead of \(item.markers)"
        }
      }
      if batch.items.contains(where: \.isBlank) {
        for (index, item) in batch.items.enumerated()
        where item.isBlank && !output[index].allSatisfy(\.isWhitespace) {
          return "\(batch.pair): \(name): blank input \(index) came back as \(quote(output[index]))"
        }
      }
    }
    return nil
  }

  /// At least 95% of outputs with 12 or more letters prove their target language, over a batch
  /// of every template and generated batches of every shape: a share, not a property of one
  /// input, so nothing is shrunk.
  func targetLanguage() async throws -> CheckOutcome {
    let (pairs, skip) = usablePairs
    if let skip { return skip }
    let generator = generator(pairs)
    var batches = pairs.map {
      sentences(samples.templates[$0.source]?.count ?? 16, base: 701, pair: $0)
    }
    var random = SeededGenerator(seed: budget.seed ^ stableHash(Rule.targetLanguage.id))
    for _ in 0..<(budget.examples ?? 10) {
      if let batch = try? generator.batch(
        ChoiceSource(random: SeededGenerator(seed: random.next())), maxSize: 12)
      {
        batches.append(batch)
      }
    }
    var failures = Failures()
    var proved = 0
    var judged = 0
    for batch in batches {
      let output: [String]
      do {
        output = try await translate(batch.texts, batch.pair)
      } catch {
        return .failed("\(batch.pair): a batch threw \(describe(error)) (\(batch))")
      }
      for text in output where text.filter(\.isLetter).count >= 12 {
        judged += 1
        if identifier.proves(text, isIn: batch.pair.target) {
          proved += 1
        } else {
          failures.add(
            "\(batch.pair): identified as \(identifier.identify(text)?.language ?? "nothing"), not \(batch.pair.target): \(quote(text))"
          )
        }
      }
    }
    guard judged > 0 else {
      return .failed(
        "no output had 12 or more letters to identify; the translator returned empty or very short texts"
      )
    }
    let share = Double(proved) / Double(judged)
    if share >= 0.95 {
      return .passed(
        "\(proved) of \(judged) outputs proved their target language, over \(batches.count) batches (seed \(seed))"
      )
    }
    return .failed(
      "only \(proved) of \(judged) outputs (\(Int(share * 100))%) proved their target language, 95% needed; \(failures.messages.joined(separator: "; ")) (seed \(seed))"
    )
  }

  /// A metamorphic relation: translating a batch keeps each text where translating it alone
  /// puts it, by its markers, its blankness and whether it proves the target language; wording
  /// may differ.
  func batchEqualsParts() async throws -> CheckOutcome {
    let (pairs, skip) = usablePairs
    if let skip { return skip }
    let examples = pairs.map { sentences(6, base: 901, pair: $0) }
    let generator = generator(pairs)
    let property = Property<TranslationBatch>(
      examples: examples, defaultCount: 20,
      generate: { source throws(ChoiceSource.Overrun) in
        try generator.batch(source, maxSize: 8, average: 4)
      },
      describe: \.description,
      test: { batch in await self.compareWithParts(batch) })
    return await property.run(Rule.batchEqualsParts.id, budget: budget).outcome(
      passed: "every text of a batch came back as it does alone", rule: Rule.batchEqualsParts,
      budget: budget)
  }

  private func compareWithParts(_ batch: TranslationBatch) async -> String? {
    let whole: [String]
    do {
      whole = try await translate(batch.texts, batch.pair)
    } catch {
      return "\(batch.pair): the batch threw \(describe(error))"
    }
    guard whole.count == batch.items.count else { return nil }  // translator.count's finding
    let all = Set(batch.items.flatMap(\.markers))
    for (index, item) in batch.items.enumerated() {
      let alone: String
      do {
        guard let only = try await translate([item.text], batch.pair).first else {
          return "\(batch.pair): text \(index) alone came back as no text"
        }
        alone = only
      } catch {
        return "\(batch.pair): text \(index) alone threw \(describe(error))"
      }
      let inBatch = whole[index]
      let markers = (
        Set(numbers(in: inBatch, language: batch.pair.target)).intersection(all),
        Set(numbers(in: alone, language: batch.pair.target)).intersection(all)
      )
      if markers.0 != markers.1 {
        return
          "\(batch.pair): text \(index) carries markers \(markers.0.sorted()) in the batch but \(markers.1.sorted()) alone: the batch's other texts changed its answer"
      }
      if inBatch.allSatisfy(\.isWhitespace) != alone.allSatisfy(\.isWhitespace) {
        return
          "\(batch.pair): text \(index) came back as \(quote(inBatch)) in the batch but \(quote(alone)) alone"
      }
      if alone.filter(\.isLetter).count >= 12,
        identifier.proves(alone, isIn: batch.pair.target)
          != identifier.proves(inBatch, isIn: batch.pair.target)
      {
        return
          "\(batch.pair): text \(index) reads as \(identifier.identify(inBatch)?.language ?? "nothing") in the batch but \(identifier.identify(alone)?.language ?? "nothing") alone: \(quote(inBatch))"
      }
    }
    return nil
  }

  /// One translator asked for several targets in any order: each answer is judged against its
  /// own call, and is never proven to be in another of the declared languages instead of its
  /// target (a cache keyed by the text alone).
  func targets() async throws -> CheckOutcome {
    let (pairs, skip) = usablePairs
    if let skip { return skip }
    let generator = generator(pairs)
    // The fixed example: the same texts to every target their source language is declared for.
    var examples: [Batches] = []
    for pair in pairs {
      let others = pairs.filter { $0.source == pair.source && $0 != pair }
      guard let other = others.first else { continue }
      let first = sentences(4, base: 951, pair: pair)
      examples.append(
        Batches.calls([first, TranslationBatch(pair: other, items: first.items)]))
      break
    }
    let property = Property<Batches>(
      examples: examples, defaultCount: 12,
      generate: { source throws(ChoiceSource.Overrun) in
        var batches: [TranslationBatch] = []
        for _ in try source.list(
          min: 2, max: 5, average: 3, { _ throws(ChoiceSource.Overrun) in () })
        {
          // Now and then, the texts of an earlier call to another target of their language.
          if let earlier = batches.last, try source.chance(40) {
            let others = pairs.filter { $0.source == earlier.pair.source && $0 != earlier.pair }
            if !others.isEmpty {
              batches.append(TranslationBatch(pair: try source.pick(others), items: earlier.items))
              continue
            }
          }
          batches.append(try generator.batch(source, maxSize: 6, average: 3))
        }
        return Batches.calls(batches)
      },
      describe: \.description,
      test: { calls in await self.runCalls(calls, declared: pairs) })
    return await property.run(Rule.targets.id, budget: budget).outcome(
      passed: "every call's answers were for its own pair", rule: Rule.targets, budget: budget)
  }

  private func runCalls(_ calls: Batches, declared: [LanguagePair]) async -> String? {
    let translator: any SummaryTranslating
    do {
      translator = try await makeTranslator()
    } catch {
      return "the factory threw \(describe(error))"
    }
    let languages = Set(declared.flatMap { [$0.source, $0.target] }.map(primarySubtag))
    for (number, batch) in calls.batches.enumerated() {
      let call = "call \(number + 1) (\(batch.pair))"
      let output: [String]
      do {
        output = try await translator.translate(
          batch.texts, from: batch.pair.source, to: batch.pair.target)
      } catch {
        return "\(call) threw \(describe(error))"
      }
      guard output.count == batch.items.count else {
        return "\(call): sent \(batch.items.count) texts, got \(output.count) back"
      }
      if let problem = markerProblems(batch, output).first { return "\(call): \(problem)" }
      for (index, text) in output.enumerated() where text.filter(\.isLetter).count >= 12 {
        // Never the call's own source language: a cache keyed by the text hands over another
        // target's answer, and an answer that reads as its source (a person's translation that
        // keeps identifiers in English, "DuplicateHandle(Err) 실패") is translator.targetLanguage's.
        guard !identifier.proves(text, isIn: batch.pair.target),
          let guess = identifier.identify(text),
          languages.contains(primarySubtag(guess.language)),
          primarySubtag(guess.language) != primarySubtag(batch.pair.source)
        else { continue }
        return
          "\(call): output \(index) is in \(guess.language), not \(batch.pair.target): \(quote(text)); an answer for another call's pair (a cache keyed by the text alone?)"
      }
    }
    return nil
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

  /// The value of a decimal digit of any script (ASCII, full-width, Arabic-Indic, Devanagari…):
  /// one scalar whose numeric type is decimal.
  static func decimalDigit(_ character: Character) -> Int? {
    guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
      scalar.properties.numericType == .decimal, let value = character.wholeNumberValue,
      value < 10
    else { return nil }
    return value
  }

  /// The numbers written in `text`, in `language` (`nil`: unknown), in order, as the core reads
  /// them (``WrittenNumbers``): the decimal digits of any script (``decimalDigit(_:)``), a
  /// grouping separator of the language between groups of three ignored, so a translation that
  /// writes 2331 the German way, `2.331`, or the French way, with a narrow no-break space, keeps
  /// the number. A number too long for an `Int` is left out: it is no marker.
  ///
  /// The grouping rule is the core's; the question is the suite's own: the suite generates its
  /// sentences, so it knows each number's place and checks that the translator kept every one,
  /// whole and in order, where the core's fact check and translation check judge text they did
  /// not write, and must forgive reordering that this check, on its own sentences, need not.
  func numbers(in text: String, language: String? = nil) -> [Int] {
    WrittenNumbers.numbers(in: text, language: language, digit: Self.decimalDigit)
      .compactMap { Int($0.value) }
  }

  func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
