/// The one token estimate both sides of the boundary use for every budget decision.
///
/// Han, Kana and Hangul scalars count one token each; every other scalar counts one token per
/// four, rounded up. The estimate is deterministic and needs no tokenizer, which is what lets a
/// golden replay pin a chunk plan byte for byte.
///
/// ```swift
/// let latin = TokenEstimate.tokens(in: "abcdefgh")  // 2
/// let korean = TokenEstimate.tokens(in: "요약해 주세요")  // 6 + 1 (the space): 7
/// ```
public enum TokenEstimate {
  /// The estimated number of tokens in `text`.
  ///
  /// - Complexity: O(n) in the number of Unicode scalars.
  public static func tokens(in text: String) -> Int {
    var dense = 0
    var other = 0
    for scalar in text.unicodeScalars {
      if isDense(scalar) { dense += 1 } else { other += 1 }
    }
    return dense + (other + 3) / 4
  }

  /// Whether `scalar` is Han, Kana or Hangul, which count one token each.
  public static func isDense(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF:
      return true  // Hangul
    case 0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:
      return true  // Hiragana and Katakana
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F:
      return true  // Han
    default:
      return false
    }
  }
}
