/// A character n-gram model of the seven Latin-script languages, and of Japanese and Chinese for
/// text in Han alone: naive Bayes over the grams of 1 to 4 characters of a text, with costs
/// (-100 × ln p) learnt from the translated manual pages Debian ships
/// (`Benchmarks/langid/build-model.py`, which writes `NGramModel+Tables.swift`).
///
/// It answers short texts that the frequent-word model cannot: three words of Portuguese share
/// few whole words with a word list, but many grams with Portuguese.
enum NGramModel {
  /// The languages, in the order of ``tables``.
  static let languages: [String] = tables.map(\.language)

  /// The longest gram.
  static let order = 4

  /// Each gram's cost in every language (`nil` where a language did not keep it), and the cost
  /// of an unseen gram of each length: built once, from the tables.
  static let model: (costs: [String: [Int32?]], floors: [Int32]) = build()

  /// ``model``, from the tables: each `gram<TAB>cost` line read from the table's UTF-8 bytes,
  /// without the generic `split`, `firstIndex` and `Int32(_:)` a debug build leaves
  /// unspecialized, which made this a third of a second in every test process and golden replay
  /// that identifies a language. (A line break or a tab is always a character of its own, so
  /// bytes split where characters would.)
  static func build() -> (costs: [String: [Int32?]], floors: [Int32]) {
    var costs: [String: [Int32?]] = [:]
    costs.reserveCapacity(120_000)
    for (position, table) in tables.enumerated() {
      let bytes = Array(table.costs.utf8)
      bytes.withUnsafeBufferPointer { buffer in
        var start = 0
        while start < buffer.count {
          var end = start
          while end < buffer.count, buffer[end] != 0x0A { end += 1 }
          var tab = start
          while tab < end, buffer[tab] != 0x09 { tab += 1 }
          var cost: Int32 = 0
          var digits = 0
          var index = tab + 1
          while index < end, buffer[index] >= 0x30, buffer[index] <= 0x39 {
            cost = cost &* 10 &+ Int32(buffer[index] &- 0x30)
            digits += 1
            index += 1
          }
          if tab < end, digits > 0, index == end {
            let gram = String(
              decoding: UnsafeBufferPointer(rebasing: buffer[start..<tab]), as: UTF8.self)
            costs[gram, default: Array(repeating: nil, count: tables.count)][position] = cost
          }
          start = end + 1
        }
      }
    }
    // One floor per gram length for every language, the highest: a language whose training
    // text was smaller must not make unseen grams cheaper than the others do.
    let floors = (0..<order).map { length in
      Int32(tables.map { $0.floors[length] }.max() ?? 0)
    }
    return (costs, floors)
  }

  /// The grams of `text`: lowercased, every run of non-letters one space, a space before and
  /// after; every run of 1 to ``order`` scalars but those of spaces only. Punctuation, digits and
  /// symbols say nothing about a language, and their frequency in the training text would.
  static func grams(_ text: String) -> [String] {
    var grams: [String] = []
    forEachGram(text) { gram, _ in grams.append(gram) }
    return grams
  }

  /// Calls `body` with each of ``grams(_:)``, in its order, and the gram's length in scalars.
  /// Index loops over one array of scalars: this runs for every text the translator suite and
  /// the core prove, and unspecialized generic sequences made it the test run's hot spot.
  static func forEachGram(_ text: String, _ body: (String, Int) -> Void) {
    let words = text.lowercased().split(whereSeparator: { !$0.isLetter })
    let scalars = Array((" " + words.joined(separator: " ") + " ").unicodeScalars)
    let space: Unicode.Scalar = " "
    var length = 1
    while length <= order && length <= scalars.count {
      var start = 0
      while start + length <= scalars.count {
        var gram = ""
        var onlySpaces = true
        var offset = 0
        while offset < length {
          let scalar = scalars[start + offset]
          if scalar != space { onlySpaces = false }
          gram.unicodeScalars.append(scalar)
          offset += 1
        }
        if length == 1 || !onlySpaces { body(gram, length) }
        start += 1
      }
      length += 1
    }
  }

  /// The seven Latin-script languages (``LatinLanguages/all``).
  static let latin = LatinLanguages.all

  /// The cost of `text` in each of `candidates` (default ``latin``), in their order: lower is
  /// likelier. A language the model has no table for costs `Int.max`, the least likely.
  static func costs(_ text: String, among candidates: [String] = latin) -> [Int] {
    costsAndGrams(text, among: candidates).costs
  }

  /// ``costs(_:among:)``, and how many grams `text` has (the length of ``grams(_:)``).
  static func costsAndGrams(_ text: String, among candidates: [String] = latin)
    -> (costs: [Int], grams: Int)
  {
    let (table, floors) = model
    let positions = candidates.compactMap { languages.firstIndex(of: $0) }
    guard positions.count == candidates.count else {
      let each = candidates.map { languages.contains($0) ? costs(text, among: [$0])[0] : Int.max }
      var grams = 0
      forEachGram(text) { _, _ in grams += 1 }
      return (each, grams)
    }
    var totals = Array(repeating: 0, count: candidates.count)
    var grams = 0
    forEachGram(text) { gram, length in
      grams += 1
      let floor = floors[length - 1]
      let known = table[gram]
      var slot = 0
      while slot < positions.count {
        totals[slot] += Int(known?[positions[slot]] ?? floor)
        slot += 1
      }
    }
    return (totals, grams)
  }

  /// Japanese or Chinese, for a text in Han alone: whichever its grams cost less in.
  static func hanLanguage(_ text: String) -> String {
    let costs = costs(text, among: ["ja", "zh"])
    return costs[0] < costs[1] ? "ja" : "zh"
  }
}
