#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the checker learns which files were renamed: from git by default, or from a table (for
/// tests and for callers that know better).
public struct GitRenames: Sendable {
  /// The renames under a root: old path → newest path, both relative to the root.
  public let renames: @Sendable (URL) -> [String: String]
  /// Given the root, takes a first look (started as soon as some cited file turns out missing,
  /// while the docs are still being checked) and returns how to answer for a set of file names:
  /// for those files, what `renames` says.
  let start: @Sendable (URL) -> @Sendable (Set<String>) -> [String: String]

  /// Renames from a fixed table.
  public init(_ renames: @escaping @Sendable (URL) -> [String: String]) {
    self.renames = renames
    start = { root in
      let table = renames(root)
      return { _ in table }
    }
  }

  private init(
    renames: @escaping @Sendable (URL) -> [String: String],
    start: @escaping @Sendable (URL) -> @Sendable (Set<String>) -> [String: String]
  ) {
    self.renames = renames
    self.start = start
  }

  /// Git's rename detection over the history of the work tree the root is in; nothing when the
  /// root is not in one or git is not installed. For the checker, the first look lists the paths
  /// each commit deleted; rename detection, the costly part, then runs only on the commits that
  /// deleted a file with a name the checker asks about.
  public static let fromGit = GitRenames(
    renames: { root in
      #if os(macOS) || os(Linux)
        return GitRepository(root: root).flatMap { try? $0.renames() } ?? [:]
      #else
        return [:]
      #endif
    },
    start: { root in
      #if os(macOS) || os(Linux)
        guard let repository = GitRepository(root: root), let history = try? repository.history()
        else { return { _ in [:] } }
        return { names in (try? repository.renames(after: history, named: names)) ?? [:] }
      #else
        return { _ in [:] }
      #endif
    })
}

/// Missing cited paths mapped to the files they were renamed to, when those files exist.
struct RenamedFiles: Sendable {
  private let renames: [String: String]
  private let byName: [String: [String]]

  init(renames: [String: String], index: RepositoryIndex) {
    let existing = renames.filter { index.fileSet.contains($0.value) }
    self.renames = existing
    var byName: [String: [String]] = [:]
    for old in existing.keys {
      byName[PathText.lastComponent(old), default: []].append(old)
    }
    self.byName = byName
  }

  /// The names of the files a doc may mean by `path` when it is missing: those
  /// ``target(of:from:)`` looks up.
  static func names(citedAs path: String, from doc: String) -> [String] {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return [path] }
    // The last part, unless it is empty, `.` or `..`, which normalizing would change.
    let last = path[path.index(after: slash)...]
    if !last.isEmpty, last != ".", last != ".." { return [String(last)] }
    return candidates(path, from: doc).compactMap { candidate in
      RepositoryIndex.normalize(candidate).map { (normal: String) -> String in
        guard let slash = normal.utf8.lastIndex(of: UInt8(ascii: "/")) else { return normal }
        return String(normal[normal.index(after: slash)...])
      }
    }
  }

  /// The root-relative paths a slashed `path` may mean, cited from `doc`: from the root, then
  /// from the doc's folder.
  private static func candidates(_ path: String, from doc: String) -> [String] {
    let folder = doc.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(doc[..<$0]) } ?? ""
    return [path, folder.isEmpty ? path : folder + "/" + path]
  }

  /// Where the file a doc cites as `path` went: its old root-relative path and the new one.
  func target(of path: String, from doc: String) -> (old: String, path: String)? {
    guard !renames.isEmpty else { return nil }
    guard path.utf8.contains(UInt8(ascii: "/")) else {
      // A bare file name: only when exactly one renamed file had it.
      guard let olds = byName[path], olds.count == 1, let new = renames[olds[0]] else {
        return nil
      }
      return (olds[0], new)
    }
    for candidate in Self.candidates(path, from: doc) {
      if let old = RepositoryIndex.normalize(candidate), let new = renames[old] {
        return (old, new)
      }
    }
    return nil
  }
}
