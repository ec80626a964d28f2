import Foundation

/// Where the checker learns which files were renamed: from git by default, or from a table (for
/// tests and for callers that know better).
public struct GitRenames: Sendable {
  /// The renames under a root: old path → newest path, both relative to the root.
  public let renames: @Sendable (URL) -> [String: String]

  /// Renames from a fixed table.
  public init(_ renames: @escaping @Sendable (URL) -> [String: String]) {
    self.renames = renames
  }

  /// Git's rename detection over the history of the work tree the root is in; nothing when the
  /// root is not in one or git is not installed.
  public static let fromGit = GitRenames { root in
    #if os(macOS) || os(Linux)
      return GitRepository(root: root).flatMap { try? $0.renames() } ?? [:]
    #else
      return [:]
    #endif
  }
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
      byName[(old as NSString).lastPathComponent, default: []].append(old)
    }
    self.byName = byName
  }

  /// Where the file a doc cites as `path` went: its old root-relative path and the new one.
  func target(of path: String, from doc: String) -> (old: String, path: String)? {
    guard !renames.isEmpty else { return nil }
    guard path.utf8.contains(UInt8(ascii: "/")) else {
      // A bare file name: only when exactly one renamed file had it.
      guard let olds = byName[path], olds.count == 1 else { return nil }
      return (olds[0], renames[olds[0]]!)
    }
    let folder = doc.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(doc[..<$0]) } ?? ""
    for candidate in [path, folder.isEmpty ? path : folder + "/" + path] {
      if let old = RepositoryIndex.normalize(candidate), let new = renames[old] {
        return (old, new)
      }
    }
    return nil
  }
}
