import KitSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The optional `anchors.json` at the root: which docs to scan and which are archives.
///
/// ```json
/// {"include": ["**/*.md"], "exclude": ["vendor/**"], "archive": ["docs/archive/**"]}
/// ```
///
/// Archived docs are historical records: their anchors are checked and reported, but as
/// warnings that do not fail the run. Excluded paths are never scanned nor searched.
public struct AnchorConfig: Hashable, Sendable {
  /// Docs to scan (default: every `*.md`).
  public var include: [Glob]
  /// Paths never scanned nor searched, besides `.git` and `.build`.
  public var exclude: [Glob]
  /// Docs whose findings are warnings.
  public var archive: [Glob]

  /// The keys `anchors.json` may hold.
  public static let keys = ["include", "exclude", "archive"]

  /// Creates a configuration.
  public init(include: [Glob] = [Glob("**/*.md")], exclude: [Glob] = [], archive: [Glob] = []) {
    self.include = include
    self.exclude = exclude
    self.archive = archive
  }

  /// Reads a configuration file.
  ///
  /// - Throws: ``AnchorConfigError`` naming the file, the key and the fix.
  public static func load(_ url: URL) throws -> AnchorConfig {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw AnchorConfigError("cannot read \(url.path); check the path given to --config")
    }
    let value: JSONValue
    do {
      value = try JSONValue(parsing: data)
    } catch {
      throw AnchorConfigError(
        "\(url.lastPathComponent) is not valid JSON (\(error)); fix the syntax")
    }
    guard case .object(let members) = value else {
      throw AnchorConfigError(
        "\(url.lastPathComponent) must hold a JSON object with keys \(keys.joined(separator: ", "))"
      )
    }
    var config = AnchorConfig()
    for (key, member) in members.sorted(by: { $0.key < $1.key }) {
      guard keys.contains(key) else {
        let hint =
          keys.first { $0.hasPrefix(String(key.prefix(3))) }.map { "; did you mean \"\($0)\"?" }
          ?? ""
        throw AnchorConfigError(
          "\(url.lastPathComponent): unknown key \"\(key)\"; known keys are \(keys.joined(separator: ", "))\(hint)"
        )
      }
      guard case .array(let items) = member,
        let globs = Optional(
          items.compactMap { item -> Glob? in
            if case .string(let text) = item { return Glob(text) }
            return nil
          }), globs.count == items.count
      else {
        throw AnchorConfigError(
          "\(url.lastPathComponent): \"\(key)\" must be an array of glob strings, such as [\"docs/**/*.md\"]"
        )
      }
      switch key {
      case "include": config.include = globs
      case "exclude": config.exclude = globs
      default: config.archive = globs
      }
    }
    return config
  }
}

/// A configuration file that cannot be used: one line naming the key and the fix.
public struct AnchorConfigError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message.
  public let message: String
  init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}
