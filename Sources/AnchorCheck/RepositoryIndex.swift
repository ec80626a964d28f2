#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every file under the root, walked once: relative paths, paths by file name, and extensions.
/// `.git`, `.build` and the configured exclusions are never entered.
struct RepositoryIndex: Sendable {
  let root: URL
  let resolvedRoot: String
  let files: [String]
  let fileSet: Set<String>
  let byName: [String: [String]]
  let extensions: Set<String>
  /// Whether the walk met any symbolic link; without one, an indexed file cannot lead outside.
  let hasSymlinks: Bool

  /// Never entered. Each starts with a dot, and the walk looks up only names that do.
  static let skipped: Set<String> = [".git", ".build", ".swiftpm"]

  init(root: URL, exclude: [Glob]) {
    self.root = root
    self.resolvedRoot = root.resolvingSymlinksInPath().path
    var files: [String] = []
    var byName: [String: [String]] = [:]
    var extensions: Set<String> = []
    var hasSymlinks = false
    var pending = [""]
    let rootPath = root.path
    // The raw extension last inserted: a folder's files mostly share one, so most files make no
    // string for theirs.
    var lastExtension = ""
    // Entries come in the file system's order; files and names are sorted once at the end.
    while let relative = pending.popLast() {
      let folder = relative.isEmpty ? rootPath : rootPath + "/" + relative
      guard let entries = FileSystem.entries(atPath: folder) else { continue }
      for (name, reported) in entries {
        // Every skipped name starts with a dot: no other name is looked up.
        if name.utf8.first == UInt8(ascii: "."), Self.skipped.contains(name) { continue }
        let path = relative.isEmpty ? name : relative + "/" + name
        if exclude.contains(where: { $0.matches(path) }) { continue }
        // readdir's kind spares a stat for plain files and folders; links and file systems that
        // do not report kinds are asked.
        let kind: FileKind
        switch reported {
        case .file: kind = FileKind(isDirectory: false, isSymlink: false)
        case .directory: kind = FileKind(isDirectory: true, isSymlink: false)
        case .symlink, .unknown:
          guard let asked = FileKind(path: folder + "/" + name) else { continue }
          kind = asked
        }
        if kind.isSymlink { hasSymlinks = true }
        if kind.isDirectory {
          // Symbolic links to folders are not followed: they may lead outside the root.
          if !kind.isSymlink { pending.append(path) }
          continue
        }
        files.append(path)
        byName[name, default: []].append(path)
        if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex {
          let ext = name.utf8[name.utf8.index(after: dot)...]
          if !ext.elementsEqual(lastExtension.utf8) {
            lastExtension = String(Substring(ext))
            // Most extensions are already lowercase ASCII: kept as they are.
            if ext.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) {
              extensions.insert(lastExtension)
            } else {
              extensions.insert(lastExtension.lowercased())
            }
          }
        }
      }
    }
    self.files = files.sorted()
    self.fileSet = Set(files)
    self.byName = byName.mapValues { $0.sorted() }
    self.extensions = extensions
    self.hasSymlinks = hasSymlinks
  }

  /// How a cited path resolves.
  enum Resolution: Hashable {
    case file(String)
    case outside
    case missing
    case ambiguous([String])
  }

  /// Resolves `path` as cited from the doc at `doc` (both relative to the root).
  func resolve(_ path: String, from doc: String) -> Resolution {
    if path.hasPrefix("/") || path.hasPrefix("~") || path.hasPrefix("\\")
      || (path.count > 1 && path.dropFirst().hasPrefix(":"))
    {
      return .outside
    }
    guard path.utf8.contains(UInt8(ascii: "/")) else {
      let candidates = byName[path] ?? []
      switch candidates.count {
      case 0: return .missing
      case 1: return staysInside(candidates[0]) ? .file(candidates[0]) : .outside
      default: return .ambiguous(candidates)
      }
    }
    let docFolder = doc.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(doc[..<$0]) } ?? ""
    var sawInside = false
    for base in ["", docFolder] {
      guard let relative = Self.normalize(base.isEmpty ? path : base + "/" + path) else { continue }
      sawInside = true
      if !fileSet.contains(relative) {
        // Not indexed: absent, or in an excluded folder that an explicit path may still cite.
        let full = root.appendingPathComponent(relative).path
        guard FileSystem.isDirectory(atPath: full) == false else { continue }
      }
      return staysInside(relative) ? .file(relative) : .outside
    }
    return sawInside ? .missing : .outside
  }

  /// Whether the file's real path, symbolic links followed, stays under the root.
  func staysInside(_ relative: String) -> Bool {
    if !hasSymlinks, fileSet.contains(relative) { return true }
    let real = root.appendingPathComponent(relative).resolvingSymlinksInPath().path
    return real.hasPrefix(resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/")
  }

  /// `a/./b/../c` → `a/c`; `nil` when `..` climbs above the root.
  static func normalize(_ path: String) -> String? {
    if isNormal(path) { return path }
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

  /// Whether `path` is already normal, as most cited paths are: no empty, `.` or `..` part.
  private static func isNormal(_ path: String) -> Bool {
    var length = 0
    var dots = 0
    for byte in path.utf8 {
      if byte == UInt8(ascii: "/") {
        if length == 0 || (dots == length && length <= 2) { return false }
        (length, dots) = (0, 0)
      } else {
        length += 1
        if byte == UInt8(ascii: ".") { dots += 1 }
      }
    }
    return length > 0 && !(dots == length && length <= 2)
  }
}
