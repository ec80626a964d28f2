#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// Each name's bytes, and where in them its rarest byte stands, to search docs for.
  private let needles: [(bytes: [UInt8], pivot: Int)]

  /// A scope over `files` (relative to the root).
  public init(files: Set<String>) {
    self.files = files
    names = Set(files.map(PathText.lastComponent))
    needles = names.sorted().map { name in
      let bytes = Array(name.utf8)
      return (bytes, bytes.indices.min { Self.rarity(bytes[$0]) > Self.rarity(bytes[$1]) } ?? 0)
    }
  }

  /// Whether every anchor of `doc` is in scope: the doc itself changed.
  func covers(doc: String) -> Bool { files.contains(doc) }

  /// Whether a doc's bytes may cite a changed file: one of their names occurs in it, as written
  /// or, in a doc with a `%`, percent-decoded as a link's path is. A cheap filter before parsing;
  /// `cites` decides. Past 32 names one search per name costs more than parsing: such docs are
  /// parsed.
  func mayCite(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
    if names.count > Self.searchedNames || contains(names: bytes) { return true }
    guard memchr(base, 0x25, bytes.count) != nil else { return false }
    // Decoded as the parser decodes a link's path; where decoding leaves bytes that are not
    // UTF-8, the doc is parsed rather than second-guessed.
    var decoded = AnchorParser.percentDecoded(
      String(decoding: UnsafeRawBufferPointer(rebasing: bytes[...]), as: UTF8.self))
    return decoded.withUTF8 { decoded in
      let raw = UnsafeRawBufferPointer(decoded)
      return Self.replacementCharacter.withUnsafeBufferPointer { Self.contains(raw, $0, pivot: 0) }
        || contains(names: raw)
    }
  }

  private static let replacementCharacter = Array("\u{FFFD}".utf8)

  /// Up to how many names a doc is searched for them; past it, every doc is parsed whole.
  private static let searchedNames = 32

  /// For a doc out of scope as a whole that may cite a changed file: which of its lines to scan
  /// for anchors (prose, links, permalinks, and a quote's citation line). An anchor citing a
  /// changed file lies on one line, which holds the file's name or, percent-encoded in a link, a
  /// `%`. `nil`, every line, past 32 names.
  var proseLines: ((UnsafeBufferPointer<UInt8>) -> Bool)? {
    guard names.count <= Self.searchedNames else { return nil }
    return { line in
      let raw = UnsafeRawBufferPointer(line)
      guard let base = raw.baseAddress, !raw.isEmpty else { return false }
      return memchr(base, 0x25, raw.count) != nil || self.contains(names: raw)
    }
  }

  private func contains(names bytes: UnsafeRawBufferPointer) -> Bool {
    needles.contains { needle in
      needle.bytes.withUnsafeBufferPointer { Self.contains(bytes, $0, pivot: needle.pivot) }
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
    let folder = PathText.deletingLastComponent(doc)
    return [path, folder.isEmpty ? path : folder + "/" + path].contains {
      RepositoryIndex.normalize($0).map(files.contains) ?? false
    }
  }

  /// Whether `needle` occurs in `haystack`: `memchr` for the needle's byte at `pivot` (its
  /// rarest), then a comparison of the whole needle around each hit. The first byte would do,
  /// but a file's name mostly starts with a letter that prose is full of, and every hit costs a
  /// comparison.
  private static func contains(
    _ haystack: UnsafeRawBufferPointer, _ needle: UnsafeBufferPointer<UInt8>, pivot: Int
  ) -> Bool {
    guard let needleBase = needle.baseAddress, !needle.isEmpty else { return true }
    guard let base = haystack.baseAddress, needle.count <= haystack.count else { return false }
    let byte = Int32(needle[pivot])
    // A hit at `k` puts the needle at `k - pivot`, which must lie within the haystack.
    var from = pivot
    let last = haystack.count - needle.count + pivot
    while from <= last {
      guard let hit = memchr(base + from, byte, last - from + 1) else { return false }
      let at = base.distance(to: UnsafeRawPointer(hit))
      // Its ends first: most hits fail there, without a call.
      let start = base + (at - pivot)
      if start.load(as: UInt8.self) == needle[0],
        start.load(fromByteOffset: needle.count - 1, as: UInt8.self) == needle[needle.count - 1],
        memcmp(start, needleBase, needle.count) == 0
      {
        return true
      }
      from = at + 1
    }
    return false
  }

  /// How rare a byte is in docs, higher for rarer: lowercase letters by their frequency in
  /// English, then the punctuation paths and prose are full of; uppercase letters, digits and
  /// anything else are rarer still.
  private static func rarity(_ byte: UInt8) -> Int {
    if let common = commonBytes.firstIndex(of: byte) { return common }
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 100
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return 110
    default: return 120
    }
  }

  private static let commonBytes = Array(" etaoinsrhldcumfpgwybvkxjqz.,/-:()`#[]\n".utf8)
}
