import Dispatch
import KitSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks the `path:line` anchors in Markdown docs against the files they cite.
///
/// ```swift
/// let report = try AnchorChecker.check(root: repositoryURL)
/// let stale = report.findings.filter { $0.status != .ok }  // each with doc, line and message
/// let summary = report.summaryLine  // "1 anchor in 1 file: 0 ok, 1 out of range"
/// ```
///
/// Every file is read once. Each doc is parsed and its anchors checked in one pass, on every core,
/// where the doc's bytes lie; each cited file's normalized lines are indexed once, by hash, for
/// finding a quote that moved. Anchors whose files are missing are settled after the pass: each
/// distinct quote looked for once across the repository, and git asked where renamed files went.
public enum AnchorChecker {
  /// Checks the docs under `root`.
  ///
  /// - Parameters:
  ///   - root: the repository root; every path is resolved and reported relative to it.
  ///   - config: includes, excludes and archives (default: every `*.md`).
  ///   - paths: docs or folders to scan, absolute or relative to `root`; empty for every
  ///     included doc.
  ///   - scope: when set, only the anchors of changed docs and the anchors citing changed files
  ///     (`--changed-since`); each gets the verdict a full check gives it.
  ///   - git: where renamed files went, when `root` is in a git work tree (default: asked of git
  ///     only when a cited file is missing); `nil` checks without it.
  ///   - history: the commits GitHub permalinks pin (default: asked of git only when a doc
  ///     holds a permalink); `nil` leaves every permalink `outsideHistory`.
  /// - Throws: ``AnchorInputError`` when `root` is not a directory or a path is missing or
  ///   outside it.
  public static func check(
    root: URL, config: AnchorConfig = AnchorConfig(), paths: [String] = [],
    scope: AnchorScope? = nil, git: GitRenames? = .fromGit,
    history: PermalinkHistory? = .fromGit
  ) throws -> AnchorReport {
    try run(
      root: root, config: config, paths: paths, git: git, history: history,
      scope: scope.map { Pending(ready: $0) })
  }

  /// Checks the anchors a scope covers, working the scope out while the repository is walked:
  /// `scope` runs on another thread (it usually asks git, a process of its own), and what it
  /// throws, this throws.
  ///
  /// - Parameters:
  ///   - root: the repository root; every path is resolved and reported relative to it.
  ///   - config: includes, excludes and archives (default: every `*.md`).
  ///   - paths: docs or folders to scan, absolute or relative to `root`; empty for every
  ///     included doc.
  ///   - scope: the changed files (`--changed-since`); called once.
  ///   - git: where renamed files went, as for ``check(root:config:paths:scope:git:history:)``.
  ///   - history: the commits permalinks pin, as for
  ///     ``check(root:config:paths:scope:git:history:)``.
  /// - Throws: ``AnchorInputError`` when `root` is not a directory or a path is missing or
  ///   outside it, and what `scope` throws.
  public static func check(
    root: URL, config: AnchorConfig = AnchorConfig(), paths: [String] = [],
    git: GitRenames? = .fromGit, history: PermalinkHistory? = .fromGit,
    scope: @escaping @Sendable () throws -> AnchorScope
  ) throws -> AnchorReport {
    try run(
      root: root, config: config, paths: paths, git: git, history: history,
      scope: Pending(scope))
  }

  /// How many bytes of docs are read ahead, at most, while git works out the scope.
  static let readAheadLimit = 16 << 20

  private static func run(
    root: URL, config: AnchorConfig, paths: [String], git: GitRenames?,
    history: PermalinkHistory?, scope: Pending<AnchorScope>?
  ) throws -> AnchorReport {
    // On a thread of its own, which frees what the check leaves once the report is handed over.
    try handedOver { deliver in
      try run(
        root: root, config: config, paths: paths, git: git, history: history, scope: scope,
        deliver: deliver)
    }
  }

  private static func run(
    root: URL, config: AnchorConfig, paths: [String], git: GitRenames?,
    history: PermalinkHistory?, scope: Pending<AnchorScope>?,
    deliver: (AnchorReport) -> Void
  ) throws {
    let root = root.standardizedFileURL
    guard FileSystem.isDirectory(atPath: root.path) == true else {
      throw AnchorInputError(
        "root \(root.path) is not a directory; pass the repository folder with --root")
    }
    let index = RepositoryIndex(root: root, exclude: config.exclude)
    let docs = try selectDocs(paths, root: root, index: index, config: config)
    let cache = SourceCache(root: root)
    let folder = FileSystem.Folder(path: root.path)
    defer { folder.close() }
    // Git works out the scope while the repository is walked. Should it still be at work, the
    // docs are read ahead here, in order, until it is done (or 16 MiB are held): reading them
    // is most of what follows, and git leaves a core free.
    var readAhead: [[UInt8]] = []
    if let scope {
      var held = 0
      while readAhead.count < docs.count, held < readAheadLimit, !scope.isReady {
        readAhead.append(folder.bytes(of: docs[readAhead.count]) ?? [])
        held += readAhead[readAhead.count - 1].count
      }
    }
    let scope = try scope?.value()
    // Where missing files went: git's first look at the history starts as soon as the first
    // cited file turns out missing, so that git works while the docs are checked.
    let renamesOnce = Prefetch { git?.start(root) }
    // The repository permalinks pin commits of: opened as soon as the first one is read, and
    // the files they cite read from it, at their commits, while the docs are checked.
    let repositoryOnce = Prefetch { history?.open(root) }
    let permalinkFiles = PermalinkReader(repository: repositoryOnce)
    // Its thread ends however the check does.
    defer { _ = permalinkFiles.finish() }

    // One doc's bytes, parsed and checked.
    @Sendable func checkDoc(
      _ doc: String, _ bytes: UnsafeBufferPointer<UInt8>, valid: Bool, whole: Bool,
      worker: inout Worker
    ) -> DocOutcome {
      let parsed = AnchorParser.scan(
        bytes, knownExtensions: index.extensions, proseLines: whole ? nil : scope?.proseLines)
      var outcome = DocOutcome()
      if !valid, whole {
        outcome.notes.append(
          .init(
            file: doc, line: 0,
            message:
              "not valid UTF-8; read with replacement characters, so quotes with those bytes will not match"
          ))
      }
      for problem in parsed.problems where whole {
        outcome.notes.append(.init(file: doc, line: problem.line, message: problem.message))
      }
      let archived = config.archive.contains { $0.matches(doc) }
      worker.enter(
        folder: doc.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(doc[..<$0]) } ?? "")
      outcome.results.reserveCapacity(parsed.anchors.count)
      // By index, not by copy: most anchors are only read.
      for position in parsed.anchors.indices {
        if parsed.anchors[position].anchor.suppressed {
          if whole { outcome.suppressed += 1 }
          continue
        }
        if let permalink = parsed.anchors[position].anchor.permalink {
          // In an incremental run, a permalink cites a changed file only if it has the name of
          // one (its path is the file's, from the repository's top folder).
          if !whole, let scope, !scope.mayCite(path: parsed.anchors[position].anchor.path) {
            continue
          }
          // Settled after every doc is read, once git has said what the commits hold.
          permalinkFiles.ask(
            .init(
              slug: permalink.slug,
              request: .init(
                commit: permalink.commit.lowercased(),
                path: parsed.anchors[position].anchor.path)))
          outcome.pending.append(
            Job(
              doc: doc, anchor: parsed.anchors[position].anchor, archived: archived,
              resolution: .missing, covered: whole))
          outcome.results.append(nil)
          continue
        }
        let path = parsed.anchors[position].anchor.path
        if !whole, let scope, !scope.mayCite(path: path) { continue }
        let (resolution, source) = worker.resolve(path, from: doc, index: index, cache: cache)
        if !whole, let scope, !scope.cites(path, resolution: resolution, from: doc) { continue }
        let quote = UnsafeBufferPointer(rebasing: bytes[parsed.anchors[position].quote])
        guard case .file(let file) = resolution else {
          // Settled after every doc is read: the quote is kept as text.
          var anchor = parsed.anchors[position].anchor
          if resolution == .missing {
            renamesOnce.start()
            outcome.missingNames += RenamedFiles.names(citedAs: anchor.path, from: doc)
          }
          if !quote.isEmpty {
            anchor.quoteText = String(decoding: quote, as: UTF8.self)
            // To look for across the repository, normalized here, in parallel.
            if resolution == .missing {
              outcome.relocating.append(
                (RelocationIndex.Key(anchor), NormalizedLines(text: quote)))
            }
          }
          outcome.pending.append(
            Job(doc: doc, anchor: anchor, archived: archived, resolution: resolution))
          outcome.results.append(nil)
          continue
        }
        if source?.lenient == true { outcome.lenientSources.append(file) }
        worker.quote.reset(text: quote)
        let lines = worker.quote
        outcome.results.append(
          check(
            parsed.anchors[position].anchor, doc: doc, archived: archived, file: file,
            source: source, quote: lines,
            declarations: {
              source.map { worker.declarations(of: file, source: $0, cache: cache) }
                ?? cache.declarations(file)
            }))
      }
      return outcome
    }
    // Parse, resolve and check every doc, in parallel, each doc's bytes read once: quotes are
    // compared where they stand in them. Cited files are read once and shared; each worker keeps
    // its own memo of resolved paths, since thousands of anchors cite the same few files.
    let aheadOfScope = readAhead
    var perDoc = parallelMap(Array(docs.indices), state: Worker.init) {
      position, worker -> DocOutcome in
      let doc = docs[position]
      let data =
        position < aheadOfScope.count ? aheadOfScope[position] : folder.bytes(of: doc) ?? []
      // Out of scope unless the doc changed or may cite a changed file: not even parsed.
      let whole = scope?.covers(doc: doc) ?? true
      if !whole, let scope, !(data.withUnsafeBytes { scope.mayCite($0) }) { return DocOutcome() }
      // ASCII, most docs, is parsed where it was read; other text is decoded (and copied) first.
      if data.withUnsafeBufferPointer(isASCII) {
        return data.withUnsafeBufferPointer {
          checkDoc(doc, $0, valid: true, whole: whole, worker: &worker)
        }
      }
      var (text, valid) = decodeUTF8Leniently(data)
      return text.withUTF8 { checkDoc(doc, $0, valid: valid, whole: whole, worker: &worker) }
    }
    var notes = perDoc.flatMap(\.notes)
    let suppressed = perDoc.reduce(0) { $0 + $1.suppressed }

    var jobs = perDoc.flatMap(\.pending)
    // Git's rename detection, for the names of the missing files alone, on a thread of its own:
    // for the docs' anchors as soon as every doc is read, while permalinks are read; then for
    // any name only a permalink brings. Nothing without missing files or git.
    let early = perDoc.reduce(into: Set<String>()) { $0.formUnion($1.missingNames) }
    let earlyRenames = Pending { () throws -> [String: String] in
      guard !early.isEmpty, let lookup = try renamesOnce.value() else { return [:] }
      return lookup(early)
    }
    if jobs.contains(where: { $0.anchor.form == .permalink }) {
      try readPermalinks(
        &jobs, repository: repositoryOnce.value(), files: permalinkFiles.finish(), index: index,
        scope: scope)
    }
    let pending = jobs
    // Quotes of missing files, looked for across the files of their extension: each distinct
    // quote once, in parallel, through one index of the lines they hold.
    var quotes: [RelocationIndex.Key: NormalizedLines] = [:]
    for outcome in perDoc {
      for (key, lines) in outcome.relocating where quotes[key] == nil { quotes[key] = lines }
    }
    for job in pending where job.permalink != nil && job.isOpen && job.resolution == .missing {
      let key = RelocationIndex.Key(job.anchor)
      if quotes[key] == nil { quotes[key] = NormalizedLines(text: job.anchor.quoteText) }
    }
    // The names only permalinks bring, while the quotes of missing files are indexed.
    let renames = Pending { () throws -> [String: String] in
      var found = try earlyRenames.value()
      let late = Set(
        pending.lazy.filter { $0.permalink != nil && $0.resolution == .missing && $0.isOpen }
          .flatMap { RenamedFiles.names(citedAs: $0.anchor.path, from: $0.doc) }
      ).subtracting(early)
      guard !late.isEmpty, let lookup = try renamesOnce.value() else { return found }
      found.merge(lookup(late)) { first, _ in first }
      return found
    }
    let relocations = RelocationIndex(index: index, cache: cache, quotes: quotes)
    let moves = try RenamedFiles(renames: renames.value(), index: index)
    var settled = parallelMap(pending) { job -> AnchorResult? in
      if let permalink = job.permalink {
        if let settled = permalink.settled { return settled }
        if permalink.dropped { return nil }
      }
      let result: AnchorResult
      if case .file(let file) = job.resolution {
        // A permalink whose file is there.
        result = check(
          job.anchor, doc: job.doc, archived: job.archived, file: file, source: cache.file(file),
          quote: NormalizedLines(text: job.anchor.quoteText),
          declarations: { cache.declarations(file) })
      } else if job.resolution == .missing,
        let renamed = moves.target(of: job.anchor.path, from: job.doc)
      {
        result = self.renamed(
          job, to: renamed.path, from: renamed.old, source: cache.file(renamed.path),
          declarations: { cache.declarations(renamed.path) })
      } else {
        result = unresolved(job, relocations: relocations)
      }
      return job.permalink.map { permalinkResult(result, job: job, target: $0) } ?? result
    }
    if let repository = try repositoryOnce.valueIfStarted() ?? nil {
      settled = unpinned(settled, uncommitted: repository.uncommitted)
    }
    // Every doc's results in order, the pending ones settled.
    // Each result is moved out of its doc's list, not copied: a copy would touch every result's
    // reference count, a cache miss apiece.
    var results: [AnchorResult] = []
    results.reserveCapacity(perDoc.reduce(0) { $0 + $1.results.count })
    var next = settled.makeIterator()
    for doc in perDoc.indices {
      for index in perDoc[doc].results.indices {
        // A pending permalink out of the scope settles to nil, and is left out.
        // One settled result per pending one, in order.
        if let result = perDoc[doc].results[index].take() ?? next.next() ?? nil {
          results.append(result)
        }
      }
    }
    for file in Set(perDoc.flatMap(\.lenientSources)).sorted() {
      notes.append(
        .init(file: file, line: 0, message: "not valid UTF-8; read with replacement characters"))
    }
    // Handed over before this frame's thousands of paths and outcomes are freed.
    deliver(
      AnchorReport(results: results, docCount: docs.count, notes: notes, suppressed: suppressed))
  }

  /// What checking one doc found: a result for each anchor, `nil` where the anchor's path did not
  /// resolve to a file (settled with the others once every doc is read).
  struct DocOutcome: Sendable {
    var results: [AnchorResult?] = []
    /// The anchors whose results are `nil`, in order.
    var pending: [Job] = []
    /// The names of the files that pending anchors cite and are missing, for git's rename
    /// detection (`RenamedFiles.names(citedAs:from:)`).
    var missingNames: [String] = []
    /// The quotes of pending anchors whose files are missing, normalized.
    var relocating: [(RelocationIndex.Key, NormalizedLines)] = []
    var notes: [AnchorReport.Note] = []
    var suppressed = 0
    var lenientSources: [String] = []
  }

  struct Job: Sendable {
    let doc: String
    var anchor: ParsedAnchor
    let archived: Bool
    var resolution: RepositoryIndex.Resolution
    /// Whether the doc is in the scope as a whole (always, in a full run).
    var covered = true
    /// For a permalink: what git said of it.
    var permalink: PermalinkTarget? = nil
    /// Whether the job still has its file to look for: not a permalink that git's answer
    /// settled, or that is out of scope.
    var isOpen: Bool { permalink.map { $0.settled == nil && !$0.dropped } ?? true }
  }

  // MARK: - Docs

  private static func selectDocs(
    _ paths: [String], root: URL, index: RepositoryIndex, config: AnchorConfig
  ) throws
    -> [String]
  {
    func included(_ path: String) -> Bool {
      // `.md` in any case, as bytes: asked of every file under the root.
      var tail = path.utf8.reversed().makeIterator()
      return tail.next().map { $0 | 0x20 } == UInt8(ascii: "d")
        && tail.next().map { $0 | 0x20 } == UInt8(ascii: "m")
        && tail.next() == UInt8(ascii: ".")
        && config.include.contains { $0.matches(path) }
    }
    guard !paths.isEmpty else { return index.files.filter(included) }
    var docs: [String] = []
    for path in paths {
      let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
      let full = url.standardizedFileURL.path
      guard full == root.path || full.hasPrefix(root.path + "/") else {
        throw AnchorInputError(
          "\(path) is outside the root \(root.path); pass docs inside it, or a different --root")
      }
      let relative = full == root.path ? "" : String(full.dropFirst(root.path.count + 1))
      guard let isDirectory = FileSystem.isDirectory(atPath: full) else {
        throw AnchorInputError(
          "no file or folder \(path); pass Markdown files or folders under the root")
      }
      if isDirectory {
        let folder = relative + "/"
        docs += index.files.filter { (relative.isEmpty || $0.hasPrefix(folder)) && included($0) }
      } else {
        docs.append(relative)
      }
    }
    // One path names each doc once; several may name one twice.
    guard paths.count > 1 else { return docs }
    var seen: Set<String> = []
    return docs.filter { seen.insert($0).inserted }
  }

  // MARK: - Statuses

  static func result(
    _ anchor: ParsedAnchor, doc: String, archived: Bool, path: String, status: AnchorStatus,
    message: AnchorMessage,
    suggestion: String? = nil,
    changes: AnchorResult.Changes? = nil,
    fix: AnchorResult.Fix? = nil
  ) -> AnchorResult {
    AnchorResult(
      doc: doc, line: anchor.line, anchor: anchor.text, path: path,
      start: anchor.start,
      end: anchor.end, quoted: anchor.form == .quoted, status: status,
      suggestion: suggestion, message: message,
      changes: changes, archived: archived, form: anchor.form, columns: anchor.columns,
      fix: fix)
  }

  static func range(_ start: Int, _ end: Int) -> String {
    start == end ? "\(start)" : "\(start)-\(end)"
  }

  /// The status of an anchor whose file resolved.
  static func check(
    _ anchor: ParsedAnchor, doc: String, archived: Bool, file: String, source: SourceFile?,
    quote: NormalizedLines, declarations: () -> FileDeclarations
  )
    -> AnchorResult
  {
    guard let source else {
      return result(
        anchor, doc: doc, archived: archived, path: file, status: .missingFile,
        message: "\(file) could not be read; check its permissions")
    }
    if let symbol = anchor.symbol {
      return checkSymbol(
        anchor, symbol: symbol, doc: doc, archived: archived, file: file, source: source,
        quote: quote, declarations: declarations())
    }
    let count = source.lines.count
    var cited: String { "\(file):\(range(anchor.start, anchor.end))" }
    if anchor.start < 1 || anchor.end < anchor.start {
      return result(
        anchor, doc: doc, archived: archived, path: file, status: .outOfRange,
        message:
          "the range \(range(anchor.start, anchor.end)) is empty or reversed; lines start at 1 and the range must run forward"
      )
    }
    guard quote.count > 0 else {
      if anchor.end <= count {
        return result(
          anchor, doc: doc, archived: archived, path: file, status: .unverified,
          message: .linesExist(start: anchor.start, end: anchor.end))
      }
      return result(
        anchor, doc: doc, archived: archived, path: file, status: .outOfRange,
        message: "\(file) has \(count) lines; \(cited) runs past its end: cite lines that exist")
    }
    if anchor.end <= count, anchor.end - anchor.start + 1 == quote.count,
      source.lines.contains(quote, at: anchor.start - 1)
    {
      return result(
        anchor, doc: doc, archived: archived, path: file, status: .ok,
        message: .quoteMatches(start: anchor.start, end: anchor.end))
    }
    if let nearest = source.nearestOccurrence(of: quote, near: anchor.start - 1) {
      let start = nearest + 1
      let end = nearest + quote.count
      return result(
        anchor, doc: doc, archived: archived, path: file, status: .moved,
        message: .moved(
          file: file, start: start, end: end, citedStart: anchor.start, citedEnd: anchor.end),
        suggestion: "\(anchor.path):\(range(start, end))",
        fix: .init(anchor, path: nil, start: start, end: end))
    }
    if anchor.end > count {
      return result(
        anchor, doc: doc, archived: archived, path: file, status: .outOfRange,
        message:
          "\(file) has \(count) lines; \(cited) runs past its end and the quote is nowhere in the file: find where the code went and update the doc"
      )
    }
    let closest = closestMatch(quote, in: source, excluding: anchor.start - 1).map {
      AnchorMessage.Closest(
        start: $0.start + 1, end: $0.start + quote.count, matching: $0.matching, count: quote.count)
    }
    return result(
      anchor, doc: doc, archived: archived, path: file, status: .changed,
      message: .changed(file: file, start: anchor.start, end: anchor.end, closest: closest),
      changes: .init(
        quote: quote.compacted(), source: source, range: (anchor.start - 1)..<anchor.end))
  }

  /// The window of the file most like `quote`, when at least half its lines match.
  static func closestMatch(_ quote: NormalizedLines, in source: SourceFile, excluding cited: Int)
    -> (start: Int, matching: Int)?
  {
    guard source.lines.count > 0 else { return nil }
    // Votes by the window's start line.
    var votes = [Int32](repeating: 0, count: source.lines.count)
    for offset in 0..<quote.count where !quote.bytes(offset).isEmpty {
      source.forEachLine(hashed: quote.hashes[offset]) { position in
        if position - offset >= 0, source.lines.line(position, equals: offset, of: quote) {
          votes[position - offset] += 1
        }
      }
    }
    // The most votes; of equals, the earliest window.
    var best = 0
    for start in votes.indices where votes[start] > votes[best] { best = start }
    let most = Int(votes[best])
    guard most > 0, most * 2 >= quote.count, best != cited else { return nil }
    return (best, most)
  }

  /// The status of an anchor whose file git saw renamed from `old` to `file`: checked there, and
  /// reported with the new path (`moved` when the quote stands in it, else `changed` with the
  /// diff, or `outOfRange`).
  static func renamed(
    _ job: Job, to file: String, from old: String, source: SourceFile?,
    declarations: () -> FileDeclarations
  )
    -> AnchorResult
  {
    let there = check(
      job.anchor, doc: job.doc, archived: job.archived, file: file, source: source,
      quote: NormalizedLines(text: job.anchor.quoteText), declarations: declarations)
    let renamed = "\(old) was renamed to \(file) (git)"
    // The renamed file's lines, with the symbol the anchor names, as `--fix` writes them.
    func cited(_ start: Int, _ end: Int) -> String {
      AnchorResult.Fix.lines(file, start, end, symbol: job.anchor.symbol)
    }
    switch there.status {
    case .ok, .unverified, .moved:
      let (start, end) = there.fix.map { ($0.start, $0.end) } ?? (job.anchor.start, job.anchor.end)
      let fix = AnchorResult.Fix(job.anchor, path: file, start: start, end: end)
      // An anchor that names a declaration without lines is suggested as it is written.
      let suggestion = job.anchor.hasRange ? cited(start, end) : fix.text
      let stands =
        !job.anchor.hasRange
        ? "it declares \(job.anchor.symbol ?? "")"
        : job.anchor.form == .quoted
          ? "the quote stands at lines \(range(start, end)) there"
          : "lines \(range(start, end)) exist there"
      return result(
        job.anchor, doc: job.doc, archived: job.archived, path: file, status: .moved,
        message: "\(renamed); \(stands): run with --fix to point the anchor there",
        suggestion: suggestion, fix: fix)
    case .changed:
      return result(
        job.anchor, doc: job.doc, archived: job.archived, path: file, status: .changed,
        message:
          "\(renamed), and lines \(range(job.anchor.start, job.anchor.end)) there differ from the quote, which is nowhere in it: reread the explanation and update path, quote and prose together",
        suggestion: cited(job.anchor.start, job.anchor.end), changes: there.changes)
    default:
      return result(
        job.anchor, doc: job.doc, archived: job.archived, path: file, status: there.status,
        message: "\(renamed); there, \(there.message)",
        suggestion: file)
    }
  }

  /// The status of an anchor whose path did not resolve to a file.
  static func unresolved(_ job: Job, relocations: RelocationIndex) -> AnchorResult {
    let anchor = job.anchor
    switch job.resolution {
    case .outside:
      return result(
        job.anchor, doc: job.doc, archived: job.archived, path: anchor.path, status: .outsideRoot,
        message:
          "\(anchor.path) leaves the root (an absolute path, a climb out with .., or a symlink); it was not read: cite files inside the repository"
      )
    case .ambiguous(let candidates):
      return result(
        job.anchor, doc: job.doc, archived: job.archived, path: anchor.path, status: .ambiguous,
        message:
          "\(anchor.path) names \(candidates.count) files: \(candidates.joined(separator: ", ")); write the path from the root"
      )
    default:
      if let found = relocations.unique(for: anchor) {
        let suggestion = "\(found.file):\(range(found.start + 1, found.start + found.count))"
        return result(
          job.anchor, doc: job.doc, archived: job.archived, path: anchor.path, status: .missingFile,
          message:
            "no file \(anchor.path); the quote stands in \(suggestion): run with --fix to point the anchor there",
          suggestion: suggestion,
          fix: .init(
            anchor, path: found.file, start: found.start + 1, end: found.start + found.count))
      }
      return result(
        job.anchor, doc: job.doc, archived: job.archived, path: anchor.path, status: .missingFile,
        message: .noFile(path: anchor.path)
      )
    }
  }
}

/// What one worker thread keeps between docs: the paths it resolved, with the files they name,
/// and a buffer for each quote's normalized lines.
struct Worker {
  /// A path's resolution, and the file it names.
  typealias Entry = (resolution: RepositoryIndex.Resolution, source: SourceFile?)
  /// Bare names resolve alike from every doc.
  private var byName: [String: Entry] = [:]
  /// Paths with `/` resolve from the citing doc's folder too: by folder, the current one's moved
  /// out to `inFolder` while its docs are checked, so each anchor costs one lookup.
  private var byFolder: [String: [String: Entry]] = [:]
  private var folder = ""
  private var inFolder: [String: Entry] = [:]
  /// The quote being checked.
  var quote = NormalizedLines(lines: [String]())
  /// The declarations of the files this worker's anchors named symbols in, by file: asked of
  /// the shared cache, behind its lock, once a file. Keyed by the file's identity, which stays
  /// its own for the whole check: the cache keeps every file it reads until the check ends.
  private var declared: [ObjectIdentifier: FileDeclarations] = [:]

  /// The declarations of `file`, read as `source`.
  mutating func declarations(
    of file: String, source: SourceFile, cache: SourceCache
  ) -> FileDeclarations {
    if let known = declared[ObjectIdentifier(source)] { return known }
    let found = cache.declarations(file)
    declared[ObjectIdentifier(source)] = found
    return found
  }

  /// Makes `folder` the folder of the docs checked next.
  mutating func enter(folder: String) {
    guard folder != self.folder else { return }
    byFolder[self.folder] = inFolder
    inFolder = byFolder.removeValue(forKey: folder) ?? [:]
    self.folder = folder
  }

  /// How `path`, cited from `doc` (in the folder last entered), resolves, and the file it names.
  mutating func resolve(
    _ path: String, from doc: String, index: RepositoryIndex, cache: SourceCache
  ) -> Entry {
    let slashed = path.utf8.contains(UInt8(ascii: "/"))
    if let known = slashed ? inFolder[path] : byName[path] { return known }
    let resolution = index.resolve(path, from: doc)
    var source: SourceFile?
    if case .file(let file) = resolution { source = cache.file(file) }
    if slashed {
      inFolder[path] = (resolution, source)
    } else {
      byName[path] = (resolution, source)
    }
    return (resolution, source)
  }
}

/// Cited files, each read once and shared between threads.
// @unchecked: `files` and `scanned` are read and written only under `lock`; `root` is a `let`.
final class SourceCache: @unchecked Sendable {
  private let root: String
  private let lock = Lock()
  private var files: [String: SourceFile?] = [:]
  private var scanned: [String: Scan] = [:]

  init(root: URL) { self.root = root.path }

  /// The declarations of the file at `path` (relative to the root), scanned once, as its
  /// language reads them: none for a language the scanner does not read, or an unreadable file.
  /// A thread that asks for a file another is scanning waits for that scan.
  func declarations(_ path: String) -> FileDeclarations {
    lock.lock()
    let scan: Scan
    if let known = scanned[path] {
      scan = known
    } else {
      scan = Scan()
      scanned[path] = scan
    }
    lock.unlock()
    return scan.value {
      let language = SourceLanguage(path: path)
      guard language != .plain, let bytes = FileSystem.bytes(atPath: root + "/" + path) else {
        return FileDeclarations([], scannedAs: language)
      }
      // ASCII, most source, is scanned as it was read; other text is decoded (and copied) first.
      return FileDeclarations(
        bytes.withUnsafeBufferPointer(isASCII)
          ? DeclarationScanner.declarations(in: bytes, language: language)
          : DeclarationScanner.declarations(
            in: decodeUTF8Leniently(bytes).text, language: language),
        scannedAs: language)
    }
  }

  /// One file's scan, done once whichever thread asks first.
  // @unchecked: `declarations` is read and written only under `lock`.
  private final class Scan: @unchecked Sendable {
    private let lock = Lock()
    private var declarations: FileDeclarations?

    func value(_ make: () -> FileDeclarations) -> FileDeclarations {
      lock.lock()
      defer { lock.unlock() }
      if let declarations { return declarations }
      let made = make()
      declarations = made
      return made
    }
  }

  func file(_ path: String) -> SourceFile? {
    lock.lock()
    if let cached = files[path] {
      lock.unlock()
      return cached
    }
    lock.unlock()
    let loaded = FileSystem.bytes(atPath: root + "/" + path).map(SourceFile.init)
    lock.lock()
    defer { lock.unlock() }
    if let cached = files[path] { return cached }
    files[path] = .some(loaded)
    return loaded
  }
}
