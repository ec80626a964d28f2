import Foundation

// Foundation's Process runs git; iOS, tvOS and watchOS have no Process.
#if os(macOS) || os(Linux)

  /// What the checker asks git about the root: which files changed since a revision, and where
  /// renamed files went. Git is a runtime tool, run as a process, never a package.
  public struct GitRepository: Sendable {
    /// The work tree folder the checker's root is (or is inside).
    public let root: URL
    private let git: URL

    /// The repository at `root`, or `nil` when git is not installed or `root` is not inside a
    /// git work tree.
    public init?(root: URL) {
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
      guard
        let git = path.split(separator: ":").map({
          URL(fileURLWithPath: String($0)).appendingPathComponent("git")
        }).first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
      else { return nil }
      self.root = root
      self.git = git
      // A work tree has `.git` (a folder, or a file in linked work trees and submodules) in
      // its top folder: looked for up from the root, as git does, without starting git.
      var folder = root.standardizedFileURL.path
      while !FileManager.default.fileExists(atPath: folder + "/.git") {
        guard folder != "/", !folder.isEmpty else { return nil }
        folder = (folder as NSString).deletingLastPathComponent
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

    /// Where each renamed file went, following chains of renames to the newest name, from the
    /// whole history of `HEAD` and the changes not yet committed; paths relative to the root.
    public func renames() throws -> [String: String] {
      var renames: [String: String] = [:]
      // The three at once: each is a process of its own.
      let answers = try runAll([
        ["check-ignore", "-q", "."],
        // Uncommitted renames first: they are the newest.
        ["diff", "--name-status", "-z", "-M", "--relative", "HEAD", "--"],
        ["log", "-M", "--diff-filter=R", "--name-status", "-z", "--format=", "--relative", "HEAD"],
      ])
      // A folder git ignores (a build folder inside another repository) has no history of its
      // own there.
      if answers[0].status == 0 { return [:] }
      for output in [answers[1].output, answers[2].output] {
        var fields = Self.fields(output)[...]
        while let status = fields.popFirst() {
          let count = status.hasPrefix("R") || status.hasPrefix("C") ? 2 : 1
          let paths = (0..<count).compactMap { _ in fields.popFirst() }
          guard status.hasPrefix("R"), paths.count == 2 else { continue }
          // Newest first: where the new name went later is already known.
          let (old, new) = (paths[0], paths[1])
          if renames[old] == nil { renames[old] = renames[new] ?? new }
        }
      }
      return renames
    }

    private static func fields(_ data: Data) -> [String] {
      data.split(separator: 0, omittingEmptySubsequences: true).map {
        String(decoding: $0, as: UTF8.self)
      }
    }

    /// Git commands running at once; their answers in order. Each output is read to its end on a
    /// thread of its own, so that no command blocks on a full pipe while another is read.
    private func runAll(_ commands: [[String]]) throws -> [(status: Int32, output: Data)] {
      let started = try commands.map(start)
      let outputs = started.map { $0.1.fileHandleForReading }
      let data = parallelMap(outputs.indices.map { $0 }) { index in
        outputs[index].readDataToEndOfFile()
      }
      return zip(started, data).map { started, data in
        started.0.waitUntilExit()
        return (started.0.terminationStatus, data)
      }
    }

    private func start(_ arguments: [String]) throws -> (Process, Pipe) {
      let process = Process()
      process.executableURL = git
      process.arguments = ["-C", root.path] + arguments
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      return (process, output)
    }
  }

#endif
