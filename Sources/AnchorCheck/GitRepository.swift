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
      guard let inside = try? run(["rev-parse", "--is-inside-work-tree"]), inside.status == 0,
        String(decoding: inside.output, as: UTF8.self).hasPrefix("true")
      else { return nil }
      // A folder git ignores (a build folder inside another repository) is not part of it.
      if let ignored = try? run(["check-ignore", "-q", "."]), ignored.status == 0 { return nil }
    }

    /// The files that differ between `revision` and the work tree (added, modified, deleted,
    /// both sides of a rename), plus untracked files, relative to the root.
    ///
    /// - Throws: ``AnchorInputError`` when git does not know `revision`.
    public func changedFiles(since revision: String) throws -> Set<String> {
      let known = try run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"])
      guard known.status == 0 else {
        throw AnchorInputError(
          "--changed-since: git knows no commit \(revision) in \(root.path); pass a branch, tag or commit (in a shallow clone, fetch it first)"
        )
      }
      var files: Set<String> = []
      let diff = try run(["diff", "--name-status", "-z", "-M", "--relative", revision, "--"])
      var fields = Self.fields(diff.output)[...]
      while let status = fields.popFirst() {
        // A rename or copy names two paths; every other status one.
        let count = status.hasPrefix("R") || status.hasPrefix("C") ? 2 : 1
        for _ in 0..<count { if let path = fields.popFirst() { files.insert(path) } }
      }
      let untracked = try run(["ls-files", "--others", "--exclude-standard", "-z"])
      files.formUnion(Self.fields(untracked.output))
      return files
    }

    /// Where each renamed file went, following chains of renames to the newest name, from the
    /// whole history of `HEAD` and the changes not yet committed; paths relative to the root.
    public func renames() throws -> [String: String] {
      var renames: [String: String] = [:]
      // Uncommitted renames first: they are the newest.
      let pending = try run(["diff", "--name-status", "-z", "-M", "--relative", "HEAD", "--"])
      let history = try run([
        "log", "-M", "--diff-filter=R", "--name-status", "-z", "--format=", "--relative", "HEAD",
      ])
      for output in [pending.output, history.output] {
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

    private func run(_ arguments: [String]) throws -> (status: Int32, output: Data) {
      let process = Process()
      process.executableURL = git
      process.arguments = ["-C", root.path] + arguments
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, data)
    }
  }

#endif
