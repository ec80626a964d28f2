// Programs are looked for where they are started: macOS and Linux.
#if os(macOS) || os(Linux)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// The package's one `PATH` lookup, for every tool the kit starts (git, poppler, python3,
  /// clang, fixture producers). It needs no Foundation.
  package enum ExecutableSearch {
    /// `$PATH`, or `/usr/bin:/bin` when it is not set.
    package static var path: String {
      getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    }

    /// The path of the program `name`: the first regular file called `name` that this process may
    /// execute in the colon-separated `searchPath`, or `name` itself when it holds a slash and is
    /// such a file; `nil` when there is none.
    package static func find(_ name: String, in searchPath: String = path) -> String? {
      guard !name.isEmpty else { return nil }
      if name.contains("/") { return isExecutableFile(name) ? name : nil }
      for folder in searchPath.split(separator: ":") {
        let candidate = folder.hasSuffix("/") ? "\(folder)\(name)" : "\(folder)/\(name)"
        if isExecutableFile(candidate) { return candidate }
      }
      return nil
    }

    /// Whether `path` is a regular file (after links) that this process may execute.
    private static func isExecutableFile(_ path: String) -> Bool {
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
      return access(path, X_OK) == 0
    }
  }
#endif
