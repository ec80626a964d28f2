import Foundation
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// `PathText` answers as the Foundation calls it stands in for, on generated text, so that
/// `contract-kit-anchors` (FoundationEssentials alone) and `contract-kit` agree byte for byte.
@Suite struct PathTextTests {
  /// Generated paths from ASCII parts of two or more letters, slashes single and doubled,
  /// leading and trailing. (On Linux, `NSString`'s path calls trap where the last part is one
  /// letter with no `/` before it, and on some non-ASCII paths: those are the examples below.)
  /// Replay with `DECLSCAN_SEED`.
  @Test func pathPartsAsNSStringGivesThem() {
    let seed = baseSeed() &+ 90
    var random = SplitMix64(seed: seed)
    let pieces = ["ab", "Store.swift", "x y", "..", ".x", "/", "//", "a.b.c"]
    for round in 0..<(2_000 * scale()) {
      var path = (0..<(1 + random.below(6))).map { _ in pieces[random.below(pieces.count)] }
        .joined()
      if path.utf8.allSatisfy({ $0 == UInt8(ascii: "/") }) { path = "ab" + path }
      let last = (path as NSString).lastPathComponent
      let deleting = (path as NSString).deletingLastPathComponent
      guard PathText.lastComponent(path) == last, PathText.deletingLastComponent(path) == deleting
      else {
        Issue.record(
          "seed \(seed) (DECLSCAN_SEED=\(seed &- 90)), round \(round): \(path.debugDescription): last \(PathText.lastComponent(path).debugDescription) against \(last.debugDescription), deleting \(PathText.deletingLastComponent(path).debugDescription) against \(deleting.debugDescription)"
        )
        return
      }
    }
  }

  /// The cases Foundation traps on, non-ASCII ones among them, and the empty and root paths,
  /// as NSString documents them.
  @Test(arguments: [
    ("a", "a", ""), ("a///", "a", ""), ("", "", ""), ("/", "/", "/"), ("//a//", "a", "/"),
    ("a/b/", "b", "a"), ("/a", "a", "/"), ("a//b", "b", "a"), ("é ü//ab/", "ab", "é ü"),
    ("Sources/Größe.swift", "Größe.swift", "Sources"), ("日/本//", "本", "日"),
  ])
  func pathPartsOfTheEdgeCases(path: String, last: String, deleting: String) {
    #expect(PathText.lastComponent(path) == last)
    #expect(PathText.deletingLastComponent(path) == deleting)
  }

  /// Generated text, ASCII and not, percent-encodes as `addingPercentEncoding` does with
  /// `urlPathAllowed` less `?`, `#` and `%`. Replay with `DECLSCAN_SEED`.
  @Test func pathsPercentEncodeAsFoundationEncodesThem() {
    let seed = baseSeed() &+ 91
    var random = SplitMix64(seed: seed)
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    let scalars = (0..<128).compactMap(Unicode.Scalar.init) + ["é", "日", "\u{1F600}", "\u{301}"]
    for round in 0..<(2_000 * scale()) {
      var text = ""
      for _ in 0..<random.below(12) {
        text.unicodeScalars.append(scalars[random.below(scalars.count)])
      }
      let expected = text.addingPercentEncoding(withAllowedCharacters: allowed)
      guard PathText.percentEncodedPath(text) == expected else {
        Issue.record(
          "seed \(seed) (DECLSCAN_SEED=\(seed &- 91)), round \(round): \(text.debugDescription) gave \(PathText.percentEncodedPath(text)) against \(expected ?? "nil")"
        )
        return
      }
    }
  }

  /// Generated text trims as `trimmingCharacters(in:)` trims it, with `.whitespaces` and with
  /// `.newlines`. Replay with `DECLSCAN_SEED`.
  @Test func textTrimsAsFoundationTrimsIt() {
    let seed = baseSeed() &+ 92
    var random = SplitMix64(seed: seed)
    let pieces = [
      " ", "\t", "\u{A0}", "\u{2003}", "\n", "\r", "\r\n", "\u{0B}", "\u{85}", "\u{2028}",
      "\u{2029}", "ab", "é", "1f2e",
    ]
    for round in 0..<(2_000 * scale()) {
      let text = (0..<random.below(8)).map { _ in pieces[random.below(pieces.count)] }.joined()
      let spaces = text.trimmingCharacters(in: .whitespaces)
      let newlines = text.trimmingCharacters(in: .newlines)
      guard PathText.trimmingSpaces(text) == spaces, PathText.trimmingNewlines(text) == newlines
      else {
        Issue.record(
          "seed \(seed) (DECLSCAN_SEED=\(seed &- 92)), round \(round): \(text.debugDescription): spaces \(PathText.trimmingSpaces(text).debugDescription) against \(spaces.debugDescription), newlines \(PathText.trimmingNewlines(text).debugDescription) against \(newlines.debugDescription)"
        )
        return
      }
    }
  }
}
