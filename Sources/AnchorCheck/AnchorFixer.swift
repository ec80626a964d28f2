import Foundation

/// Rewrites the numbers of `moved` anchors (and the path and numbers of a cross-file relocation)
/// in place. It never touches quoted text: pasting different code under an old explanation is
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

  /// Applies every fix in `report` to the docs under `root` and returns what it changed.
  ///
  /// - Throws: when a doc cannot be written; docs already written stay written.
  public static func apply(_ report: AnchorReport, root: URL) throws -> [Edit] {
    var byDoc: [String: [AnchorResult]] = [:]
    for result in report.results where result.fix != nil {
      byDoc[result.doc, default: []].append(result)
    }
    var edits: [Edit] = []
    for doc in byDoc.keys.sorted() {
      let url = root.appendingPathComponent(doc)
      var lines = splitKeepingEndings([UInt8](try Data(contentsOf: url)))
      // Right to left within a line, so earlier columns stay valid.
      for result in byDoc[doc]!.sorted(by: {
        ($0.line, $0.columns.lowerBound) > ($1.line, $1.columns.lowerBound)
      }) {
        guard let fix = result.fix, result.line - 1 < lines.count else { continue }
        var line = lines[result.line - 1]
        guard result.columns.upperBound <= line.body.count,
          String(decoding: line.body[result.columns], as: UTF8.self) == result.anchor
        else { continue }
        let writtenPath = result.anchor[
          ..<(result.anchor.lastIndex(of: ":") ?? result.anchor.endIndex)]
        let after = "\(fix.path ?? String(writtenPath)):\(AnchorChecker.range(fix.start, fix.end))"
        line.body.replaceSubrange(result.columns, with: Array(after.utf8))
        lines[result.line - 1] = line
        edits.append(Edit(doc: doc, line: result.line, before: result.anchor, after: after))
      }
      try Data(lines.flatMap { $0.body + $0.ending }).write(to: url)
    }
    return edits.sorted { ($0.doc, $0.line) < ($1.doc, $1.line) }
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
