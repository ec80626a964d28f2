/// A short line diff: `-` for lines only in the doc's quote, `+` for lines only in the source, a
/// space for lines in both. At most `limit` lines, then `…`.
enum LineDiff {
  static func render(quote: [String], source: [String], limit: Int = 12) -> [String] {
    // Longest common subsequence over short inputs; quotes are a few dozen lines at most.
    let a = Array(quote.prefix(200))
    let b = Array(source.prefix(200))
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        lines.append("  " + a[i])
        i += 1
        j += 1
      } else if j < b.count, i == a.count || table[i][j + 1] >= table[i + 1][j] {
        lines.append("+ " + b[j])
        j += 1
      } else {
        lines.append("- " + a[i])
        i += 1
      }
    }
    // Keep the changes and one line of context around each.
    let changed = lines.indices.filter { !lines[$0].hasPrefix("  ") }
    let keep = Set(changed.flatMap { [$0 - 1, $0, $0 + 1] })
    var shown: [String] = []
    var skipped = false
    for index in lines.indices {
      if keep.contains(index) {
        shown.append(lines[index])
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
