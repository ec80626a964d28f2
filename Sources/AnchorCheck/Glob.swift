/// A path glob: `*` matches within one path component, `**` across components, `?` one
/// character. Paths are relative to the root, with `/` separators.
///
/// ```swift
/// Glob("docs/archive/**").matches("docs/archive/2026-08-15/ai-core/a.md")  // true
/// Glob("*.md").matches("README.md")                                       // true
/// ```
public struct Glob: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String
  private let parts: [Character]

  /// Creates a glob from its pattern.
  public init(_ pattern: String) {
    self.pattern = pattern
    self.parts = Array(pattern)
  }

  /// The pattern.
  public var description: String { pattern }

  /// Whether `path` matches the whole pattern. A pattern without `/` also matches a bare name
  /// at any depth, as `.gitignore` does.
  public func matches(_ path: String) -> Bool {
    let name = Array(path)
    if Self.match(parts[...], name[...]) { return true }
    if !pattern.contains("/"), let slash = path.lastIndex(of: "/") {
      return Self.match(parts[...], Array(path[path.index(after: slash)...])[...])
    }
    return false
  }

  private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool
  {
    guard let first = pattern.first else { return text.isEmpty }
    let rest = pattern.dropFirst()
    switch first {
    case "*" where rest.first == "*":
      let after = rest.dropFirst()
      // `**/` also matches zero components.
      if after.first == "/", match(after.dropFirst(), text) { return true }
      var index = text.startIndex
      while true {
        if match(after, text[index...]) { return true }
        guard index < text.endIndex else { return false }
        index += 1
      }
    case "*":
      var index = text.startIndex
      while true {
        if match(rest, text[index...]) { return true }
        guard index < text.endIndex, text[index] != "/" else { return false }
        index += 1
      }
    case "?":
      guard let next = text.first, next != "/" else { return false }
      return match(rest, text.dropFirst())
    default:
      guard text.first == first else { return false }
      return match(rest, text.dropFirst())
    }
  }
}
