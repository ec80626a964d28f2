import Dispatch
import KitSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension AnchorReport {
  /// One line per finding (`doc:line: status: anchor -> suggestion`, or `: message` when there is
  /// no suggestion), the diff under each `changed`, notes, then the summary line.
  public func renderText() -> String {
    var lines: [String] = []
    for finding in findings {
      let status =
        finding.isPermalink
        ? "\(finding.status) (permalink)"
        : finding.archived ? "\(finding.status) (archive)" : finding.status.rawValue
      if let suggestion = finding.suggestion {
        lines.append(
          "\(finding.doc):\(finding.line): \(status): \(finding.anchor) -> \(suggestion)")
      } else {
        lines.append(
          "\(finding.doc):\(finding.line): \(status): \(finding.anchor): \(finding.message)")
      }
      if !finding.diff.isEmpty {
        lines.append(
          finding.isPermalink
            ? "    --- the permalink's lines" : "    --- quote in \(finding.doc)")
        lines.append("    +++ \(finding.path):\(AnchorChecker.range(finding.start, finding.end))")
        lines += finding.diff.map { "    " + $0 }
      }
    }
    for note in notes {
      lines.append("note: \(note.file)\(note.line > 0 ? ":\(note.line)" : ""): \(note.message)")
    }
    lines.append(summaryLine)
    return lines.joined(separator: "\n")
  }

  /// The JSON shape CI tools parse: `{"version": 1, "anchors": [...], "summary": {...}}`, keys in
  /// the documented order, every anchor listed.
  public func renderJSON() -> String {
    var out: [UInt8] = []
    writeJSON { out.append(contentsOf: $0) }
    return String(decoding: out, as: UTF8.self)
  }

  /// Streams the JSON form to `write` in pieces, so a report of a hundred thousand anchors never
  /// sits in memory as one string. Every core renders slices of anchors, in turn, into a buffer of
  /// its own, and writes each when the slices before it are written: no core waits for another's
  /// write to render its next slice.
  public func writeJSON(_ write: (UnsafeRawBufferPointer) -> Void) {
    func emit(_ bytes: [UInt8]) { bytes.withUnsafeBytes(write) }
    emit(Array("{\"version\": 1,\n \"anchors\": [".utf8))
    let slices = stride(from: 0, to: results.count, by: 1024).map {
      $0..<min($0 + 1024, results.count)
    }
    // The summary's counts, as the anchors are rendered: each core counts what it renders.
    let tally = SharedTally()
    withoutActuallyEscaping(write) { write in
      let writer = OrderedWriter(write, count: slices.count)
      let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), slices.count)
      DispatchQueue.concurrentPerform(iterations: workers) { _ in
        var buffer: [UInt8] = []
        var counted = StatusTally()
        while let turn = writer.take() {
          buffer.removeAll(keepingCapacity: true)
          for index in slices[turn] {
            Self.appendJSON(results[index], first: index == 0, to: &buffer)
            counted.add(results[index])
          }
          writer.write(buffer, turn: turn)
        }
        tally.add(counted)
      }
    }
    let counts = tally.total.counts
    let summary =
      [("total", results.count)] + AnchorStatus.all.map { ($0.rawValue, counts[$0] ?? 0) }
      + [("permalinks", tally.total.permalinks)]
    emit(
      Array(
        ((results.isEmpty ? "],\n" : "\n ],\n") + " \"summary\": {"
          + summary.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}}").utf8))
  }

  private static func appendJSON(_ result: AnchorResult, first: Bool, to out: inout [UInt8]) {
    func append(_ text: StaticString) {
      text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
    func append(_ number: Int) {
      if number < 0 { out.append(UInt8(ascii: "-")) }
      let magnitude = number.magnitude
      var unit: UInt = 1
      while unit <= magnitude / 10 { unit *= 10 }
      repeat {
        out.append(UInt8(ascii: "0") + UInt8(magnitude / unit % 10))
        unit /= 10
      } while unit > 0
    }
    append(first ? "\n  " : ",\n  ")
    append("{\"doc\": ")
    CanonicalJSON.appendString(result.doc, to: &out)
    append(", \"line\": ")
    append(result.line)
    append(", \"anchor\": ")
    CanonicalJSON.appendString(result.anchor, to: &out)
    append(", \"path\": ")
    CanonicalJSON.appendString(result.path, to: &out)
    append(", \"start\": ")
    append(result.start)
    append(", \"end\": ")
    append(result.end)
    append(result.quoted ? ", \"quoted\": true" : ", \"quoted\": false")
    append(", \"status\": ")
    CanonicalJSON.appendString(result.status.rawValue, to: &out)
    append(", \"suggestion\": ")
    if let suggestion = result.suggestion {
      CanonicalJSON.appendString(suggestion, to: &out)
    } else {
      append("null")
    }
    append(", \"message\": ")
    out.append(UInt8(ascii: "\""))
    result.reason.write(
      literal: { $0.withUTF8Buffer { out.append(contentsOf: $0) } },
      variable: { CanonicalJSON.appendStringContents($0, to: &out) })
    out.append(UInt8(ascii: "\""))
    append("}")
  }

  /// GitHub Actions workflow commands: `::error` for findings, `::warning` for archived ones,
  /// stale permalinks and notes, `::notice` for unverified anchors and permalinks outside the
  /// history, then the summary line.
  public func renderGitHub() -> String {
    let anchors = GitHubAnnotations.render(sharedFindings) {
      "anchor " + $0.id.dropFirst(Self.rulePrefix.count)
    }
    let notes = GitHubAnnotations.render(noteFindings) { _ in nil }
    return (anchors + notes + [summaryLine]).joined(separator: "\n")
  }

  /// SARIF 2.1.0, for code-scanning dashboards: one rule per status, one result per finding.
  public func renderSARIF() -> String {
    let rules = AnchorStatus.all.dropFirst().map { status in
      FindingRule(
        id: Self.rulePrefix + status.rawValue, name: status.rawValue,
        summary: "A doc anchor is \(status.words)")
    }
    return SARIFLog.render(tool: "contract-kit anchors", rules: rules, findings: sharedFindings)
  }

  /// The opening of every anchor finding's rule ID: `anchor/<status>`.
  static let rulePrefix = "anchor/"

  /// Every finding in the package's shared form: the rule is `anchor/<status>`, the location
  /// the doc and line of the anchor, and the message names the anchor (and where it went).
  var sharedFindings: [Finding] {
    findings.map { finding in
      let detail =
        finding.suggestion.map { "\(finding.anchor) -> \($0): " } ?? "\(finding.anchor): "
      return Finding(
        id: Self.rulePrefix + finding.status.rawValue, level: level(finding),
        location: Finding.Location(path: finding.doc, line: finding.line),
        message: detail + finding.message)
    }
  }

  /// The notes (a config or doc problem beside the anchors) as warnings on their line.
  private var noteFindings: [Finding] {
    notes.map { note in
      Finding(
        id: "anchor/note", level: .warning,
        location: Finding.Location(path: note.file, line: max(note.line, 1)),
        message: note.message)
    }
  }

  /// How severe a finding is: a note (unverified, or a permalink outside the history), a
  /// warning (archived, or a stale permalink) or an error.
  private func level(_ finding: AnchorResult) -> Finding.Level {
    if finding.status == .unverified || finding.status == .outsideHistory { return .note }
    return finding.archived || finding.isPermalink ? .warning : .error
  }
}

/// What the threads that render a report counted, added up as each finishes.
// @unchecked: `sum` is read and written only under `lock`.
private final class SharedTally: @unchecked Sendable {
  private let lock = Lock()
  private var sum = StatusTally()

  /// Adds what one thread counted.
  func add(_ counted: StatusTally) { lock.withCriticalSection { sum.add(counted) } }

  /// Everything counted so far.
  var total: StatusTally { lock.withCriticalSection { sum } }
}

/// Hands out turns `0..<count` and writes each turn's bytes in turn order, whichever thread
/// rendered them: a thread with a later turn waits until the earlier ones are written.
// @unchecked: `taken`, `written` change under `condition`; turn order serializes `write` calls.
private final class OrderedWriter: @unchecked Sendable {
  private let write: (UnsafeRawBufferPointer) -> Void
  private let condition = Condition()
  private let count: Int
  private var taken = 0
  private var written = 0

  init(_ write: @escaping (UnsafeRawBufferPointer) -> Void, count: Int) {
    self.write = write
    self.count = count
  }

  /// The next turn to render, or `nil` when every turn is taken.
  func take() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    guard taken < count else { return nil }
    taken += 1
    return taken - 1
  }

  /// Writes `bytes` once every turn before `turn` is written.
  func write(_ bytes: [UInt8], turn: Int) {
    condition.lock()
    while written != turn { condition.wait() }
    condition.unlock()
    bytes.withUnsafeBytes(write)
    condition.lock()
    written += 1
    condition.broadcast()
    condition.unlock()
  }
}
