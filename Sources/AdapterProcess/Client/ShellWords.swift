/// Splits one shell-style command line into words: spaces separate them; single quotes keep
/// everything literal; double quotes keep spaces; a backslash, inside double quotes or outside quotes,
/// escapes the next character. No variables, globs or pipes: the words go to the program.
package enum ShellWords {
  /// The words of `line`.
  ///
  /// - Throws: ``AdapterProcessError`` for an unclosed quote or a trailing backslash.
  package static func split(_ line: String) throws(AdapterProcessError) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character? = nil
    var escaped = false
    for character in line {
      if escaped {
        current.append(character)
        escaped = false
        inWord = true
        continue
      }
      switch (quote, character) {
      case ("'", "'"), ("\"", "\""):
        quote = nil
      case ("'", _):
        current.append(character)
      case ("\"", "\\"):
        escaped = true
      case ("\"", _):
        current.append(character)
      case (nil, "'"), (nil, "\""):
        quote = character
        inWord = true
      case (nil, "\\"):
        escaped = true
      case (nil, _) where character.isWhitespace:
        if inWord { words.append(current) }
        current = ""
        inWord = false
      default:
        current.append(character)
        inWord = true
      }
    }
    guard quote == nil, !escaped else {
      throw AdapterProcessError(
        "the adapter command \(line.debugDescription) ends inside a quote or after a backslash; close it"
      )
    }
    if inWord { words.append(current) }
    guard !words.isEmpty else {
      throw AdapterProcessError(
        "the adapter command is empty; pass the program to run, such as \"python3 my_store.py\"")
    }
    return words
  }

  /// `word` as a shell reads it back as one word: as it is when it holds only letters, digits
  /// and `_ - . / : = , @ % +`, else in single quotes, each `'` written `'\''`. `split` reads it
  /// back too.
  package static func quote(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "_-./:=,@%+".unicodeScalars.contains(scalar))
      }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
