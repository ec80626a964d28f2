@_spi(Benchmarks) import AnchorCheck
import Foundation
import Testing

@Suite struct GlobTests {
  @Test(arguments: [
    ("*.md", "README.md", true), ("*.md", "docs/a.md", true), ("docs/*.md", "docs/a.md", true),
    ("docs/*.md", "docs/x/a.md", false), ("docs/**", "docs/x/y/a.md", true),
    ("**/*.md", "a.md", true),
    ("**/*.md", "x/y/a.md", true), ("**/*.md", "x/y.md/a", false), ("**/*.md", "x/.md", true),
    ("**/*.md", "x/a.mdx", false), ("Tests/**", "Tests/A/b.swift", true),
    ("Tests/**", "Sources/Tests.swift", false),
    ("a?.md", "ab.md", true), ("a?.md", "a/.md", false),
    ("docs/archive/**", "docs/archive/2026/x.md", true),
  ])
  func matches(pattern: String, path: String, expected: Bool) {
    #expect(Glob(pattern).matches(path) == expected)
  }

  /// The glob's rules as a regular expression: `**/` any folders or none, `**` anything, `*`
  /// anything but `/`, `?` one character but `/`; a pattern without `/` also matches a path's
  /// last part.
  static func reference(_ pattern: String, _ path: String) -> Bool {
    var regex = "^"
    var rest = Substring(pattern)
    while let first = rest.first {
      if rest.hasPrefix("**/") {
        regex += "(?:.*/)?"
        rest = rest.dropFirst(3)
      } else if rest.hasPrefix("**") {
        regex += ".*"
        rest = rest.dropFirst(2)
      } else {
        regex +=
          first == "*"
          ? "[^/]*" : first == "?" ? "[^/]" : NSRegularExpression.escapedPattern(for: String(first))
        rest = rest.dropFirst()
      }
    }
    let expression = try! NSRegularExpression(
      pattern: regex + "$", options: [.dotMatchesLineSeparators])
    func whole(_ text: String) -> Bool {
      expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    if whole(path) { return true }
    guard !pattern.contains("/"), let slash = path.lastIndex(of: "/") else { return false }
    return whole(String(path[path.index(after: slash)...]))
  }

  /// Generated patterns and paths, plain ASCII (matched as bytes) and not (as Characters),
  /// agree with the regular expression of the same rules. Replay with `DECLSCAN_SEED`.
  @Test func generatedPatternsMatchAsTheRulesSay() {
    let seed = baseSeed() &+ 60
    var random = SplitMix64(seed: seed)
    let pieces = ["*", "**", "?", "/", "a", "b", ".md", "é", "**/"]
    let names = ["a", "b", "/", ".md", "é", "ab"]
    for round in 0..<(3_000 * scale()) {
      // Every other pattern has the shape `**/*TAIL` that is matched by its tail alone.
      let pattern =
        (round % 2 == 0 ? "**/*" : "")
        + (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
      let path = (0..<random.below(7)).map { _ in names[random.below(names.count)] }.joined()
      let expected = Self.reference(pattern, path)
      guard Glob(pattern).matches(path) == expected else {
        Issue.record(
          "seed \(seed) (DECLSCAN_SEED=\(seed &- 60)), round \(round): \(pattern) against \(path): expected \(expected)"
        )
        return
      }
    }
  }
}
