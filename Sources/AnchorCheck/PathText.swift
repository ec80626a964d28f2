/// What the checker does with paths and git's lines as text, without Foundation's `NSString`
/// and `CharacterSet` (`contract-kit-anchors` loads only FoundationEssentials): the same answers
/// those give, where they give one. (On Linux, `NSString.deletingLastPathComponent` traps on a
/// one-letter path such as `"a"`.)
enum PathText {
  private static let slash = UInt8(ascii: "/")

  /// The last part of `path`, trailing slashes aside: `"b"` for `"a/b/"`, `"/"` for `"/"`, as
  /// `NSString.lastPathComponent` says.
  static func lastComponent(_ path: String) -> String {
    let bytes = path.utf8
    guard let end = bytes.lastIndex(where: { $0 != slash }).map({ bytes.index(after: $0) })
    else { return path.isEmpty ? "" : "/" }
    let start =
      bytes[..<end].lastIndex(of: slash).map { bytes.index(after: $0) }
      ?? bytes.startIndex
    return String(path[start..<end])
  }

  /// `path` without its last part, as `NSString.deletingLastPathComponent` says: the parts
  /// before it joined by single slashes, with a leading `/` when `path` has one: `"a"` for
  /// `"a//b/"`, `""` for `"a"`, `"/"` for `"/a"` and for `"/"`.
  static func deletingLastComponent(_ path: String) -> String {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    let absolute = path.utf8.first == slash
    let kept = parts.dropLast().joined(separator: "/")
    return absolute ? "/" + kept : kept
  }

  /// `path` percent-encoded for a URL's path, as `addingPercentEncoding` does with
  /// `CharacterSet.urlPathAllowed` less `?`, `#` and `%`: every other byte as `%XX`.
  static func percentEncodedPath(_ path: String) -> String {
    var encoded = ""
    encoded.reserveCapacity(path.utf8.count)
    for byte in path.utf8 {
      if pathAllowed[Int(byte)] {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0x0F)])
      }
    }
    return encoded
  }

  private static let hexDigits = Array("0123456789ABCDEF")

  /// The bytes `urlPathAllowed` holds, `?`, `#` and `%` taken out.
  private static let pathAllowed: [Bool] = {
    var allowed = [Bool](repeating: false, count: 256)
    for byte in "!$&'()*+,-./0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
      .utf8
    {
      allowed[Int(byte)] = true
    }
    return allowed
  }()

  /// `text` without the whitespace `CharacterSet.whitespaces` holds (spaces and tabs, Unicode's
  /// among them) at either end.
  static func trimmingSpaces<Text: StringProtocol>(_ text: Text) -> String {
    trimming(text) { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
  }

  /// `text` without the line breaks `CharacterSet.newlines` holds at either end.
  static func trimmingNewlines<Text: StringProtocol>(_ text: Text) -> String {
    trimming(text) {
      ("\n"..."\r").contains($0) || ["\u{85}", "\u{2028}", "\u{2029}"].contains($0)
    }
  }

  private static func trimming<Text: StringProtocol>(
    _ text: Text, _ trimmed: (Unicode.Scalar) -> Bool
  ) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !trimmed($0) }),
      let last = scalars.lastIndex(where: { !trimmed($0) })
    else { return "" }
    var trimmedText = ""
    trimmedText.unicodeScalars.append(contentsOf: scalars[first...last])
    return trimmedText
  }
}
