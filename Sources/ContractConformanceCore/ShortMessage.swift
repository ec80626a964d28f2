/// A check's message as a report shows it to a person: about 1 KB at most. A line longer than
/// ``lineLimit`` characters keeps its first ``kept`` and says how many it left out; a message of
/// more than ``lineCount`` lines keeps its first lines and its replay line. The whole message
/// stays in the JSON report, and `--verbose` (or `CONTRACT_KIT_VERBOSE=1`) prints it.
package enum ShortMessage {
  static let lineLimit = 400
  static let kept = 300
  static let lineCount = 24
  static let how = "--verbose or CONTRACT_KIT_VERBOSE=1 shows them"

  package static func shortened(_ message: String) -> String {
    var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.count <= lineLimit
        ? String(line)
        : String(line.prefix(kept)) + " … (\(line.count - kept) more characters; \(how))"
    }
    if lines.count > lineCount {
      let replay = lines.last.map { $0.hasPrefix("replay: ") ? [$0] : [] } ?? []
      let left = lines.count - (lineCount - 1) - replay.count
      lines = Array(lines.prefix(lineCount - 1)) + ["… (\(left) more lines; \(how))"] + replay
    }
    return lines.joined(separator: "\n")
  }
}
