/// A generated batch for the translator suite: texts of every shape the contract admits, each
/// carrying marker numbers of its own, so that output *i* must carry input *i*'s markers and no
/// other input's.
///
/// Markers are the numbers the suite puts into its templates. Numbers a template holds itself
/// ("Qt5") are not markers: a translation carries them too, and they say nothing about order.
struct TranslationBatch: Sendable, CustomStringConvertible {
  /// One text of the batch.
  struct Item: Sendable {
    let text: String
    /// The marker numbers the text carries (none for a blank).
    let markers: [Int]
    /// What kind of text it is, for the report.
    let kind: String

    var isBlank: Bool { text.allSatisfy(\.isWhitespace) }
  }

  let pair: LanguagePair
  let items: [Item]

  var texts: [String] { items.map(\.text) }

  /// What goes into a blank entry: empty, spaces, a tab, a line break, an ideographic space.
  static let blanks = ["", " ", "   ", "\t", "\n", " \u{3000} "]
  /// The line breaks a text may hold.
  static let lineBreaks = ["\n", "\r\n", "\u{2028}", "\u{2029}", "\n\n"]

  var description: String {
    let shown = items.enumerated().map { index, item in
      "[\(index)] \(item.kind) \(quote(item.text, limit: 40))"
        + (item.markers.isEmpty
          ? "" : " \(item.markers.count == 1 ? "marker" : "markers") \(Self.list(item.markers))")
    }
    return "\(pair), \(items.count) texts: "
      + (shown.isEmpty ? "none" : shown.joined(separator: "; "))
  }

  /// Numbers as a short list for a message: the first five, then how many more.
  static func list(_ numbers: [Int]) -> String {
    let shown = numbers.prefix(5).map(String.init).joined(separator: ", ")
    return numbers.count > 5 ? "\(shown) and \(numbers.count - 5) more" : shown
  }
}

/// Makes batches from choices, over one suite's samples and pairs.
struct TranslationBatchGenerator: Sendable {
  let samples: TranslationSamples
  let pairs: [LanguagePair]
  /// Numbers the templates hold themselves, never used as markers.
  let reserved: Set<Int>

  init(samples: TranslationSamples, pairs: [LanguagePair], numbers: (String) -> [Int]) {
    self.samples = samples
    self.pairs = pairs
    var reserved: Set<Int> = []
    for list in Array(samples.templates.values) + Array(samples.mixedScript.values) {
      for template in list { reserved.formUnion(numbers(template)) }
    }
    self.reserved = reserved
  }

  /// Hands out marker numbers in order, skipping the templates' own numbers.
  struct Markers {
    var next: Int
    let reserved: Set<Int>
    mutating func take() -> Int {
      repeat { next += 1 } while reserved.contains(next)
      return next
    }
  }

  /// A batch of up to `maxSize` texts for one of the pairs: sample sentences, blanks at any
  /// position, texts holding line breaks, copies of earlier texts, mixed-script sentences and
  /// paragraphs of 300 to 4,000 characters. With `long`, at least one text is a paragraph.
  func batch(
    _ source: ChoiceSource, maxSize: Int, average: Int = 6, long: Bool = false,
    pair given: LanguagePair? = nil
  ) throws(ChoiceSource.Overrun) -> TranslationBatch {
    let pair: LanguagePair
    if let given { pair = given } else { pair = try source.pick(pairs) }
    var markers = Markers(next: 100 + (try source.int(0...400)) * 10, reserved: reserved)
    var items: [TranslationBatch.Item] = []
    let count = try source.list(min: long ? 1 : 0, max: maxSize, average: average) {
      _ throws(ChoiceSource.Overrun) in try source.draw(99)
    }
    let forcedLong = long ? try source.int(0...(count.count - 1)) : -1
    for (index, kind) in count.enumerated() {
      items.append(
        try item(
          index == forcedLong ? 95 : Int(kind), source, pair: pair, markers: &markers,
          earlier: items))
    }
    return TranslationBatch(pair: pair, items: items)
  }

  private func item(
    _ kind: Int, _ source: ChoiceSource, pair: LanguagePair, markers: inout Markers,
    earlier: [TranslationBatch.Item]
  ) throws(ChoiceSource.Overrun) -> TranslationBatch.Item {
    let language = pair.source
    let plain = samples.all(language)?.plain ?? []
    let mixed = samples.all(language)?.mixed ?? []
    func sentence(_ templates: [String], _ what: String) throws(ChoiceSource.Overrun)
      -> TranslationBatch.Item
    {
      let template = try source.int(0...(templates.count - 1))
      let marker = markers.take()
      return TranslationBatch.Item(
        text: templates[template].replacingOccurrences(
          of: TranslationSamples.placeholder, with: String(marker)),
        markers: [marker], kind: what)
    }
    switch kind {
    case 45..<60:
      return TranslationBatch.Item(
        text: try source.pick(TranslationBatch.blanks), markers: [], kind: "blank")
    case 60..<72:
      let breaks = try source.pick(TranslationBatch.lineBreaks)
      let lines = try (0...(try source.int(1...2))).map { _ throws(ChoiceSource.Overrun) in
        try sentence(plain, "line")
      }
      return TranslationBatch.Item(
        text: lines.map(\.text).joined(separator: breaks), markers: lines.flatMap(\.markers),
        kind: "\(lines.count) lines split by \(quote(breaks))")
    case 72..<84:
      let copies = earlier.enumerated().filter { !$0.element.isBlank }
      guard !copies.isEmpty else { return try sentence(plain, "sentence") }
      let (index, original) = copies[try source.int(0...(copies.count - 1))]
      return TranslationBatch.Item(
        text: original.text, markers: original.markers, kind: "copy of [\(index)]")
    case 84..<94 where !mixed.isEmpty:
      return try sentence(mixed, "mixed-script sentence")
    case 94...:
      let length = try source.int(300...4000)
      let base = markers.take()
      guard let paragraph = samples.paragraph(length: length, base: base, language: language)
      else { return try sentence(plain, "sentence") }
      // The paragraph numbers its sentences from `base` on; none of them may be a template's own.
      let numbers = paragraph.numbers.filter { !reserved.contains($0) }
      markers.next = max(markers.next, paragraph.numbers.last ?? base)
      return TranslationBatch.Item(
        text: paragraph.text, markers: numbers,
        kind: "paragraph of \(paragraph.text.count) characters")
    default:
      return try sentence(plain, "sentence")
    }
  }
}
