/// A short line diff: `-` for lines only in the doc's quote, `+` for lines only in the source, a
/// space for lines in both. At most `limit` lines, then `…`.
enum LineDiff {
  /// The diff of the quote's lines against lines `range` of `source`. Lines are equal when their
  /// normalized text is, as strings compare (canonically equivalent Unicode is equal).
  static func render(
    quote: NormalizedLines, source: NormalizedLines, range: Range<Int>, limit: Int = 12
  ) -> [String] {
    // Longest common subsequence over short inputs; quotes are a few dozen lines at most.
    let a = 0..<min(quote.count, 200)
    let b = range.lowerBound..<min(range.upperBound, range.lowerBound + 200)
    // Different bytes are different text, unless non-ASCII text is spelled two ways: those
    // lines are also compared as strings.
    func unicode(_ lines: NormalizedLines, _ range: Range<Int>) -> [String?] {
      range.map { lines.bytes($0).contains { $0 >= 0x80 } ? lines.string($0) : nil }
    }
    let (quoteText, sourceText) = (unicode(quote, a), unicode(source, b))
    func same(_ i: Int, _ j: Int) -> Bool {
      if quote.line(i, equals: j, of: source) { return true }
      guard let left = quoteText[i], let right = sourceText[j - b.lowerBound] else { return false }
      return left == right
    }
    let width = b.count + 1
    var table = [Int32](repeating: 0, count: (a.count + 1) * width)
    var equal = [Bool](repeating: false, count: a.count * b.count)
    for i in a.reversed() {
      for j in (0..<b.count).reversed() {
        let matches = same(i, b.lowerBound + j)
        equal[i * b.count + j] = matches
        table[i * width + j] =
          matches
          ? table[(i + 1) * width + j + 1] + 1
          : max(table[(i + 1) * width + j], table[i * width + j + 1])
      }
    }
    // The edit script: (" ", quote line), ("+", source line) or ("-", quote line).
    var script: [(mark: Character, line: Int)] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, equal[i * b.count + j] {
        script.append((" ", i))
        i += 1
        j += 1
      } else if j < b.count, i == a.count || table[i * width + j + 1] >= table[(i + 1) * width + j]
      {
        script.append(("+", b.lowerBound + j))
        j += 1
      } else {
        script.append(("-", i))
        i += 1
      }
    }
    // Keep the changes and one line of context around each.
    var keep = [Bool](repeating: false, count: script.count)
    for (index, step) in script.enumerated() where step.mark != " " {
      for near in max(index - 1, 0)...min(index + 1, script.count - 1) { keep[near] = true }
    }
    var shown: [String] = []
    var skipped = false
    for (index, step) in script.enumerated() {
      if keep[index] {
        let text = step.mark == "+" ? source.string(step.line) : quote.string(step.line)
        shown.append("\(step.mark) " + text)
        skipped = false
      } else if !skipped {
        shown.append("  …")
        skipped = true
      }
    }
    if shown.count > limit {
      shown = Array(shown.prefix(limit)) + ["  … (\(shown.count - limit) more)"]
    }
    return shown
  }
}
