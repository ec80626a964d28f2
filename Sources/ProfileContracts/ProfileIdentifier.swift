/// Which engine profile a command runs under.
///
/// Notes, documents, web links and voice transcripts share one engine. Its JSON form is the bare
/// string: `"document"`.
public struct ProfileIdentifier: RawRepresentable, ExpressibleByStringLiteral, Codable, Hashable,
  Sendable, CustomStringConvertible
{
  /// The profile's name.
  public let rawValue: String

  /// Creates an identifier from its name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Creates an identifier from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// A document with pages, such as a PDF.
  public static let document: ProfileIdentifier = "document"
  /// A note the person wrote.
  public static let note: ProfileIdentifier = "note"
  /// The text of a web page.
  public static let webLink: ProfileIdentifier = "webLink"
  /// The transcript of a voice recording.
  public static let voiceTranscript: ProfileIdentifier = "voiceTranscript"

  /// The profile's name.
  public var description: String { rawValue }

}
