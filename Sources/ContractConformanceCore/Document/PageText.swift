import Foundation

/// How the document suite compares a page's text with its fixture: as Swift compares strings,
/// by canonical equivalence (an NFD page equals its NFC fixture), with runs of whitespace (line
/// breaks, blank lines, form feeds, tabs) counted as one space. A provider may reflow a page; it
/// may not change, drop or add a character that is seen.
///
/// A provider that normalizes text keeps every promise the core relies on: the core compares
/// facts with `String.contains`, which is canonical equivalence too, so it passes. When two texts
/// differ, ``difference(expected:read:)`` says how, so that texts that print alike do not leave
/// the reader staring at two identical quotes.
enum PageText {
  /// The text as the suite compares it: words split at whitespace, joined by one space.
  static func comparable(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Whether `read` is the fixture's `expected` text, as the suite compares texts.
  static func matches(_ read: String, _ expected: String) -> Bool {
    comparable(read) == comparable(expected)
  }

  /// A note when `read` matches `expected` only up to normalization: `nil` when their scalars
  /// are the same.
  static func normalizationNote(expected: String, read: String) -> String? {
    let (a, b) = (comparable(expected), comparable(read))
    guard a == b, !a.unicodeScalars.elementsEqual(b.unicodeScalars) else { return nil }
    return "the same text in another normalization form, \(form(b)) where the fixture is \(form(a))"
  }

  /// What differs between `expected` and `read`, in words, for a failure message.
  static func difference(expected: String, read: String) -> String {
    let (a, b) = (comparable(expected), comparable(read))
    if a.precomposedStringWithCompatibilityMapping == b.precomposedStringWithCompatibilityMapping {
      return
        "the same text under compatibility normalization (NFKC), which changes characters: full-width digits, ligatures or superscripts were folded"
    }
    let visible = { (text: String) in
      String(String.UnicodeScalarView(text.unicodeScalars.filter { !isInvisible($0) }))
    }
    if visible(a) == visible(b) {
      let lost = a.unicodeScalars.filter(isInvisible).map(name)
      let added = b.unicodeScalars.filter(isInvisible).map(name)
      return
        "the same visible text, but its invisible characters differ (fixture: \(lost.isEmpty ? "none" : lost.joined(separator: ", ")); read: \(added.isEmpty ? "none" : added.joined(separator: ", ")))"
    }
    let left = Array(a)
    let right = Array(b)
    let shorter = min(left.count, right.count)
    let first = (0..<shorter).first { left[$0] != right[$0] } ?? shorter
    let expectedCharacter = first < left.count ? describe(left[first]) : "the end of the text"
    let readCharacter = first < right.count ? describe(right[first]) : "the end of the text"
    return
      "first difference at character \(first + 1): the fixture has \(expectedCharacter), the page has \(readCharacter)"
  }

  /// `NFC`, `NFD`, or `neither NFC nor NFD`.
  private static func form(_ text: String) -> String {
    let scalars = text.unicodeScalars
    if scalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars) {
      return "NFC"
    }
    if scalars.elementsEqual(text.decomposedStringWithCanonicalMapping.unicodeScalars) {
      return "NFD"
    }
    return "neither NFC nor NFD"
  }

  /// Characters that print as nothing: joiners, zero-width spaces, the byte-order mark, the soft
  /// hyphen, bidirectional controls.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isDefaultIgnorableCodePoint
  }

  private static func name(_ scalar: Unicode.Scalar) -> String {
    let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    return scalar.properties.name.map { "\(code) \($0)" } ?? code
  }

  private static func describe(_ character: Character) -> String {
    "\"\(character)\" (" + character.unicodeScalars.map(name).joined(separator: ", ") + ")"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
