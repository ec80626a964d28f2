#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Git runs as a process; iOS, tvOS and watchOS start none.
#if os(macOS) || os(Linux)
  import KitSupport

  /// What the checker asks git about the root: which files changed since a revision, and where
  /// renamed files went. Git is a runtime tool, run as a process, never a package.
  public struct GitRepository: Sendable {
    /// The work tree folder the checker's root is (or is inside).
    public let root: URL
    private let git: URL

    /// The repository at `root`, or `nil` when git is not installed or `root` is not inside a
    /// git work tree.
    public init?(root: URL) {
      guard let git = ExecutableSearch.find("git").map({ URL(fileURLWithPath: $0) }) else {
        return nil
      }
      self.root = root
      self.git = git
      // A work tree has `.git` (a folder, or a file in linked work trees and submodules) in
      // its top folder: looked for up from the root, as git does, without starting git.
      var folder = root.standardizedFileURL.path
      while !FileManager.default.fileExists(atPath: folder + "/.git") {
        guard folder != "/", !folder.isEmpty else { return nil }
        folder = PathText.deletingLastComponent(folder)
      }
    }

    /// The files that differ between `revision` and the work tree (added, modified, deleted,
    /// both sides of a rename), plus untracked files, relative to the root.
    ///
    /// - Throws: ``AnchorInputError`` when git does not know `revision`.
    public func changedFiles(since revision: String) throws -> Set<String> {
      var files: Set<String> = []
      // Both at once. `--end-of-options` keeps a revision that starts with "-" from being read
      // as an option.
      let answers = try runAll([
        ["diff", "--name-status", "-z", "-M", "--relative", "--end-of-options", revision, "--"],
        ["ls-files", "--others", "--exclude-standard", "-z"],
      ])
      let (diff, untracked) = (answers[0], answers[1])
      guard diff.status == 0 else {
        throw AnchorInputError(
          "--changed-since: git knows no commit \(revision) in \(root.path); pass a branch, tag or commit (in a shallow clone, fetch it first)"
        )
      }
      var fields = Self.fields(diff.output)[...]
      while let status = fields.popFirst() {
        // A rename or copy names two paths; every other status one.
        let count = status.hasPrefix("R") || status.hasPrefix("C") ? 2 : 1
        for _ in 0..<count { if let path = fields.popFirst() { files.insert(path) } }
      }
      files.formUnion(Self.fields(untracked.output))
      return files
    }

    /// The scope of `--changed-since revision`: the files that changed since `revision`, and
    /// every earlier path of theirs, so that an anchor citing a changed file by a name it had
    /// before a rename is checked too, as a full run checks it.
    ///
    /// - Throws: ``AnchorInputError`` when git does not know `revision`.
    public func scope(since revision: String) throws -> AnchorScope {
      let changed = try changedFiles(since: revision)
      return AnchorScope(files: changed.union(try formerPaths(of: changed)))
    }

    /// Every path that a chain of committed renames led from to one of `paths`: the names an
    /// anchor may still cite them by. Rename detection runs only on the commits that added one
    /// of them, round by round back along each chain, so it costs a path-limited `git log` when
    /// none of them was renamed.
    public func formerPaths(of paths: Set<String>) throws -> Set<String> {
      var former: Set<String> = []
      var current = paths
      while !current.isEmpty {
        // The commits that added one of them, without rename detection: a rename adds its new
        // path. A root commit renames nothing (it has no parent to rename from), and many files
        // date from one: left out, it costs no rename detection.
        let added = try runAll([
          ["log", "--no-renames", "--diff-filter=A", "--min-parents=1", "--format=%x00%H"]
            + ["--name-only", "-z", "--relative", "HEAD", "--"] + current.sorted()
        ])[0]
        let commits = added.status == 0 ? Self.commits(added.output).map(\.commit) : []
        guard !commits.isEmpty else { break }
        let logs = try detectRenames(in: commits, format: "")
        var earlier: Set<String> = []
        for log in logs where log.status == 0 {
          for (old, new) in Self.renamePairs(in: Self.fields(log.output))
          where current.contains(new) && !paths.contains(old) && !former.contains(old) {
            earlier.insert(old)
          }
        }
        former.formUnion(earlier)
        current = earlier
      }
      return former
    }

    /// Where each renamed file went, following chains of renames to the newest name, from the
    /// whole history of `HEAD` and the changes not yet committed; paths relative to the root.
    public func renames() throws -> [String: String] {
      // The three at once: each is a process of its own.
      let answers = try runAll([
        ignoredCommand, uncommittedCommand, Self.detect + ["--format=", "HEAD"],
      ])
      if answers[0].status == 0 { return [:] }
      return Self.renames(in: [Self.fields(answers[1].output), Self.fields(answers[2].output)])
    }

    /// Where each renamed file named one of `names` (`Name.swift`, not a path) went, following
    /// chains of renames to the newest name: for those files, what ``renames()`` says (the answer
    /// may hold other renames too). Git's rename detection, most of the cost, runs only on the
    /// commits that deleted such a file or a name one of them passed through.
    public func renames(named names: Set<String>) throws -> [String: String] {
      try renames(after: history(), named: names)
    }

    /// What git says before any rename detection: the renames not yet committed, and the paths
    /// each commit deleted. Asked once, and early: which commits need rename detection depends
    /// on the names asked about, which come later.
    struct History: Sendable {
      /// Whether git ignores the root (a build folder inside another repository): it has no
      /// history of its own there.
      let ignored: Bool
      /// `git diff -M HEAD`: the changes not yet committed, as status and path fields.
      let uncommitted: [String]
      /// Commits, newest first, with the root-relative paths each deleted.
      let deletions: [(commit: String, deleted: [String])]
    }

    /// The history ``renames(after:named:)`` picks from; its three git commands run at once.
    func history() throws -> History {
      let answers = try runAll([
        ignoredCommand, uncommittedCommand,
        [
          "log", "--no-renames", "--diff-filter=D", "--name-only", "-z", "--format=%x00%H",
          "--relative", "HEAD",
        ],
      ])
      return History(
        ignored: answers[0].status == 0, uncommitted: Self.fields(answers[1].output),
        deletions: Self.commits(answers[2].output).map { ($0.commit, $0.fields) })
    }

    /// The renames of files named one of `names`, from `history`.
    func renames(after history: History, named names: Set<String>) throws -> [String: String] {
      if history.ignored { return [:] }
      // Rename detection on the commits that deleted a file with a wanted name; then, round by
      // round, on those that later deleted a path a rename led to, until a round adds none.
      var found: [Int: [String]] = [:]  // a chosen commit's rename fields
      var followed: [String: Int] = [:]  // a rename's new path → the commit of the rename
      while true {
        let more = history.deletions.indices.filter { index in
          found[index] == nil
            && history.deletions[index].deleted.contains { path in
              names.contains(String(Self.name(path))) || followed[path].map { index < $0 } == true
            }
        }
        if more.isEmpty { break }
        let logs = try detectRenames(
          in: more.map { history.deletions[$0].commit }, format: "%x00%H")
        let index = Dictionary(
          uniqueKeysWithValues: more.map { (history.deletions[$0].commit, $0) })
        for (commit, fields) in logs.flatMap({ Self.commits($0.output) }) {
          guard let position = index[commit] else { continue }
          found[position] = fields
          for new in Self.renames(in: [fields]).values {
            followed[new] = max(followed[new] ?? position, position)
          }
        }
        for position in more where found[position] == nil { found[position] = [] }
      }
      // Newest first, as `git log` lists them.
      return Self.renames(in: [history.uncommitted] + found.sorted { $0.key < $1.key }.map(\.value))
    }

    /// What checking permalinks needs to know of the repository: its GitHub remotes, where the
    /// root stands in it, and HEAD; `nil` when git ignores the root (a build folder inside
    /// another repository), whose history is not the root's. Its three commands run at once.
    func permalinkFacts() throws -> PermalinkHistory.Facts? {
      // One rev-parse says both the root's folder in the repository and HEAD: the prefix on
      // its first line (empty at the top), then HEAD's hash, unless HEAD has no commit yet.
      let answers = try runAll([
        ["remote", "-v"], ["rev-parse", "--show-prefix", "--verify", "-q", "HEAD"],
        ignoredCommand,
      ])
      if answers[2].status == 0 { return nil }
      func text(_ index: Int) -> String {
        String(decoding: answers[index].output, as: UTF8.self)
      }
      let remotes = Set(
        text(0).split(separator: "\n").compactMap { line -> String? in
          let fields = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
          return fields.count >= 2 ? Self.gitHubSlug(ofRemote: String(fields[1])) : nil
        })
      let lines = text(1).split(separator: "\n", omittingEmptySubsequences: false)
      let head = lines.count > 1 ? PathText.trimmingSpaces(lines[1]) : ""
      return PermalinkHistory.Facts(
        remotes: remotes, prefix: lines.first.map(String.init) ?? "",
        head: answers[1].status == 0 && !head.isEmpty ? head : nil)
    }

    /// Which of `paths` (relative to the root) differ from HEAD in the work tree: modified,
    /// added or untracked. Asked only of the paths given, so that git compares those files
    /// alone, not the whole tree.
    func uncommitted(_ paths: [String]) throws -> Set<String> {
      guard !paths.isEmpty else { return [] }
      // `:(literal)` keeps a path with `*` or `?` from being read as a pattern.
      let pathspecs = paths.map { ":(literal)" + $0 }
      let answers = try runAll([
        ["diff", "--name-only", "-z", "--relative", "HEAD", "--"] + pathspecs,
        ["ls-files", "--others", "--exclude-standard", "-z", "--"] + pathspecs,
      ])
      return Set(Self.fields(answers[0].output) + Self.fields(answers[1].output))
    }

    /// `ORG/REPO`, lowercased, when `url` is a GitHub remote: `https://github.com/ORG/REPO.git`,
    /// `git@github.com:ORG/REPO.git`, `ssh://git@github.com/ORG/REPO` and the like.
    static func gitHubSlug(ofRemote url: String) -> String? {
      var rest = Substring(url)
      if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
      // Past any `user@` or `user:token@`, then the host: up to the first `/`, or `:` (a port,
      // or the scp-like syntax).
      if let at = rest[..<(rest.firstIndex(of: "/") ?? rest.endIndex)].lastIndex(of: "@") {
        rest = rest[rest.index(after: at)...]
      }
      guard let end = rest.firstIndex(where: { $0 == "/" || $0 == ":" }) else { return nil }
      let host = rest[..<end]
      guard ["github.com", "www.github.com"].contains(host.lowercased()) else { return nil }
      var path = rest[rest.index(after: end)...]
      // A port (`github.com:22/ORG/REPO`) is not part of the path.
      if rest[end] == ":", let slash = path.firstIndex(of: "/"),
        path[..<slash].allSatisfy(\.isNumber)
      {
        path = path[path.index(after: slash)...]
      }
      let parts = path.split(separator: "/")
      guard parts.count == 2 else { return nil }
      var repository = parts[1]
      if repository.hasSuffix(".git") { repository = repository.dropLast(4) }
      guard !parts[0].isEmpty, !repository.isEmpty else { return nil }
      return "\(parts[0])/\(repository)".lowercased()
    }

    /// Objects by name (`COMMIT^{commit}`, `COMMIT:path`), read with one `git cat-file --batch`:
    /// for each, its full hash, type and content, or `nil` when git has no such object (or the
    /// name is ambiguous).
    func objects(_ names: [String]) throws -> [(id: String, type: String, content: Data)?] {
      guard !names.isEmpty else { return [] }
      let data = try runAll(
        [["cat-file", "--batch"]], inputs: [Array(names.map { $0 + "\n" }.joined().utf8)]
      )[0].output
      var answers: [(id: String, type: String, content: Data)?] = []
      var index = data.startIndex
      for _ in names {
        guard let newline = data[index...].firstIndex(of: 0x0A) else { break }
        let header = String(decoding: data[index..<newline], as: UTF8.self).split(separator: " ")
        index = newline + 1
        // `<oid> <type> <size>` then the content and a newline; `<name> missing` otherwise.
        guard header.count == 3, let size = Int(header[2]), size >= 0,
          data.endIndex - index >= size
        else {
          answers.append(nil)
          continue
        }
        answers.append((String(header[0]), String(header[1]), data[index..<(index + size)]))
        index += size + 1
      }
      while answers.count < names.count { answers.append(nil) }
      return answers
    }

    /// The commits of a `git log -z --format=%x00%H` output, each with its fields: a commit is
    /// an empty field, then its hash, then its diff's fields (the first after a newline).
    private static func commits(_ data: Data) -> [(commit: String, fields: [String])] {
      var commits: [(commit: String, fields: [String])] = []
      var expectingHash = false
      for field in fields(data, keepingEmpty: true) {
        if field.isEmpty {
          expectingHash = true
        } else if expectingHash {
          commits.append((PathText.trimmingNewlines(field), []))
          expectingHash = false
        } else if !commits.isEmpty {
          commits[commits.count - 1].fields.append(
            field.hasPrefix("\n") ? String(field.dropFirst()) : field)
        }
      }
      return commits
    }

    /// Whether git ignores the root: it then has no history of its own there (a build folder
    /// inside another repository).
    private var ignoredCommand: [String] { ["check-ignore", "-q", "."] }
    /// The renames not yet committed: the newest.
    private var uncommittedCommand: [String] {
      ["diff", "--name-status", "-z", "-M", "--relative", "HEAD", "--"]
    }
    /// Git's rename detection on `commits` alone, by the thousand so that no command line grows
    /// past the system's limit; each commit's header in `format`.
    private func detectRenames(in commits: [String], format: String) throws -> [(
      status: Int32, output: Data
    )] {
      try runAll(
        stride(from: 0, to: commits.count, by: 1000).map {
          Self.detect + ["--format=" + format, "--no-walk=unsorted"]
            + commits[$0..<min($0 + 1000, commits.count)]
        })
    }

    /// Git's rename detection, for the revisions that follow.
    private static let detect = [
      "log", "-M", "--diff-filter=R", "--name-status", "-z", "--relative",
    ]

    /// Old path → newest path, from `--name-status -z` outputs, newest first: where a new name
    /// went later is already known when its own rename is read.
    private static func renames(in outputs: [[String]]) -> [String: String] {
      var renames: [String: String] = [:]
      for (old, new) in outputs.flatMap(renamePairs) where renames[old] == nil {
        renames[old] = renames[new] ?? new
      }
      return renames
    }

    /// The (old, new) path of each rename in one `--name-status -z` output, in its order.
    private static func renamePairs(in fields: [String]) -> [(old: String, new: String)] {
      var pairs: [(old: String, new: String)] = []
      var fields = fields[...]
      while let status = fields.popFirst() {
        let count = status.hasPrefix("R") || status.hasPrefix("C") ? 2 : 1
        let paths = (0..<count).compactMap { _ in fields.popFirst() }
        if status.hasPrefix("R"), paths.count == 2 { pairs.append((paths[0], paths[1])) }
      }
      return pairs
    }

    /// The last part of a path.
    private static func name(_ path: String) -> Substring {
      path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] }
        ?? path[...]
    }

    private static func fields(_ data: Data, keepingEmpty: Bool = false) -> [String] {
      data.split(separator: 0, omittingEmptySubsequences: !keepingEmpty).map {
        String(decoding: $0, as: UTF8.self)
      }
    }

    /// Git commands running at once; their answers in order, each output read as it comes
    /// so that no command blocks on a full pipe while another is read. `input` goes to the
    /// standard input of each command that has one.
    private func runAll(_ commands: [[String]], inputs: [[UInt8]?] = []) throws -> [(
      status: Int32, output: Data
    )] {
      let finished = try ChildProcess.runAll(
        commands.indices.map { index in
          ChildProcess.Command(
            git.path, ["-C", root.path] + commands[index],
            input: index < inputs.count ? inputs[index] : nil)
        })
      return finished.map { ($0.status, Data($0.output)) }
    }
  }

#endif
