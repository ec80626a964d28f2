import KitSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The checker's errors are all about what it was given (a root, a doc, a config): exit code 2,
// their own one line.
extension AnchorConfigError: CommandLineError {}

extension AnchorInputError: CommandLineError {}

/// `contract-kit anchors`, also built alone as `contract-kit-anchors`: find stale `path:line`
/// citations in Markdown docs.
package enum AnchorsCommand: Subcommand {
  package static let name = "anchors"

  package static let overview = [
    (
      synopsis: "anchors",
      summary: "Find stale path:line citations in Markdown docs, and fix moved ones."
    )
  ]

  /// The usage line, for the command run as `invocation` (`contract-kit anchors`, or
  /// `contract-kit-anchors`).
  package static func usageLine(invokedAs invocation: String) -> String {
    "usage: \(invocation) [--root DIR] [--config FILE] [--format text|json|github|sarif] [--fix[=ranges,symbols,permalinks]] [--fail-on error|warning|permalinks|unverified|none] [--changed-since REV] [PATH...]"
  }

  package static let usage = usageLine(invokedAs: "contract-kit anchors")

  package static let help = helpText(invokedAs: "contract-kit anchors")

  /// The `--help` text, for the command run as `invocation`.
  package static func helpText(invokedAs invocation: String) -> String {
    """
    \(invocation): check every path:line citation in Markdown docs against the code.

    \(usageLine(invokedAs: invocation))

    Anchors:
      quoted   a fenced block whose first line is a comment holding PATH:START[-END]; the rest
               of the block is the quote, compared line by line with the cited lines
      prose    PATH:LINE[-LINE] in text or inline code, and links [x](path#L10-L20)
      symbol   any of them naming a declaration: PATH#SYMBOL, or PATH:LINE[-LINE] (SYMBOL),
               where SYMBOL is Type, Type.member or member(label:); found in Swift, Go,
               Python and C-family files by a declaration scanner of the kit's own
      permalink
               https://github.com/ORG/REPO/blob/COMMIT/PATH#L10-L20, bare or in a link: in a
               git work tree with a GitHub remote naming ORG/REPO, the lines at COMMIT are
               its quote, looked for at HEAD

    Each anchor gets one status: ok, unverified, moved, changed, outOfRange, missingSymbol,
    missingFile, ambiguous, outsideRoot or outsideHistory. An unquoted citation whose lines exist is
    unverified: that is all it proves; quote it, or name its declaration, to make it checkable.
    A symbol anchor is ok when its declaration stands at its lines (or holds its quote), moved
    when the declaration stands elsewhere, changed when it no longer holds the quote,
    missingSymbol (with the nearest names) when the file declares no such name, and ambiguous
    for overloads. In a git work tree, an anchor citing a file git saw renamed is checked in the
    renamed file and names it (moved, or changed with the diff). A permalink is ok while its
    lines stand where it points, moved, changed (with the diff) or missingFile (the file is
    gone); its findings fail a run only at --fail-on permalinks, since a link to history may be
    deliberate. A permalink into another repository, or to a commit the clone does not have, is
    outsideHistory: left alone, counted, never failing.

    Options:
      --root DIR       the repository root (default: the current directory)
      --config FILE    include/exclude/archive globs (default: ROOT/anchors.json when present)
      --format F       text (default), json, github (workflow annotations) or sarif
      --fix            rewrite the numbers (and path) of moved anchors in place; quotes are never
                       touched. --fix=symbols names the declaration an unverified range covers,
                       PATH:LINES (SYMBOL), and says why where it does not (a range over two
                       declarations, overloads); --fix=permalinks pins a permalink whose
                       lines only moved to HEAD's commit and range; --fix=ranges,symbols
                       does two of them
      --fail-on L      error (default: stale anchors outside archives), warning (archives too),
                       permalinks (stale permalinks too), unverified (unquoted citations too),
                       or none
      --changed-since REV
                       check only the anchors of docs changed since REV and the anchors
                       citing files changed since REV (deleted and renamed ones too), as git
                       sees the work tree; each gets the verdict a full run gives it. For pull
                       requests: --changed-since origin/main
      PATH...          docs or folders to scan (default: every *.md under the root)

    Exit codes: 0 no failing finding, 1 stale anchors, 2 usage, config or input errors.
    """
  }

  package static func run(_ arguments: inout Arguments) throws -> Int32 {
    let current = FileManager.default.currentDirectoryPath
    let rootPath = try arguments.option("--root") ?? current
    let configPath = try arguments.option("--config")
    let format =
      try arguments.option("--format", allowed: ["text", "json", "github", "sarif"]) ?? "text"
    let failOn = FailLevel(
      rawValue: try arguments.option("--fail-on", allowed: FailLevel.names) ?? "error")
    let fixes = try arguments.flagValues("--fix", allowed: AnchorFixKind.all.map(\.rawValue))
      .map { $0.isEmpty ? [AnchorFixKind.ranges] : Set($0.map(AnchorFixKind.init(rawValue:))) }
    let fix = fixes != nil
    let since = try arguments.option("--changed-since")
    var paths: [String] = []
    while let path = arguments.nextPositional() {
      paths.append(
        path.hasPrefix("/") ? path : URL(fileURLWithPath: current).appendingPathComponent(path).path
      )
    }
    try arguments.finish()
    if fix { try PluginAccess.requireWrite("anchors --fix") }

    let root = URL(
      fileURLWithPath: rootPath.hasPrefix("/") ? rootPath : current + "/" + rootPath,
      isDirectory: true
    )
    .standardizedFileURL
    let config = try loadConfig(configPath, root: root)
    // git runs while the repository is walked; the scope is kept for a second check after --fix.
    let scope = since.map { since in Once { try changes(since: since, root: root) } }
    var report = try check(root: root, config: config, paths: paths, scope: scope)
    if fix {
      let kinds = fixes ?? []
      var edits: [AnchorFixer.Edit] = []
      var unnamed: [AnchorFixer.Unnamed] = []
      do {
        edits = try AnchorFixer.apply(report, root: root, kinds: kinds)
        if kinds.contains(.symbols) {
          if !edits.isEmpty {
            report = try check(root: root, config: config, paths: paths, scope: scope)
          }
          let named = try AnchorFixer.nameSymbols(report, root: root)
          edits += named.edits
          unnamed = named.unnamed
        }
      } catch let error as AnchorInputError {
        throw error
      } catch {
        throw InputError(
          "cannot rewrite a doc under \(root.path): \(error); check its permissions"
        )
      }
      for line in edits.map({ "fixed \($0)" }) + unnamed.map(\.description) {
        if format == "text" { Output.print(line) } else { Output.error(line) }
      }
      if !edits.isEmpty {
        report = try check(root: root, config: config, paths: paths, scope: scope)
      }
    }
    switch format {
    case "json":
      report.writeJSON { Output.write($0) }
      Output.write("\n")
    case "github": Output.print(report.renderGitHub())
    case "sarif": Output.print(report.renderSARIF())
    default: Output.print(report.renderText())
    }
    // A report holds every anchor of the repository: let the process end without freeing it.
    RetainedUntilExit.keep(report)
    return report.fails(at: failOn) ? ExitCode.failures : ExitCode.ok
  }

  package static func loadConfig(_ path: String?, root: URL) throws -> AnchorConfig {
    let url = path.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("anchors.json")
    guard path != nil || FileManager.default.fileExists(atPath: url.path) else {
      return AnchorConfig()
    }
    return try AnchorConfig.load(url)
  }

  package static func check(
    root: URL, config: AnchorConfig, paths: [String], scope: Once<AnchorScope>? = nil
  ) throws -> AnchorReport {
    guard let scope else {
      return try AnchorChecker.check(root: root, config: config, paths: paths)
    }
    return try AnchorChecker.check(root: root, config: config, paths: paths) {
      try scope.value()
    }
  }

  /// The files changed since `revision` in the git work tree at `root`, as a scope.
  package static func changes(since revision: String, root: URL) throws -> AnchorScope {
    guard let repository = GitRepository(root: root) else {
      throw InputError(
        "--changed-since needs git and a git work tree, and \(root.path) is not in one; install git (apt-get install -y git) or drop --changed-since"
      )
    }
    return try repository.scope(since: revision)
  }
}
