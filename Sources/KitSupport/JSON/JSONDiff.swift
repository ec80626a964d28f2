/// Field-path differences between two JSON values, for messages a reviewer reads:
/// `$.partial.summary.coverage.missingPages[0]: expected {"first":31,"last":35}, got (absent)`.
public enum JSONDiff {
  /// Every path where `expected` and `actual` differ, at most `limit` of them.
  public static func differences(expected: JSONValue, actual: JSONValue, limit: Int = 20)
    -> [String]
  {
    var lines: [String] = []
    walk(expected, actual, path: "$", into: &lines, limit: limit)
    return lines
  }

  private static func walk(
    _ expected: JSONValue?, _ actual: JSONValue?, path: String, into lines: inout [String],
    limit: Int
  ) {
    guard lines.count < limit, expected != actual else { return }
    switch (expected, actual) {
    case (.object(let a)?, .object(let b)?):
      for key in Set(a.keys).union(b.keys).sorted() {
        walk(a[key], b[key], path: path + "." + key, into: &lines, limit: limit)
      }
    case (.array(let a)?, .array(let b)?):
      for index in 0..<max(a.count, b.count) {
        walk(
          index < a.count ? a[index] : nil, index < b.count ? b[index] : nil,
          path: "\(path)[\(index)]", into: &lines, limit: limit)
      }
    case (.string(let a)?, .string(let b)?) where a.contains("\n") || b.contains("\n"):
      lines.append("\(path): text differs")
      let left = a.split(separator: "\n", omittingEmptySubsequences: false)
      let right = b.split(separator: "\n", omittingEmptySubsequences: false)
      for index in 0..<max(left.count, right.count) where lines.count < limit {
        let l = index < left.count ? String(left[index]) : nil
        let r = index < right.count ? String(right[index]) : nil
        if l != r {
          // Quoted as JSON quotes them: a NUL or an escape sequence never reaches a terminal.
          lines.append(
            "    line \(index + 1): expected \(l.map(CanonicalJSON.quoted) ?? "(absent)"), got \(r.map(CanonicalJSON.quoted) ?? "(absent)")"
          )
        }
      }
    default:
      lines.append("\(path): expected \(render(expected)), got \(render(actual))")
    }
  }

  /// A value on one line for messages, cut at 120 characters; `(absent)` for none.
  public static func render(_ value: JSONValue?) -> String {
    guard let value else { return "(absent)" }
    let text = String(decoding: CanonicalJSON.render(value), as: UTF8.self)
    return text.count > 120 ? String(text.prefix(117)) + "…" : text
  }
}
