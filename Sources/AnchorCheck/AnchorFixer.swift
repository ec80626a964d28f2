#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Rewrites the numbers of `moved` anchors (and the path and numbers of a cross-file relocation,
/// and the commit of a permalink) in place. It never touches quoted text: pasting different code under an old explanation is
/// worse than a stale anchor.
public enum AnchorFixer {
  /// One rewrite.
  public struct Edit: Hashable, Sendable, CustomStringConvertible {
    /// The doc, relative to the root.
    public let doc: String
    /// The 1-based doc line.
    public let line: Int
    /// The anchor as it was.
    public let before: String
    /// The anchor as written now.
    public let after: String
    /// `docs/a.md:12: Sources/X.swift:10-14 -> Sources/X.swift:20-24`.
    public var description: String { "\(doc):\(line): \(before) -> \(after)" }
  }

  /// Applies the fixes in `report` of the kinds given to the docs under `root`, in one write
  /// per doc, and returns what it changed:
  /// - ``AnchorFixKind/ranges``: the numbers (and path) of moved anchors that are not
  ///   permalinks;
  /// - ``AnchorFixKind/permalinks``: each permalink whose lines only moved is pinned to HEAD:
  ///   its commit becomes HEAD's, and its path and range the lines' there. One whose file
  ///   differs from HEAD in the work tree is left, since it can pin only committed lines.
  ///
  /// - Throws: when a doc cannot be written; docs already written stay written.
  public static func apply(
    _ report: AnchorReport, root: URL, kinds: Set<AnchorFixKind> = [.ranges]
  ) throws -> [Edit] {
    try write(
      report.results.compactMap { result in
        guard let fix = result.fix,
          kinds.contains(result.isPermalink ? .permalinks : .ranges)
        else { return nil }
        return Rewrite(
          doc: result.doc, line: result.line, columns: result.columns, before: result.anchor,
          after: fix.text)
      }, root: root)
  }

  /// One anchor's text to write in place of another's.
  struct Rewrite {
    let doc: String
    let line: Int
    let columns: Range<Int>
    let before: String
    let after: String
  }

  /// Writes `rewrites` into the docs under `root`; a rewrite whose columns no longer hold its
  /// `before` text is skipped.
  static func write(_ rewrites: [Rewrite], root: URL) throws -> [Edit] {
    let byDoc = Dictionary(grouping: rewrites, by: \.doc)
    var edits: [(edit: Edit, column: Int)] = []
    for (doc, rewrites) in byDoc.sorted(by: { $0.key < $1.key }) {
      let path = root.appendingPathComponent(doc).path
      guard let bytes = FileSystem.bytes(atPath: path) else {
        throw AnchorInputError(
          "cannot read \(doc) under \(root.path) to fix it; check its permissions")
      }
      var lines = splitKeepingEndings(bytes)
      // Right to left within a line, so earlier columns stay valid.
      for rewrite in rewrites.sorted(by: {
        ($0.line, $0.columns.lowerBound) > ($1.line, $1.columns.lowerBound)
      }) {
        guard rewrite.line - 1 < lines.count else { continue }
        var line = lines[rewrite.line - 1]
        guard rewrite.columns.upperBound <= line.body.count,
          String(decoding: line.body[rewrite.columns], as: UTF8.self) == rewrite.before
        else { continue }
        line.body.replaceSubrange(rewrite.columns, with: Array(rewrite.after.utf8))
        lines[rewrite.line - 1] = line
        edits.append(
          (
            Edit(doc: doc, line: rewrite.line, before: rewrite.before, after: rewrite.after),
            rewrite.columns.lowerBound
          ))
      }
      if let reason = FileSystem.write(lines.flatMap { $0.body + $0.ending }, toPath: path) {
        throw AnchorInputError(
          "cannot rewrite \(doc) under \(root.path): \(reason); check its permissions")
      }
    }
    // In doc order: by doc, line and place in the line.
    return edits.sorted {
      ($0.edit.doc, $0.edit.line, $0.column) < ($1.edit.doc, $1.edit.line, $1.column)
    }
    .map(\.edit)
  }

  /// An unquoted range `--fix=symbols` left as it was, and why.
  public struct Unnamed: Hashable, Sendable, CustomStringConvertible {
    /// The doc, relative to the root.
    public let doc: String
    /// The 1-based doc line.
    public let line: Int
    /// The anchor as written.
    public let anchor: String
    /// Why no symbol was written, and what to do instead.
    public let reason: String
    /// `docs/a.md:12: Sources/X.swift:10-40 not named: it spans 2 declarations …`.
    public var description: String { "\(doc):\(line): \(anchor) not named: \(reason)" }
  }

  /// Names the declaration beside each unverified prose range of a scanned language that cites
  /// exactly one (`PATH:LINES` becomes `PATH:LINES (SYMBOL)`, which is then checked): the whole
  /// declaration, or its keyword line alone (`AnchorChecker.cites(_:start:end:)`). It never
  /// guesses: a range over two declarations or over part of one, or over one of several
  /// overloads that no name tells apart, is left, and said why.
  ///
  /// - Returns: the edits made, and the ranges left with their reasons.
  /// - Throws: when a doc cannot be written; docs already written stay written.
  public static func nameSymbols(_ report: AnchorReport, root: URL) throws -> (
    edits: [Edit], unnamed: [Unnamed]
  ) {
    let cache = SourceCache(root: root.standardizedFileURL)
    var rewrites: [Rewrite] = []
    var unnamed: [Unnamed] = []
    for result in report.results
    where result.status == .unverified && result.form == .prose
      && SourceLanguage(path: result.path) != .plain && !result.anchor.hasSuffix(")")
    {
      let declarations = cache.declarations(result.path)
      let covered = declarations.all.filter {
        AnchorChecker.cites($0, start: result.start, end: result.end)
      }
      func leave(_ reason: String) {
        unnamed.append(
          Unnamed(doc: result.doc, line: result.line, anchor: result.anchor, reason: reason))
      }
      guard let declaration = covered.first else {
        // The outermost declarations that start in the range: a member goes with its type.
        let starting = declarations.all.filter {
          result.start <= $0.keywordLine && $0.keywordLine <= result.end
        }
        let spanned = starting.filter { inner in
          !starting.contains {
            $0.depth < inner.depth && $0.keywordLine <= inner.keywordLine && inner.end <= $0.end
          }
        }
        switch spanned.count {
        case 0: leave("it holds no declaration's first line; quote the lines instead")
        case 1:
          leave(
            "it holds part of \(AnchorChecker.describe(spanned[0])) (lines \(AnchorChecker.range(spanned[0].keywordLine, spanned[0].end))); cite all of it or its first line, or quote the lines"
          )
        default:
          let names = spanned.prefix(4).map(AnchorChecker.describe).joined(separator: ", ")
          leave("it spans \(spanned.count) declarations (\(names)); cite one, or quote the lines")
        }
        continue
      }
      guard covered.count == 1 else {
        leave(
          "it covers \(covered.count) declarations on one line (\(covered.map(\.name).joined(separator: ", "))); name one by hand"
        )
        continue
      }
      let name = [declaration.name, declaration.labels].compactMap { $0 }.first {
        declarations.matching($0).count == 1
      }
      guard let name else {
        leave(
          "\(declaration.name) has overloads that no name tells apart; quote the lines instead")
        continue
      }
      rewrites.append(
        Rewrite(
          doc: result.doc, line: result.line, columns: result.columns, before: result.anchor,
          after: "\(result.anchor) (\(name))"))
    }
    return (try write(rewrites, root: root), unnamed)
  }

  private struct Line {
    var body: [UInt8]
    var ending: [UInt8]
  }

  private static func splitKeepingEndings(_ bytes: [UInt8]) -> [Line] {
    var lines: [Line] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      var end = index
      if end > start, bytes[end - 1] == 0x0D { end -= 1 }
      lines.append(Line(body: Array(bytes[start..<end]), ending: Array(bytes[end...index])))
      start = index + 1
    }
    if start < bytes.count { lines.append(Line(body: Array(bytes[start...]), ending: [])) }
    return lines
  }
}
