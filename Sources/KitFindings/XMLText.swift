/// Text inside an XML attribute or element, for JUnit reports: the package's one XML escaper.
package enum XMLText {
  /// `&`, `<`, `>` and `"` as entities, a line feed as `&#10;`, and every other control character
  /// but the tab as its numeric reference.
  package static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\n": out += "&#10;"
      case _ where scalar.value < 0x20 && scalar != "\t": out += "&#\(scalar.value);"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
