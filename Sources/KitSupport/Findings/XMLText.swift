/// Text inside an XML attribute or element, for JUnit reports: the package's one XML escaper.
package enum XMLText {
  /// `&`, `<`, `>` and `"` as entities; a line feed, carriage return and tab as numeric
  /// references, so an attribute keeps them; and every scalar XML 1.0 cannot hold at all, not
  /// even as a reference (the other C0 controls, U+FFFE and U+FFFF), as the text `\u{…}`, its
  /// hexadecimal value, so a report with one is still XML that every reader accepts.
  package static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      case "\t": out += "&#9;"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
