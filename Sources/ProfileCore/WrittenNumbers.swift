/// The numbers written in a text, read one way wherever the kit compares numbers: the core's
/// fact check (`FactCheck`) and the translator suite's markers.
///
/// A number is a run of decimal digits. A grouping separator of the text's language belongs to
/// the number when exactly three digits follow it; any other character ends it. So in English
/// `1,234` is 1234 and `52.143` is 52 and 143; in German `1.234` is 1234 and `1,5` is 1 and 5;
/// in French 1 234 with a no-break space is 1234. A plain space always ends a number (`12 345` is
/// two), and the separators that are never a decimal point (a no-break space U+00A0, a narrow
/// one U+202F, and `'` as Swiss German writes `1'234`) group in every language.
///
/// Which digits count is the caller's question, so it passes them: the fact check reads ASCII
/// digits only (``asciiDigit(_:)``: an answer in its source's script that writes `٣` for `3` is
/// re-scripting, not inventing), the translator suite the decimal digits of any script (a
/// translation may change the script).
package enum WrittenNumbers {
  /// One number as written.
  package struct Number: Equatable, Sendable {
    /// Its value's digits in ASCII, grouping separators and leading zeros dropped (`0` for
    /// zero).
    package let value: String
    /// The characters it was written with, separators included.
    package let written: String
    /// Where it starts in the text's characters.
    package let start: Int
  }

  /// The separators that group digits in every language: none of them is a decimal point.
  static let everywhere: Set<Character> = ["\u{00A0}", "\u{202F}", "'"]

  /// Languages that group digits with `.` and write decimals with `,`.
  static let dotGrouping: Set<String> = [
    "de", "es", "it", "pt", "nl", "da", "id", "tr", "el", "ro", "hr", "sl", "sr",
  ]

  /// Languages that group digits with spaces alone and write decimals with `,`.
  static let spaceGrouping: Set<String> = [
    "fr", "sv", "nb", "nn", "no", "fi", "pl", "ru", "uk", "cs", "sk", "hu", "bg", "et", "lv", "lt",
  ]

  /// The grouping separators of `language` (a BCP 47 tag; `nil` when unknown): those of
  /// ``everywhere``, and `.` or `,`, whichever is not its decimal point. An unknown language
  /// groups with `,`, as English, Korean, Japanese and Chinese do.
  package static func groupSeparators(for language: String?) -> Set<Character> {
    let subtag = language.map(primarySubtag) ?? ""
    if dotGrouping.contains(subtag) { return everywhere.union(["."]) }
    if spaceGrouping.contains(subtag) { return everywhere }
    return everywhere.union([","])
  }

  /// The numbers in `text`, written in `language`, in order, reading as digits what `digit`
  /// gives a value of 0 to 9.
  package static func numbers(
    in text: String, language: String?, digit: (Character) -> Int?
  ) -> [Number] {
    numbers(in: Array(text), language: language, digit: digit)
  }

  /// ``numbers(in:language:digit:)`` on a text already split into characters.
  package static func numbers(
    in characters: [Character], language: String?, digit: (Character) -> Int?
  ) -> [Number] {
    let separators = groupSeparators(for: language)
    var found: [Number] = []
    var index = 0
    while index < characters.count {
      guard digit(characters[index]) != nil else {
        index += 1
        continue
      }
      let start = index
      var value = ""
      while index < characters.count {
        if let number = digit(characters[index]) {
          if !(value.isEmpty && number == 0) { value.append(Character(String(number))) }
          index += 1
        } else if separators.contains(characters[index]),
          threeDigits(characters, from: index + 1, digit: digit)
        {
          index += 1
        } else {
          break
        }
      }
      found.append(
        Number(
          value: value.isEmpty ? "0" : value, written: String(characters[start..<index]),
          start: start))
    }
    return found
  }

  /// An ASCII digit's value.
  package static func asciiDigit(_ character: Character) -> Int? {
    character.isASCII ? character.wholeNumberValue : nil
  }

  /// Whether exactly three digits start at `index`, with no digit after them.
  private static func threeDigits(
    _ characters: [Character], from index: Int, digit: (Character) -> Int?
  ) -> Bool {
    guard index + 3 <= characters.count else { return false }
    for offset in 0..<3 where digit(characters[index + offset]) == nil { return false }
    return index + 3 == characters.count || digit(characters[index + 3]) == nil
  }
}
