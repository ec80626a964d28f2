/// The name among `known` that `given` most likely misspells: within an edit distance of 2, or a
/// third of its length when that is more; `nil` when none is that close.
package func nearMiss(_ given: String, in known: [String]) -> String? {
  known.filter { editDistance($0, given) <= max(2, given.count / 3) }
    .min { editDistance($0, given) < editDistance($1, given) }
}

/// Levenshtein distance, over characters, ignoring case.
package func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.lowercased())
  let b = Array(b.lowercased())
  var row = Array(0...b.count)
  for (i, x) in a.enumerated() {
    var diagonal = row[0]
    row[0] = i + 1
    for (j, y) in b.enumerated() {
      let above = row[j + 1]
      row[j + 1] = min(above + 1, row[j] + 1, diagonal + (x == y ? 0 : 1))
      diagonal = above
    }
  }
  return row[b.count]
}
