import Foundation

extension AnchorReport {
  /// One line per finding (`doc:line: status: anchor -> suggestion`, or `: message` when there is
  /// no suggestion), the diff under each `changed`, notes, then the summary line.
  public func renderText() -> String {
    var lines: [String] = []
    for finding in findings {
      let status = finding.archived ? "\(finding.status) (archive)" : finding.status.rawValue
      if let suggestion = finding.suggestion {
        lines.append("\(finding.doc):\(finding.line): \(status): \(finding.anchor) -> \(suggestion)")
      } else {
        lines.append("\(finding.doc):\(finding.line): \(status): \(finding.anchor): \(finding.message)")
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
    var out = "{\"version\": 1,\n \"anchors\": ["
    for (index, result) in results.enumerated() {
      out += index == 0 ? "\n  " : ",\n  "
      let fields: [(String, String)] = [
        ("doc", jsonString(result.doc)), ("line", "\(result.line)"), ("anchor", jsonString(result.anchor)),
        ("path", jsonString(result.path)), ("start", "\(result.start)"), ("end", "\(result.end)"),
        ("quoted", result.quoted ? "true" : "false"), ("status", jsonString(result.status.rawValue)),
        ("suggestion", result.suggestion.map(jsonString) ?? "null"), ("message", jsonString(result.message)),
      ]
      out += "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
    out += results.isEmpty ? "],\n" : "\n ],\n"
    let counts = self.counts
    let summary = [("total", results.count)] + AnchorStatus.all.map { ($0.rawValue, counts[$0] ?? 0) }
    out += " \"summary\": {" + summary.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}}"
    return out
  }

  /// GitHub Actions workflow commands: `::error` for findings, `::warning` for archived ones and
  /// notes, then the summary line.
  public func renderGitHub() -> String {
    var lines: [String] = []
    for finding in findings {
      let command = finding.archived ? "warning" : "error"
      let detail = finding.suggestion.map { "\(finding.anchor) -> \($0): " } ?? "\(finding.anchor): "
      lines.append(
        "::\(command) file=\(property(finding.doc)),line=\(finding.line),title=\(property("anchor \(finding.status)"))::\(data(detail + finding.message))"
      )
    }
    for note in notes {
      lines.append("::warning file=\(property(note.file)),line=\(max(note.line, 1))::\(data(note.message))")
    }
    lines.append(summaryLine)
    return lines.joined(separator: "\n")
  }

  /// SARIF 2.1.0, for code-scanning dashboards: one rule per status, one result per finding.
  public func renderSARIF() -> String {
    let rules = AnchorStatus.all.dropFirst().map { status in
      "{\"id\": \(jsonString("anchor/\(status.rawValue)")), \"name\": \(jsonString(status.rawValue)), \"shortDescription\": {\"text\": \(jsonString("A doc anchor is \(status.words)"))}}"
    }
    let results = findings.map { finding in
      """
      {"ruleId": \(jsonString("anchor/\(finding.status.rawValue)")), "level": "\(finding.archived ? "warning" : "error")", \
      "message": {"text": \(jsonString(finding.suggestion.map { "\(finding.anchor) -> \($0): \(finding.message)" } ?? "\(finding.anchor): \(finding.message)"))}, \
      "locations": [{"physicalLocation": {"artifactLocation": {"uri": \(jsonString(finding.doc))}, "region": {"startLine": \(finding.line)}}}]}
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

/// A JSON string literal.
func jsonString(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}
