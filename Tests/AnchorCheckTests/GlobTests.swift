import AnchorCheck
import Testing

@Suite struct GlobTests {
  @Test(arguments: [
    ("*.md", "README.md", true), ("*.md", "docs/a.md", true), ("docs/*.md", "docs/a.md", true),
    ("docs/*.md", "docs/x/a.md", false), ("docs/**", "docs/x/y/a.md", true),
    ("**/*.md", "a.md", true),
    ("**/*.md", "x/y/a.md", true), ("Tests/**", "Tests/A/b.swift", true),
    ("Tests/**", "Sources/Tests.swift", false),
    ("a?.md", "ab.md", true), ("a?.md", "a/.md", false),
    ("docs/archive/**", "docs/archive/2026/x.md", true),
  ])
  func matches(pattern: String, path: String, expected: Bool) {
    #expect(Glob(pattern).matches(path) == expected)
  }
}
