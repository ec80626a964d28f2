/// GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`), one per finding:
/// GitHub shows each on the line it names, or on the run's summary when it names no file. The
/// package's one writer of them, escaping as the runner's toolkit does.
package enum GitHubAnnotations {
  /// One command per finding, in order, each with the title `title` gives it, if any.
  package static func render(_ findings: [Finding], title: (Finding) -> String?) -> [String] {
    findings.map { finding in
      var properties: [String] = []
      if let path = finding.location.path { properties.append("file=\(property(path))") }
      if let line = finding.location.line { properties.append("line=\(line)") }
      if let title = title(finding) { properties.append("title=\(property(title))") }
      let command = finding.level == .note ? "notice" : finding.level.rawValue
      let head = properties.isEmpty ? "" : " " + properties.joined(separator: ",")
      return "::\(command)\(head)::\(data(SARIFLog.text(of: finding)))"
    }
  }

  /// A property's value: `%`, CR, LF, `:` and `,` escaped.
  package static func property(_ text: String) -> String { escaped(text, alsoPunctuation: true) }

  /// A message: `%`, CR and LF escaped.
  package static func data(_ text: String) -> String { escaped(text, alsoPunctuation: false) }

  /// `%`, CR and LF as `%25`, `%0D` and `%0A` (and, in a property, `:` and `,` as `%3A` and
  /// `%2C`), byte by byte: a CR LF pair is one `Character`, and must still become `%0D%0A`.
  private static func escaped(_ text: String, alsoPunctuation: Bool) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "%"): bytes += Array("%25".utf8)
      case 0x0D: bytes += Array("%0D".utf8)
      case 0x0A: bytes += Array("%0A".utf8)
      case UInt8(ascii: ":") where alsoPunctuation: bytes += Array("%3A".utf8)
      case UInt8(ascii: ",") where alsoPunctuation: bytes += Array("%2C".utf8)
      default: bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
