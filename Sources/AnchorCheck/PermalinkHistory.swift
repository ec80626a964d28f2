#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the checker reads the commits that GitHub permalinks pin: from git by default, or from
/// a table (for tests, and for callers without git).
///
/// A permalink, `https://github.com/ORG/REPO/blob/COMMIT/path#L10-L20`, is checked when the root
/// is in a repository with a GitHub remote naming `ORG/REPO` that has `COMMIT`: the cited lines
/// at that commit are its quote, looked for at HEAD (in the work tree) as a quoted anchor's.
public struct PermalinkHistory: Sendable {
  /// What checking permalinks needs to know of the repository the root is in.
  struct Facts: Sendable, Hashable {
    /// `org/repo` of each GitHub remote, lowercased.
    let remotes: Set<String>
    /// The root's folder relative to the repository's top folder, ending in `/`; empty at the
    /// top. A permalink's path is relative to the top.
    let prefix: String
    /// HEAD's full hash; `nil` before the first commit.
    let head: String?
  }

  /// A file at a commit, as a permalink names them: its path relative to the top folder.
  struct Request: Hashable, Sendable {
    let commit: String
    let path: String
  }

  /// What the repository holds for a request.
  enum Answer: Sendable, Hashable {
    /// No such commit in this clone (or a prefix that several commits share).
    case noCommit
    /// The commit (its full hash) has no file at the path.
    case noFile(commit: String)
    /// The file's bytes at the commit (its full hash).
    case file(commit: String, Data)
  }

  /// An open repository: its facts, and how to read files at commits.
  struct Repository: Sendable {
    let facts: Facts
    /// The answers to requests, in their order.
    let read: @Sendable ([Request]) -> [Answer]
    /// Which of the files given (relative to the root) differ from HEAD in the work tree:
    /// a permalink cannot pin their lines until they are committed.
    let uncommitted: @Sendable ([String]) -> Set<String>
  }

  /// Opens the repository the root is in; `nil` when there is none.
  let open: @Sendable (URL) -> Repository?

  private init(open: @escaping @Sendable (URL) -> Repository?) { self.open = open }

  /// The repository the root is in, as git sees it; none when the root is not in a git work
  /// tree, git is not installed, or the platform has no processes (iOS).
  public static let fromGit = PermalinkHistory { root in
    #if os(macOS) || os(Linux)
      guard let repository = GitRepository(root: root),
        let facts = (try? repository.permalinkFacts()) ?? nil
      else { return nil }
      return Repository(
        facts: facts,
        read: { requests in (try? repository.read(requests)) ?? requests.map { _ in .noCommit } },
        uncommitted: { paths in (try? repository.uncommitted(paths)) ?? Set(paths) })
    #else
      return nil
    #endif
  }

  /// A repository given as a table, its root at the top.
  ///
  /// - Parameters:
  ///   - remotes: the GitHub repositories it pulls from, `ORG/REPO`.
  ///   - head: HEAD's full hash.
  ///   - commits: each commit's full hash, with its files (path → content); a permalink's
  ///     commit may be any unique prefix of a hash.
  ///   - uncommitted: files that differ from HEAD.
  public init(
    remotes: [String], head: String, commits: [String: [String: String]],
    uncommitted: Set<String> = []
  ) {
    let facts = Facts(remotes: Set(remotes.map { $0.lowercased() }), prefix: "", head: head)
    open = { _ in
      Repository(
        facts: facts,
        read: { requests in
          requests.map { request in
            let matches = commits.keys.filter { $0.hasPrefix(request.commit.lowercased()) }
            guard matches.count == 1, let files = commits[matches[0]] else { return .noCommit }
            guard let content = files[request.path] else { return .noFile(commit: matches[0]) }
            return .file(commit: matches[0], Data(content.utf8))
          }
        },
        uncommitted: { paths in uncommitted.intersection(paths) })
    }
  }
}

#if os(macOS) || os(Linux)
  extension GitRepository {
    /// The answers to `requests`, from one `git cat-file --batch`: each distinct commit asked
    /// once for its full hash, each distinct file once for its bytes.
    func read(_ requests: [PermalinkHistory.Request]) throws -> [PermalinkHistory.Answer] {
      var commits: [String] = []
      var files: [PermalinkHistory.Request] = []
      var seenCommits: Set<String> = []
      var seenFiles: Set<PermalinkHistory.Request> = []
      for request in requests {
        if seenCommits.insert(request.commit).inserted { commits.append(request.commit) }
        if seenFiles.insert(request).inserted { files.append(request) }
      }
      let objects = try self.objects(
        commits.map { $0 + "^{commit}" } + files.map { $0.commit + ":" + $0.path })
      var full: [String: String] = [:]
      for (commit, object) in zip(commits, objects) {
        if let object, object.type == "commit" { full[commit] = object.id }
      }
      var content: [PermalinkHistory.Request: Data] = [:]
      for (file, object) in zip(files, objects.dropFirst(commits.count)) {
        if let object, object.type == "blob" { content[file] = object.content }
      }
      return requests.map { request in
        guard let commit = full[request.commit] else { return .noCommit }
        guard let data = content[request] else { return .noFile(commit: commit) }
        return .file(commit: commit, data)
      }
    }
  }
#endif
