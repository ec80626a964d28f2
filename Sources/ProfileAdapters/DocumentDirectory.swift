import Foundation

/// The folder a document provider reads attachments from, and the rule that keeps an attachment
/// ID inside it: no `..`, no absolute path, no symbolic link that leads out.
struct DocumentDirectory: Sendable {
  /// The folder, standardized.
  let url: URL
  /// What an attachment here is, for messages: "a text file", "a PDF".
  let kind: String
  private let root: String

  /// A regular file's size and modification date, which tell a provider when its cached index of
  /// the file is stale.
  struct FileIdentity: Hashable, Sendable {
    let size: Int
    let modified: Date?
  }

  init(_ directory: URL, kind: String) throws(DocumentProviderError) {
    url = directory.standardizedFileURL
    self.kind = kind
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw DocumentProviderError(
        code: .unreadableDirectory,
        message: "document directory \(url.path) does not exist; pass an existing directory")
    }
    root = url.resolvingSymlinksInPath().path
  }

  /// The attachment's file, refused when its ID would leave the folder.
  func fileURL(_ attachmentID: String) throws(DocumentProviderError) -> URL {
    let refuse = DocumentProviderError(
      code: .attachmentOutsideDirectory,
      message:
        "attachment ID \(Self.quoted(attachmentID)) would leave the document directory; pass a file name inside \(url.path)"
    )
    guard !attachmentID.isEmpty else {
      throw DocumentProviderError(
        code: .unknownAttachment,
        message: "attachment ID is empty; pass a file name inside \(url.path)")
    }
    guard !attachmentID.hasPrefix("/"), !attachmentID.contains("\0") else { throw refuse }
    let components = attachmentID.split(separator: "/", omittingEmptySubsequences: true)
    guard !components.contains("..") else { throw refuse }
    let file = url.appendingPathComponent(attachmentID)
    let resolved = file.resolvingSymlinksInPath().path
    guard resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
      throw refuse
    }
    return file
  }

  /// The attachment's file and identity; throws unless it is a regular file inside the folder.
  func regularFile(_ attachmentID: String) throws(DocumentProviderError) -> (
    url: URL, identity: FileIdentity
  ) {
    let file = try fileURL(attachmentID)
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    } catch {
      throw DocumentProviderError(
        code: .unknownAttachment,
        message:
          "no attachment \(Self.quoted(attachmentID)) in \(url.path); pass the name of \(kind) there"
      )
    }
    guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
      throw DocumentProviderError(
        code: .unknownAttachment,
        message:
          "attachment \(Self.quoted(attachmentID)) is not a regular file; pass the name of \(kind)")
    }
    let identity = FileIdentity(
      size: (attributes[.size] as? NSNumber)?.intValue ?? -1,
      modified: attributes[.modificationDate] as? Date)
    return (file, identity)
  }

  /// Reads `range` of the file at `file`.
  func read(_ range: Range<Int>, of file: URL, attachmentID: String) throws(DocumentProviderError)
    -> [UInt8]
  {
    do {
      let handle = try FileHandle(forReadingFrom: file)
      defer { try? handle.close() }
      try handle.seek(toOffset: UInt64(range.lowerBound))
      return [UInt8](try handle.read(upToCount: range.count) ?? Data())
    } catch {
      throw DocumentProviderError(
        code: .unreadableAttachment,
        message:
          "cannot read attachment \(Self.quoted(attachmentID)): \(error.localizedDescription); check its permissions"
      )
    }
  }

  /// An attachment ID in quotes, shortened past 80 characters, for messages.
  static func quoted(_ id: String) -> String {
    "\"" + (id.count > 80 ? String(id.prefix(80)) + "…" : id) + "\""
  }
}
