/// The sentence rule both sides of the boundary use: the core splits a page too large for one
/// chunk at these boundaries, and the kit's extractive model answers from these sentences.
///
/// A sentence ends after `.`, `!` or `?` followed by whitespace, after `。`, `！` or `？`, and at
/// a line break. Each sentence comes back with its whitespace runs collapsed to one space.
///
/// ```swift
/// let sentences = Sentences.split("First one. Second one!\n第三。")
/// // ["First one.", "Second one!", "第三。"]
/// ```
public enum Sentences {
  /// The sentences of `text`, in order, none empty.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func split(_ text: String) -> [String] {
    // Character by character over slices of `text`, answering ASCII without a property lookup:
    // the same boundaries as building each sentence a character at a time, several times faster.
    var sentences: [String] = []
    var start = text.startIndex
    var index = start
    var previousWasTerminator = false
    func flush(upTo end: String.Index) {
      let sentence = collapsed(text[start..<end])
      if !sentence.isEmpty { sentences.append(sentence) }
    }
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      let kind = Kind(character)
      if kind == .newline || (previousWasTerminator && kind == .whitespace) {
        flush(upTo: index)
        start = next
        previousWasTerminator = false
      } else if kind == .fullStop {
        flush(upTo: next)
        start = next
        previousWasTerminator = false
      } else {
        previousWasTerminator = kind == .terminator
      }
      index = next
    }
    flush(upTo: text.endIndex)
    return sentences
  }

  /// What a character means to the rule.
  private enum Kind {
    case newline, whitespace, terminator, fullStop, other

    init(_ character: Character) {
      if let ascii = character.asciiValue {
        switch ascii {
        case 0x0A...0x0D: self = .newline  // "\r\n" is one character, answered as LF
        case 0x20, 0x09: self = .whitespace
        case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"): self = .terminator
        default: self = .other
        }
      } else if character.isNewline {
        self = .newline
      } else if character.isWhitespace {
        self = .whitespace
      } else if character == "。" || character == "！" || character == "？" {
        self = .fullStop
      } else {
        self = .other
      }
    }
  }

  /// `slice` with leading and trailing whitespace dropped and each inner run made one space.
  private static func collapsed(_ slice: Substring) -> String {
    var result = ""
    var word: Substring.Index? = nil  // where the current run of non-space characters began
    var index = slice.startIndex
    while index < slice.endIndex {
      let character = slice[index]
      let space =
        character.asciiValue.map { $0 == 0x20 || (0x09...0x0D).contains($0) }
        ?? character.isWhitespace
      if space, let start = word {
        if !result.isEmpty { result += " " }
        result += slice[start..<index]
        word = nil
      } else if !space, word == nil {
        word = index
      }
      index = slice.index(after: index)
    }
    if let start = word {
      if !result.isEmpty { result += " " }
      result += slice[start..<slice.endIndex]
    }
    return result
  }
}
