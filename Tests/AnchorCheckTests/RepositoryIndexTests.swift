import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// How the index writes a cited path relative to the root.
@Suite struct RepositoryIndexTests {
  /// The definition: parts split at `/`, empty and `.` parts dropped, `..` taking back the part
  /// before it, or `nil` when there is none.
  static func reference(_ path: String) -> String? {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }

  @Test func normalizeMatchesTheDefinitionOnEveryMixOfParts() {
    // Every path of up to four parts from these, so each kind of part stands first, last, alone
    // and between others, with and without a leading or trailing slash.
    let kinds = ["a", "", ".", "..", "...", ".x", "x.", "b.swift"]
    var paths = [""]
    for _ in 1...4 {
      paths += paths.flatMap { path in kinds.map { path.isEmpty ? $0 : path + "/" + $0 } }
    }
    for path in Set(paths) {
      #expect(RepositoryIndex.normalize(path) == Self.reference(path), "\(path)")
      #expect(RepositoryIndex.normalize("/" + path) == Self.reference("/" + path), "/\(path)")
    }
  }

  @Test func normalizeResolvesDotsAndRefusesToClimbOut() {
    #expect(RepositoryIndex.normalize("Sources/A/../B/./c.swift") == "Sources/B/c.swift")
    #expect(RepositoryIndex.normalize("Sources/B/c.swift") == "Sources/B/c.swift")
    #expect(RepositoryIndex.normalize("a//b/") == "a/b")
    #expect(RepositoryIndex.normalize("../a") == nil)
    #expect(RepositoryIndex.normalize("a/../..") == nil)
  }
}
