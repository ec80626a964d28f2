/// A character n-gram model of the seven Latin-script languages, and of Japanese and Chinese for
/// text in Han alone: naive Bayes over the grams of 1 to 4 characters of a text, with costs
/// (-100 × ln p) learnt from the translated manual pages Debian ships
/// (`tools/langid/build-model.py`, which writes `NGramModel+Tables.swift`).
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
  static let model: (costs: [String: [Int32?]], floors: [Int32]) = {
    var costs: [String: [Int32?]] = [:]
    for (position, table) in tables.enumerated() {
      for line in table.costs.split(separator: "\n") {
        guard let tab = line.firstIndex(of: "\t"), let cost = Int32(line[line.index(after: tab)...])
        else { continue }
        let gram = String(line[..<tab])
        costs[gram, default: Array(repeating: nil, count: tables.count)][position] = cost
      }
    }
    // One floor per gram length for every language, the highest: a language whose training
    // text was smaller must not make unseen grams cheaper than the others do.
    let floors = (0..<order).map { length in
      Int32(tables.map { $0.floors[length] }.max() ?? 0)
    }
    return (costs, floors)
  }()

  /// The grams of `text`: lowercased, every run of non-letters one space, a space before and
  /// after; every run of 1 to ``order`` scalars but those of spaces only. Punctuation, digits and
  /// symbols say nothing about a language, and their frequency in the training text would.
  static func grams(_ text: String) -> [String] {
    let words = text.lowercased().split(whereSeparator: { !$0.isLetter })
    let scalars = Array((" " + words.joined(separator: " ") + " ").unicodeScalars)
    var grams: [String] = []
    for length in 1...order where length <= scalars.count {
      for start in 0...(scalars.count - length) {
        let slice = scalars[start..<(start + length)]
        if length > 1, slice.allSatisfy({ $0 == " " }) { continue }
        var gram = String.UnicodeScalarView()
        gram.append(contentsOf: slice)
        grams.append(String(gram))
      }
    }
    return grams
  }

  /// The seven Latin-script languages (``LatinLanguages/all``).
  static let latin = LatinLanguages.all

  /// The cost of `text` in each of `candidates` (default ``latin``), in their order: lower is
  /// likelier. A language the model has no table for costs `Int.max`, the least likely.
  static func costs(_ text: String, among candidates: [String] = latin) -> [Int] {
    let (table, floors) = model
    let positions = candidates.compactMap { languages.firstIndex(of: $0) }
    guard positions.count == candidates.count else {
      return candidates.map { languages.contains($0) ? costs(text, among: [$0])[0] : Int.max }
    }
    var totals = Array(repeating: 0, count: candidates.count)
    for gram in grams(text) {
      let length = gram.unicodeScalars.count
      let known = table[gram]
      for (slot, language) in positions.enumerated() {
        totals[slot] += Int(known?[language] ?? floors[length - 1])
      }
    }
    return totals
  }

  /// Japanese or Chinese, for a text in Han alone: whichever its grams cost less in.
  static func hanLanguage(_ text: String) -> String {
    let costs = costs(text, among: ["ja", "zh"])
    return costs[0] < costs[1] ? "ja" : "zh"
  }
}
