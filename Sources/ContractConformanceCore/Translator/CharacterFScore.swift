/// chrF, the character n-gram F-score of a translation against a reference (Popović, "chrF:
/// character n-gram F-score for automatic MT evaluation", WMT 2015), as sacreBLEU 2 computes it
/// by default: Unicode scalars with whitespace removed, 1- to 6-grams, precision and recall
/// averaged over the orders both texts are long enough for, then their F-score with recall
/// weighted β = 2, on a scale of 0 to 100.
///
/// It needs no tokenizer, so it reads Korean, Japanese and Chinese as it reads French: two
/// renderings of one sentence share many character sequences, two different sentences few.
struct CharacterFScore {
  /// The longest character n-gram counted.
  var order = 6
  /// How many times recall weighs what precision does.
  var beta = 2.0

  /// The score of `hypothesis` against `reference`, 0 to 100; 0 when either has nothing but
  /// whitespace.
  func score(_ hypothesis: String, _ reference: String) -> Double {
    let hypothesis = Self.scalars(hypothesis)
    let reference = Self.scalars(reference)
    var precision = 0.0
    var recall = 0.0
    var orders = 0
    for n in 1...max(order, 1) where hypothesis.count >= n && reference.count >= n {
      let referenceGrams = Self.grams(reference, n)
      let matches = Self.grams(hypothesis, n).reduce(0) {
        $0 + min($1.value, referenceGrams[$1.key] ?? 0)
      }
      precision += Double(matches) / Double(hypothesis.count - n + 1)
      recall += Double(matches) / Double(reference.count - n + 1)
      orders += 1
    }
    guard orders > 0, precision + recall > 0 else { return 0 }
    precision /= Double(orders)
    recall /= Double(orders)
    let factor = beta * beta
    return 100 * (1 + factor) * precision * recall / (factor * precision + recall)
  }

  private static func scalars(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { !$0.properties.isWhitespace }
  }

  private static func grams(_ scalars: [Unicode.Scalar], _ n: Int) -> [ArraySlice<Unicode.Scalar>:
    Int]
  {
    var counts: [ArraySlice<Unicode.Scalar>: Int] = [:]
    for start in 0...(scalars.count - n) { counts[scalars[start..<(start + n)], default: 0] += 1 }
    return counts
  }
}
