/// A JSON document that could not be read or written, with the JSON path where it went wrong.
///
/// Its description reads `$.receipt.steps[0].status.kind: unknown kind "done"; expected one of
/// completed, failed, skipped, notPromoted`.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The JSON path of the offending value, such as `$.sections[2].pages.first`. `$` is the root.
  public let path: String
  /// What was wrong there.
  public let message: String

  /// Creates an error at `path`.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`.
  public var description: String { "\(path): \(message)" }

  /// Renders path components (`.key` or `[3]`) as a JSON path starting at `$`.
  static func render(_ components: [String]) -> String { "$" + components.joined() }

  /// The path component for an object key: `.key`, or `["odd key"]` when the key is not a
  /// plain identifier.
  static func keyComponent(_ key: String) -> String {
    let plain =
      !key.isEmpty
      && key.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
      }
    return plain ? ".\(key)" : "[\"\(key)\"]"
  }

  /// Renders a Codable coding path as a JSON path.
  static func render(_ codingPath: [any CodingKey]) -> String {
    render(
      codingPath.map { key in key.intValue.map { "[\($0)]" } ?? keyComponent(key.stringValue) })
  }
}
