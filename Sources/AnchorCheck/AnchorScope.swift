import Foundation

/// Which anchors a check covers when only some files changed (`--changed-since`): every anchor in
/// the changed docs, and every anchor elsewhere that cites a changed file, including files that
/// were deleted or renamed away, and a changed file by a path it had before a rename
/// (`GitRepository.scope(since:)` adds those). Each of them gets the verdict a full check would
/// give it.
public struct AnchorScope: Sendable {
  /// The changed files, relative to the root, deleted and renamed-away paths included, and the
  /// paths they had before renames.
  public let files: Set<String>
  private let names: Set<String>

  /// A scope over `files` (relative to the root).
  public init(files: Set<String>) {
    self.files = files
    names = Set(files.map { ($0 as NSString).lastPathComponent })
  }

  /// Whether every anchor of `doc` is in scope: the doc itself changed.
  func covers(doc: String) -> Bool { files.contains(doc) }

  /// Whether a doc's bytes may cite a changed file: one of their names occurs in it, as written
  /// or, in a doc with a `%`, percent-decoded as a link's path is. A cheap filter before parsing;
  /// `cites` decides. Past 32 names one search per name costs more than parsing: such docs are
  /// parsed.
  func mayCite(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
    if names.count > 32 || contains(names: bytes) { return true }
    guard memchr(base, 0x25, bytes.count) != nil else { return false }
    // Decoded as the parser decodes a link's path; where decoding leaves bytes that are not
    // UTF-8, the doc is parsed rather than second-guessed.
    var decoded = AnchorParser.percentDecoded(
      String(decoding: UnsafeRawBufferPointer(rebasing: bytes[...]), as: UTF8.self))
    return decoded.withUTF8 { decoded in
      let raw = UnsafeRawBufferPointer(decoded)
      return Self.replacementCharacter.withUnsafeBufferPointer { Self.contains(raw, $0) }
        || contains(names: raw)
    }
  }

  private static let replacementCharacter = Array("\u{FFFD}".utf8)

  private func contains(names bytes: UnsafeRawBufferPointer) -> Bool {
    names.contains { name in
      var name = name
      return name.withUTF8 { needle in Self.contains(bytes, needle) }
    }
  }

  /// Whether an anchor citing `path` may cite a changed file: its file name is one of theirs.
  /// Necessary for `cites`, and cheap enough to ask before resolving the path.
  func mayCite(path: String) -> Bool {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
      return names.contains(path)
    }
    return names.contains(String(path[path.utf8.index(after: slash)...]))
  }

  /// Whether an anchor citing `path` (as written, from `doc`) that resolved to `resolution`
  /// cites a changed file.
  func cites(_ path: String, resolution: RepositoryIndex.Resolution, from doc: String) -> Bool {
    switch resolution {
    case .file(let file): if files.contains(file) { return true }
    case .ambiguous(let candidates): if candidates.contains(where: files.contains) { return true }
    default: break
    }
    guard path.utf8.contains(UInt8(ascii: "/")) else { return names.contains(path) }
    let folder = (doc as NSString).deletingLastPathComponent
    return [path, folder.isEmpty ? path : folder + "/" + path].contains {
      RepositoryIndex.normalize($0).map(files.contains) ?? false
    }
  }

  private static func contains(
    _ haystack: UnsafeRawBufferPointer, _ needle: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
    let last = haystack.count - needle.count
    var index = 0
    while index <= last {
      guard let found = memchrIndex(haystack, first, from: index, through: last) else {
        return false
      }
      if memcmp(haystack.baseAddress! + found, needle.baseAddress!, needle.count) == 0 {
        return true
      }
      index = found + 1
    }
    return false
  }

  private static func memchrIndex(
    _ bytes: UnsafeRawBufferPointer, _ byte: UInt8, from start: Int, through last: Int
  ) -> Int? {
    guard let base = bytes.baseAddress,
      let hit = memchr(base + start, Int32(byte), last - start + 1)
    else { return nil }
    return base.distance(to: UnsafeRawPointer(hit))
  }
}
