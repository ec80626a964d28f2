/// The sentence rule both sides of the boundary use: the core splits a page too large for one
/// chunk at these boundaries, and the kit's extractive model answers from these sentences.
///
/// A sentence ends after `.`, `!` or `?` followed by whitespace, after `。`, `！` or `？`, and at
/// a line break. Each sentence comes back with its whitespace runs collapsed to one space.
///
/// ```swift
/// Sentences.split("First one. Second one!\n第三。")  // ["First one.", "Second one!", "第三。"]
/// ```
public enum Sentences {
  /// The sentences of `text`, in order, none empty.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func split(_ text: String) -> [String] {
    var sentences: [String] = []
    var current = ""
    func flush() {
      let trimmed = current.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      if !trimmed.isEmpty { sentences.append(trimmed) }
      current = ""
    }
    var previousWasTerminator = false
    for character in text {
      if character.isNewline {
        flush()
        previousWasTerminator = false
        continue
      }
      if previousWasTerminator, character.isWhitespace {
        flush()
        previousWasTerminator = false
        continue
      }
      current.append(character)
      previousWasTerminator = ".!?".contains(character)
      if "。！？".contains(character) {
        flush()
        previousWasTerminator = false
      }
    }
    flush()
    return sentences
  }
}
