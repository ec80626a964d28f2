import KitSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the checker learned of one permalink from the repository, before its lines are looked
/// for at HEAD.
struct PermalinkTarget: Sendable {
  /// The commit's full hash; empty when the commit was not read.
  var commit = ""
  /// The repository's facts.
  var facts: PermalinkHistory.Facts?
  /// The result, when git's answer settles it (another repository, no such commit, no such
  /// file or lines at the commit).
  var settled: AnchorResult?
  /// Whether the anchor is outside the scope of an incremental run, and left out.
  var dropped = false
}

extension AnchorChecker {
  /// The pending jobs, each permalink among them read at its commit: settled when git's answer
  /// decides it, else made a job like a quoted anchor's, its path relative to the root and its
  /// quote the cited lines at the commit. `files` holds the files they cite, read from the
  /// repository while the docs were checked.
  ///
  /// The jobs are changed in place: a copy of them all would touch every string they hold.
  static func readPermalinks(
    _ jobs: inout [Job], repository: PermalinkHistory.Repository?,
    files: [PermalinkHistory.Request: PermalinkReader.Read], index: RepositoryIndex,
    scope: AnchorScope?
  ) {
    let permalinks = jobs.indices.filter { jobs[$0].anchor.permalink != nil }
    func settle(_ position: Int, _ status: AnchorStatus, _ message: AnchorMessage) {
      let job = jobs[position]
      // Out of an incremental run's scope unless its doc changed or it cites a changed file of
      // this repository.
      if !job.covered, let scope {
        let facts = repository?.facts
        let ours = job.anchor.permalink.map { facts?.remotes.contains($0.slug) ?? false } ?? false
        let prefix = facts?.prefix ?? ""
        guard ours, job.anchor.path.utf8.starts(with: prefix.utf8),
          scope.cites(
            String(decoding: job.anchor.path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self),
            resolution: .missing, from: "")
        else {
          jobs[position].permalink = PermalinkTarget(dropped: true)
          return
        }
      }
      jobs[position].permalink = PermalinkTarget(
        facts: repository?.facts,
        settled: result(
          job.anchor, doc: job.doc, archived: job.archived, path: job.anchor.path,
          status: status, message: message))
    }
    guard let repository else {
      for position in permalinks {
        settle(
          position, .outsideHistory,
          "the root is in no git work tree of its own (or git is not installed), so the permalink was not checked; check it in a clone of \(jobs[position].anchor.permalink?.slug ?? "its repository")"
        )
      }
      return
    }
    let facts = repository.facts
    var asked: [Int] = []
    for position in permalinks {
      let slug = jobs[position].anchor.permalink?.slug ?? ""
      guard facts.remotes.contains(slug) else {
        let remotes =
          facts.remotes.isEmpty
          ? "this repository has no GitHub remote"
          : "its GitHub remotes are " + facts.remotes.sorted().joined(separator: ", ")
        settle(
          position, .outsideHistory,
          "a permalink into \(slug), which no remote of this repository names (\(remotes)); left alone"
        )
        continue
      }
      asked.append(position)
    }
    // Each permalink read in parallel, then its job changed here: the reading is most of it.
    let readings: [PermalinkReading]
    do {
      let jobs = jobs
      readings = parallelMap(asked) { position in
        reading(jobs[position], files: files, repository: repository, index: index)
      }
    }
    for (position, reading) in zip(asked, readings) {
      switch reading {
      case .settled(let status, let message):
        settle(position, status, message)
      case .read(let relative, let quote, let resolution, let commit):
        jobs[position].anchor.path = relative
        jobs[position].anchor.quoteText = quote
        jobs[position].resolution = resolution
        jobs[position].permalink = PermalinkTarget(commit: commit, facts: facts)
        if !jobs[position].covered, let scope,
          !scope.cites(relative, resolution: resolution, from: "")
        {
          jobs[position].permalink?.dropped = true
        }
      }
    }
  }

  /// What a permalink's commit holds of it, as ``reading(_:files:repository:index:)`` finds.
  enum PermalinkReading: Sendable {
    /// A verdict git's answer decides.
    case settled(AnchorStatus, AnchorMessage)
    /// The cited lines at the commit, to look for at HEAD: the path from the root, its
    /// resolution there, the lines joined, and the commit's full hash.
    case read(path: String, quote: String, resolution: RepositoryIndex.Resolution, commit: String)
  }

  /// What the repository holds of a permalink into it, from `files` (or read now, for one not
  /// asked for while the docs were checked).
  private static func reading(
    _ job: Job, files: [PermalinkHistory.Request: PermalinkReader.Read],
    repository: PermalinkHistory.Repository, index: RepositoryIndex
  ) -> PermalinkReading {
    let anchor = job.anchor
    guard let permalink = anchor.permalink else {
      return .settled(.unverified, "not a permalink, so no commit was read for it")
    }
    let facts = repository.facts
    let request = PermalinkHistory.Request(
      commit: permalink.commit.lowercased(), path: anchor.path)
    let read = files[request] ?? PermalinkReader.read([request], from: repository)[0]
    switch read.answer {
    case .noCommit:
      return .settled(
        .outsideHistory,
        "this clone has no commit \(permalink.commit), so the permalink was not checked; fetch it (in a shallow clone: git fetch --unshallow)"
      )
    case .noFile(let commit):
      return .settled(
        .missingFile,
        "the permalink is broken: commit \(short(commit)) has no file \(anchor.path); link a file the commit holds"
      )
    case .file(let commit, _):
      guard let lines = read.lines else {
        return .settled(
          .outsideHistory,
          "git named the file at \(short(commit)) but gave no lines for it, so the permalink was not checked; run again"
        )
      }
      if anchor.start < 1 || anchor.end < anchor.start {
        return .settled(
          .outOfRange,
          "the permalink's range \(range(anchor.start, anchor.end)) is empty or reversed; lines start at 1 and the range must run forward"
        )
      }
      guard anchor.end <= lines.count else {
        return .settled(
          .outOfRange,
          "the permalink is broken: \(anchor.path) has \(lines.count) lines at commit \(short(commit)), and \(anchor.path):\(range(anchor.start, anchor.end)) runs past its end"
        )
      }
      // Its path from the root, which may be a folder of the repository.
      guard anchor.path.utf8.starts(with: facts.prefix.utf8) else {
        return .settled(
          .outsideRoot,
          "\(anchor.path) is outside the root, the repository's folder \(facts.prefix); check from the repository's top folder"
        )
      }
      guard
        let relative = RepositoryIndex.normalize(
          String(decoding: anchor.path.utf8.dropFirst(facts.prefix.utf8.count), as: UTF8.self))
      else {
        return .settled(
          .outsideRoot, "\(anchor.path) climbs out of the repository with ..; it was not read")
      }
      var resolution = RepositoryIndex.Resolution.missing
      // Not indexed: absent, or in a folder the index leaves out, which a permalink may cite.
      if index.fileSet.contains(relative)
        || FileKind(path: index.root.path + "/" + relative).map({ !$0.isDirectory }) == true
      {
        resolution = index.staysInside(relative) ? .file(relative) : .outside
      }
      return .read(
        path: relative, quote: lines.text(anchor.start..<(anchor.end + 1)),
        resolution: resolution, commit: commit)
    }
  }

  /// The first 10 digits of a hash.
  static func short(_ commit: String) -> String { String(commit.prefix(10)) }

  /// A permalink's result at HEAD, from the result of checking its lines there as a quote:
  /// the same status, worded for a permalink, with the link pinned to HEAD as its suggestion
  /// (and `--fix=permalinks`'s rewrite) where the lines only moved.
  static func permalinkResult(_ there: AnchorResult, job: Job, target: PermalinkTarget)
    -> AnchorResult
  {
    let anchor = job.anchor
    guard let permalink = anchor.permalink else { return there }
    let pinned = "the permalink's lines at \(short(target.commit))"
    func make(
      _ status: AnchorStatus, _ message: String, suggestion: String? = nil,
      fix: AnchorResult.Fix? = nil
    ) -> AnchorResult {
      AnchorResult(
        doc: job.doc, line: anchor.line, anchor: anchor.text, path: there.path,
        start: anchor.start, end: anchor.end, quoted: false, status: status,
        suggestion: suggestion, message: .text(message), changes: there.changes,
        archived: job.archived, form: .permalink, columns: anchor.columns, fix: fix)
    }
    if let fix = there.fix, there.status == .moved || there.status == .missingFile {
      let file = fix.path ?? there.path
      let lines = range(fix.start, fix.end)
      let renamed = file != anchor.path ? " of \(file) (\(anchor.path) was renamed or moved)" : ""
      guard let facts = target.facts, let head = facts.head else {
        return make(
          there.status,
          "\(pinned) now stand at lines \(lines)\(renamed); the repository has no commit to pin them to"
        )
      }
      let url =
        permalink.base + head + "/"
        + (file == anchor.path ? writtenPath(anchor) : encoded(facts.prefix + file))
        + query(anchor) + "#L\(fix.start)" + (fix.end != fix.start ? "-L\(fix.end)" : "")
      // Its file may differ from HEAD in the work tree: `unpinned(_:uncommitted:)` takes the fix
      // back once git has said which files do.
      return make(
        there.status,
        "\(pinned) now stand at lines \(lines)\(renamed) at HEAD; run with --fix=permalinks to pin the link to HEAD",
        suggestion: url, fix: .init(path: file, start: fix.start, end: fix.end, text: url))
    }
    switch there.status {
    case .ok:
      return make(
        .ok,
        "lines \(range(anchor.start, anchor.end)) of \(there.path) are still \(pinned)")
    case .changed:
      return make(
        .changed,
        "lines \(range(anchor.start, anchor.end)) of \(there.path) differ from \(pinned), which stand nowhere in it: the code changed since the link was written; reread what the doc says, and link the code it means now"
      )
    case .outOfRange:
      return make(
        .outOfRange,
        "\(there.path) is shorter at HEAD than \(anchor.path):\(range(anchor.start, anchor.end)), and \(pinned) stand nowhere in it: link the code the doc means now"
      )
    case .missingFile:
      return make(
        .missingFile,
        "the file is gone: no \(anchor.path) at HEAD, git saw no rename of it, and \(pinned) stand in no one file; link the code that replaced it, or keep the link as history under <!-- anchors: ignore -- why -->"
      )
    default:
      return make(there.status, there.message, suggestion: there.suggestion)
    }
  }

  /// The path as the permalink writes it, between its commit and its query or fragment.
  private static func writtenPath(_ anchor: ParsedAnchor) -> String { tail(anchor).path }

  /// The permalink's query, as written (`?plain=1`), or nothing.
  private static func query(_ anchor: ParsedAnchor) -> String { tail(anchor).query }

  /// What the permalink writes after its commit, as bytes: its path, and its query.
  private static func tail(_ anchor: ParsedAnchor) -> (path: String, query: String) {
    guard let permalink = anchor.permalink else { return (anchor.path, "") }
    let rest = anchor.text.utf8.dropFirst(
      permalink.base.utf8.count + permalink.commit.utf8.count + 1)
    let hash = rest.firstIndex(of: UInt8(ascii: "#")) ?? rest.endIndex
    let mark = rest[..<hash].firstIndex(of: UInt8(ascii: "?")) ?? hash
    return (
      String(decoding: rest[..<mark], as: UTF8.self),
      String(decoding: rest[mark..<hash], as: UTF8.self)
    )
  }

  /// The results, with the fix taken back from each moved permalink whose file differs from
  /// HEAD in the work tree (`uncommitted` says which do, asked once for them all): its lines at
  /// HEAD are not the ones found, and a permalink pins committed lines.
  static func unpinned(
    _ results: [AnchorResult?], uncommitted: ([String]) -> Set<String>
  ) -> [AnchorResult?] {
    let files = Set(results.compactMap { $0?.isPermalink == true ? $0?.fix?.path : nil })
    guard !files.isEmpty else { return results }
    let dirty = uncommitted(files.sorted())
    guard !dirty.isEmpty else { return results }
    return results.map { result in
      guard let result, result.isPermalink, let fix = result.fix, let file = fix.path,
        dirty.contains(file)
      else { return result }
      let lines = range(fix.start, fix.end)
      return AnchorResult(
        doc: result.doc, line: result.line, anchor: result.anchor, path: result.path,
        start: result.start, end: result.end, quoted: false, status: result.status,
        // No link to suggest: HEAD's lines there are not the work tree's.
        suggestion: nil,
        message: .text(
          "the permalink's lines now stand at lines \(lines) of \(file) in the work tree, which differs from HEAD there; commit \(file) first: a permalink pins committed lines"
        ),
        changes: result.changes, archived: result.archived, form: .permalink,
        columns: result.columns, fix: nil)
    }
  }

  /// A path percent-encoded for a URL's path.
  private static func encoded(_ path: String) -> String {
    PathText.percentEncodedPath(path)
  }
}
