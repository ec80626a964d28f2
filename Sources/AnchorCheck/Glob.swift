/// A path glob: `*` matches within one path component, `**` across components, `?` one
/// character. Paths are relative to the root, with `/` separators.
///
/// ```swift
/// let archived = Glob("docs/archive/**").matches("docs/archive/2026/ai-core/a.md")  // true
/// let readme = Glob("*.md").matches("README.md")  // true
/// ```
public struct Glob: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String
  private let parts: [Character]
  /// The pattern's bytes, when it is plain ASCII (one Character a byte); `nil` otherwise.
  private let bytes: [UInt8]?
  /// Whether the pattern has a `/`: one without also matches a bare name at any depth.
  private let hasSlash: Bool
  /// For a pattern `**/*TAIL`, the commonest (`**/*.md`), with a plain ASCII tail free of `*`,
  /// `?` and `/`: TAIL's bytes. Such a pattern matches exactly the paths whose last part ends
  /// with TAIL, since `*` cannot cross a `/`.
  private let nameSuffix: [UInt8]?

  /// Creates a glob from its pattern.
  public init(_ pattern: String) {
    self.pattern = pattern
    self.parts = Array(pattern)
    self.bytes = Self.isPlainASCII(pattern) ? Array(pattern.utf8) : nil
    self.hasSlash = pattern.utf8.contains(UInt8(ascii: "/"))
    let tail = bytes.flatMap { $0.starts(with: "**/*".utf8) ? $0.dropFirst(4) : nil }
    self.nameSuffix = tail.flatMap { tail in
      tail.contains { "*?/".utf8.contains($0) } ? nil : Array(tail)
    }
  }

  /// Whether two globs have the same pattern.
  public static func == (lhs: Glob, rhs: Glob) -> Bool { lhs.pattern == rhs.pattern }

  /// Hashes the pattern, all that tells two globs apart.
  public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

  /// The pattern.
  public var description: String { pattern }

  /// Whether `path` matches the whole pattern. A pattern without `/` also matches a bare name
  /// at any depth, as `.gitignore` does.
  public func matches(_ path: String) -> Bool {
    // ASCII without carriage returns is one Character per byte: matched as bytes, without
    // building Characters (the checker asks this of every file in a repository).
    // The pattern's bytes were read once, when it was made.
    if let bytes, Self.isPlainASCII(path) {
      var path = path
      return bytes.withUnsafeBufferPointer { pattern in
        path.withUTF8 { path in
          let (star, question, slash) = (UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "/"))
          if let nameSuffix {
            let name = path.lastIndex(of: slash).map { path[($0 + 1)...] } ?? path[...]
            return name.count >= nameSuffix.count
              && name.suffix(nameSuffix.count).elementsEqual(nameSuffix)
          }
          if Self.match(pattern[...], path[...], star, question, slash) { return true }
          guard !hasSlash, let last = path.lastIndex(of: slash) else { return false }
          return Self.match(pattern[...], path[(last + 1)...], star, question, slash)
        }
      }
    }
    let name = Array(path)
    if Self.match(parts[...], name[...], "*", "?", "/") { return true }
    if !hasSlash, let slash = path.lastIndex(of: "/") {
      return Self.match(
        parts[...], Array(path[path.index(after: slash)...])[...], "*", "?", "/")
    }
    return false
  }

  private static func isPlainASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
  }

  /// The matcher, over Characters or over the bytes of ASCII text.
  private static func match<Text: Collection>(
    _ pattern: Text, _ text: Text, _ star: Text.Element, _ question: Text.Element,
    _ slash: Text.Element
  ) -> Bool where Text.Element: Equatable, Text.SubSequence == Text {
    guard let first = pattern.first else { return text.isEmpty }
    let rest = pattern.dropFirst()
    switch first {
    case star where rest.first == star:
      let after = rest.dropFirst()
      // `**/` also matches zero components.
      if after.first == slash, match(after.dropFirst(), text, star, question, slash) {
        return true
      }
      var index = text.startIndex
      while true {
        if match(after, text[index...], star, question, slash) { return true }
        guard index < text.endIndex else { return false }
        text.formIndex(after: &index)
      }
    case star:
      var index = text.startIndex
      while true {
        if match(rest, text[index...], star, question, slash) { return true }
        guard index < text.endIndex, text[index] != slash else { return false }
        text.formIndex(after: &index)
      }
    case question:
      guard let next = text.first, next != slash else { return false }
      return match(rest, text.dropFirst(), star, question, slash)
    default:
      guard text.first == first else { return false }
      return match(rest, text.dropFirst(), star, question, slash)
    }
  }
}
