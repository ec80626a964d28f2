/// What to summarize, under which profile, into which language.
///
/// The command is the store's key: re-submitting the identical command finds its progress, and a
/// command that differs in any field is a different key.
public struct ProfileCommand: Codable, Hashable, Sendable {
  /// Which engine profile.
  public let profile: ProfileIdentifier
  /// The app's identifier of the attachment. Untrusted: never a path.
  public let attachmentID: String
  /// The source language as a BCP 47 code, or `nil` to identify it from the text.
  public let sourceLanguage: String?
  /// The language the person reads, as a BCP 47 code.
  public let targetLanguage: String

  /// Creates a command.
  public init(
    profile: ProfileIdentifier, attachmentID: String, sourceLanguage: String?,
    targetLanguage: String
  ) {
    self.profile = profile
    self.attachmentID = attachmentID
    self.sourceLanguage = sourceLanguage
    self.targetLanguage = targetLanguage
  }
}
