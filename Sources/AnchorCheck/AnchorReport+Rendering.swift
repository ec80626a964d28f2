import Foundation
import KitJSON

extension AnchorReport {
  /// One line per finding (`doc:line: status: anchor -> suggestion`, or `: message` when there is
  /// no suggestion), the diff under each `changed`, notes, then the summary line.
  public func renderText() -> String {
    var lines: [String] = []
    for finding in findings {
      let status = finding.archived ? "\(finding.status) (archive)" : finding.status.rawValue
      if let suggestion = finding.suggestion {
        lines.append(
          "\(finding.doc):\(finding.line): \(status): \(finding.anchor) -> \(suggestion)")
      } else {
        lines.append(
          "\(finding.doc):\(finding.line): \(status): \(finding.anchor): \(finding.message)")
      }
      if !finding.diff.isEmpty {
        lines.append("    --- quote in \(finding.doc)")
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
  /// sits in memory as one string. Anchors render in parallel slices, one per core at a time,
  /// written in order; each core renders into the same buffer every time.
  public func writeJSON(_ write: (UnsafeRawBufferPointer) -> Void) {
    func emit(_ bytes: [UInt8]) { bytes.withUnsafeBytes(write) }
    emit(Array("{\"version\": 1,\n \"anchors\": [".utf8))
    let slices = stride(from: 0, to: results.count, by: 1024).map {
      $0..<min($0 + 1024, results.count)
    }
    let buffers = (0..<max(1, ProcessInfo.processInfo.activeProcessorCount)).map { _ in
      RenderBuffer()
    }
    for batch in stride(from: 0, to: slices.count, by: buffers.count) {
      let count = min(buffers.count, slices.count - batch)
      DispatchQueue.concurrentPerform(iterations: count) { worker in
        let buffer = buffers[worker]
        buffer.bytes.removeAll(keepingCapacity: true)
        for index in slices[batch + worker] {
          Self.appendJSON(results[index], first: index == 0, to: &buffer.bytes)
        }
      }
      for buffer in buffers.prefix(count) { emit(buffer.bytes) }
    }
    let counts = self.counts
    let summary =
      [("total", results.count)] + AnchorStatus.all.map { ($0.rawValue, counts[$0] ?? 0) }
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

  /// GitHub Actions workflow commands: `::error` for findings, `::warning` for archived ones and
  /// notes, then the summary line.
  public func renderGitHub() -> String {
    var lines: [String] = []
    for finding in findings {
      let command = finding.archived ? "warning" : "error"
      let detail =
        finding.suggestion.map { "\(finding.anchor) -> \($0): " } ?? "\(finding.anchor): "
      lines.append(
        "::\(command) file=\(property(finding.doc)),line=\(finding.line),title=\(property("anchor \(finding.status)"))::\(data(detail + finding.message))"
      )
    }
    for note in notes {
      lines.append(
        "::warning file=\(property(note.file)),line=\(max(note.line, 1))::\(data(note.message))")
    }
    lines.append(summaryLine)
    return lines.joined(separator: "\n")
  }

  /// SARIF 2.1.0, for code-scanning dashboards: one rule per status, one result per finding.
  public func renderSARIF() -> String {
    let rules = AnchorStatus.all.dropFirst().map { status in
      "{\"id\": \(CanonicalJSON.quoted("anchor/\(status.rawValue)")), \"name\": \(CanonicalJSON.quoted(status.rawValue)), \"shortDescription\": {\"text\": \(CanonicalJSON.quoted("A doc anchor is \(status.words)"))}}"
    }
    let results = findings.map { finding in
      """
      {"ruleId": \(CanonicalJSON.quoted("anchor/\(finding.status.rawValue)")), "level": "\(finding.archived ? "warning" : "error")", \
      "message": {"text": \(CanonicalJSON.quoted(finding.suggestion.map { "\(finding.anchor) -> \($0): \(finding.message)" } ?? "\(finding.anchor): \(finding.message)"))}, \
      "locations": [{"physicalLocation": {"artifactLocation": {"uri": \(CanonicalJSON.quoted(finding.doc))}, "region": {"startLine": \(finding.line)}}}]}
      """
    }
    return """
      {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [{\
      "tool": {"driver": {"name": "contract-kit anchors", "informationUri": "https://github.com/", "rules": [\(rules.joined(separator: ", "))]}}, \
      "results": [\(results.joined(separator: ",\n "))]}]}
      """
  }

  private func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }

  private func data(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }
}

/// One core's output while rendering: only that core touches it until the batch is written.
private final class RenderBuffer: @unchecked Sendable {
  var bytes: [UInt8] = []
}
