import Foundation
import KitSupport
import Testing

/// The shared writers on generated findings: every field of every finding comes back out of the
/// SARIF log as it went in, and every GitHub annotation decodes to its finding. Texts draw on
/// quotes, backslashes, `%`, `:`, `,`, line breaks, control characters and non-ASCII; a failing
/// set is shrunk to the one finding that fails alone, when one does.
@Suite struct KitFindingsTests {
  static let seed =
    UInt64(ProcessInfo.processInfo.environment["CONTRACT_KIT_SEED"] ?? "") ?? 20_261_203

  static let pieces = [
    "a", "Z", " ", "\"", "\\", "%", "%25", ":", ",", "\n", "\r\n", "\r", "\t", "\u{1}", "é", "한",
    "🙂", "::", "=", "title=", "/", "]", "{}",
  ]

  static func text(_ random: inout SeededGenerator, empty: Bool = true) -> String {
    let count = Int.random(in: (empty ? 0 : 1)...8, using: &random)
    return (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
  }

  static func finding(_ random: inout SeededGenerator) -> Finding {
    let levels: [Finding.Level] = [.error, .warning, .note]
    func maybe(_ random: inout SeededGenerator) -> String? {
      Bool.random(using: &random) ? text(&random) : nil
    }
    return Finding(
      id: text(&random, empty: false), level: levels.randomElement(using: &random) ?? .error,
      location: Finding.Location(
        path: maybe(&random),
        line: Bool.random(using: &random) ? Int.random(in: 1...9999, using: &random) : nil,
        name: maybe(&random)),
      message: text(&random), expected: maybe(&random), actual: maybe(&random),
      advice: maybe(&random))
  }

  /// What is wrong with the SARIF log of `findings`, or `nil`.
  static func sarifProblem(_ findings: [Finding]) -> String? {
    let log = SARIFLog.render(
      tool: "kit", rules: [FindingRule(id: "r", name: "r", summary: "a \"rule\"\n")],
      findings: findings)
    guard let value = try? JSONValue(parsing: Array(log.utf8)) else { return "not JSON: \(log)" }
    guard case .array(let runs)? = value["runs"], runs.count == 1,
      case .array(let results)? = runs[0]["results"]
    else { return "no runs[0].results" }
    guard results.count == findings.count else { return "\(results.count) results" }
    for (result, finding) in zip(results, findings) {
      guard result["ruleId"] == .string(finding.id) else { return "ruleId of \(finding)" }
      guard result["level"] == .string(finding.level.rawValue) else { return "level of \(finding)" }
      guard case .string(let message)? = result["message"]?["text"],
        message.hasPrefix(finding.message)
      else { return "message of \(finding)" }
      for part in [finding.expected, finding.actual, finding.advice].compactMap({ $0 })
      where !part.isEmpty && !message.contains(part) {
        return "\(part.debugDescription) missing from the message of \(finding)"
      }
      let location: JSONValue? = {
        if case .array(let locations)? = result["locations"] { return locations.first }
        return nil
      }()
      if let path = finding.location.path {
        guard location?["physicalLocation"]?["artifactLocation"]?["uri"] == .string(path) else {
          return "path of \(finding)"
        }
        let line = location?["physicalLocation"]?["region"]?["startLine"]
        guard line == finding.location.line.map({ .integer(Int64($0)) }) else {
          return "line of \(finding)"
        }
      }
      if let name = finding.location.name {
        guard case .array(let logical)? = location?["logicalLocations"],
          logical.first?["fullyQualifiedName"] == .string(name)
        else { return "name of \(finding)" }
      }
      if finding.location.path == nil, finding.location.name == nil, location != nil {
        return "a location for \(finding), which has none"
      }
    }
    return nil
  }

  /// Undoes the runner's escaping of a message or a property.
  static func unescaped(_ text: Substring) -> String {
    var text = String(text)
    for (escaped, plain) in [
      ("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%"),
    ] {
      text = text.replacingOccurrences(of: escaped, with: plain)
    }
    return text
  }

  /// What is wrong with the annotation of `finding`, or `nil`.
  static func githubProblem(_ finding: Finding) -> String? {
    guard
      let line = GitHubAnnotations.render([finding], title: { "t:\($0.id)" }).first,
      line.hasPrefix("::")
    else { return "no command" }
    guard !line.contains("\n"), !line.contains("\r") else { return "a line break in \(line)" }
    let body = line.dropFirst(2)
    guard let end = body.range(of: "::") else { return "no message in \(line)" }
    let head = body[..<end.lowerBound]
    let command = head.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
    let expected = finding.level == .note ? "notice" : finding.level.rawValue
    guard command == expected else { return "command \(command) for \(finding.level)" }
    var properties: [String: String] = [:]
    if let space = head.firstIndex(of: " ") {
      for pair in head[head.index(after: space)...].split(separator: ",") {
        guard let equals = pair.firstIndex(of: "=") else {
          return "a property without = in \(line)"
        }
        properties[String(pair[..<equals])] = unescaped(pair[pair.index(after: equals)...])
      }
    }
    guard properties["file"] == finding.location.path else { return "file of \(finding)" }
    guard properties["line"] == finding.location.line.map(String.init) else { return "line" }
    guard properties["title"] == "t:\(finding.id)" else { return "title of \(finding)" }
    guard unescaped(body[end.upperBound...]).hasPrefix(finding.message) else {
      return "message of \(finding)"
    }
    return nil
  }

  @Test func sarifKeepsEveryFieldOfGeneratedFindings() {
    var random = SeededGenerator(seed: Self.seed)
    for round in 0..<300 {
      let findings = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        Self.finding(&random)
      }
      guard let problem = Self.sarifProblem(findings) else { continue }
      let alone = findings.first { Self.sarifProblem([$0]) != nil }
      Issue.record(
        "seed \(Self.seed) (CONTRACT_KIT_SEED), round \(round): \(problem); shrunk to \(alone.map { "\($0)" } ?? "the whole set")"
      )
      return
    }
  }

  @Test func githubAnnotationsDecodeToTheirFindings() {
    var random = SeededGenerator(seed: Self.seed &+ 1)
    for round in 0..<500 {
      let finding = Self.finding(&random)
      if let problem = Self.githubProblem(finding) {
        Issue.record("seed \(Self.seed &+ 1) (CONTRACT_KIT_SEED), round \(round): \(problem)")
        return
      }
    }
  }

  /// The hand-picked cases: a CR LF pair (one Character) still becomes %0D%0A, and a finding
  /// without a file gets no location.
  @Test func explicitExamples() {
    let crlf = Finding(
      id: "x", level: .error, location: Finding.Location(path: "a,b:c.md", line: 3),
      message: "one\r\ntwo")
    #expect(
      GitHubAnnotations.render([crlf], title: { _ in nil })
        == ["::error file=a%2Cb%3Ac.md,line=3::one%0D%0Atwo"])
    let nowhere = Finding(id: "y", level: .note, location: Finding.Location(), message: "m")
    #expect(GitHubAnnotations.render([nowhere], title: { _ in nil }) == ["::notice::m"])
    #expect(!SARIFLog.render(tool: "t", rules: [], findings: [nowhere]).contains("locations"))
    #expect(
      XMLText.escape("a<b & \"c\"\n\u{1}\t\r\u{FFFF}")
        == "a&lt;b &amp; &quot;c&quot;&#10;\\u{1}&#9;&#13;\\u{FFFF}")
  }

  /// The scalars XML 1.0 admits in a document, literally or as a reference (its `Char`).
  static func isXMLChar(_ value: UInt32) -> Bool {
    value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
      || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
  }

  /// What an XML reader makes of escaped attribute text, or why it rejects it: the four entities
  /// and numeric references decoded, a bare `<`, `&` or `"`, or a scalar or reference outside
  /// `Char`, refused.
  static func readAttribute(_ text: String) -> Result<String, XMLRejection> {
    var out = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard isXMLChar(scalar.value) else { return .failure(.init("U+\(scalar.value) is no Char")) }
      if scalar == "<" || scalar == "\"" { return .failure(.init("a bare \(scalar)")) }
      guard scalar == "&" else {
        out.append(scalar)
        continue
      }
      var name = ""
      while let next = scalars.next(), next != ";" { name.unicodeScalars.append(next) }
      let entities: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\""]
      if let entity = entities[name] {
        out.append(entity)
      } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), isXMLChar(value),
        let decoded = Unicode.Scalar(value)
      {
        out.append(decoded)
      } else {
        return .failure(.init("&\(name); is no entity or Char reference"))
      }
    }
    return .success(String(out))
  }

  struct XMLRejection: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// Every text, drawn from every class of scalar (each C0 control, the XML specials, the edges
  /// of the surrogate gap, U+FFFE and U+FFFF, astral planes), escapes to attribute text an XML
  /// reader accepts and reads back as the text itself, but for the scalars XML cannot hold,
  /// which read as their `\u{…}` spelling. A failing text is shrunk to the one scalar that fails.
  @Test func escapedTextIsXMLThatReadsBack() {
    let classes: [ClosedRange<UInt32>] = [
      0x0...0x1F, 0x20...0x7E, 0x7F...0x9F, 0xA0...0xD7FF, 0xE000...0xFFFD, 0xFFFE...0xFFFF,
      0x10000...0x10FFFF,
    ]
    let specials: [Unicode.Scalar] = ["&", "<", ">", "\"", "'", "\n", "\r", "\t", ";", "#"]
    var random = SeededGenerator(seed: Self.seed)
    func failure(_ scalars: [Unicode.Scalar]) -> String? {
      let text = String(String.UnicodeScalarView(scalars))
      let expected = scalars.map { scalar -> String in
        scalar.value == 0xFFFE || scalar.value == 0xFFFF
          || (scalar.value < 0x20 && !["\n", "\r", "\t"].contains(scalar))
          ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
      }.joined()
      switch Self.readAttribute(XMLText.escape(text)) {
      case .failure(let rejection): return "rejected: \(rejection)"
      case .success(let read) where read != expected:
        return "read back as \(read.debugDescription), expected \(expected.debugDescription)"
      case .success: return nil
      }
    }
    for example in 0..<300 {
      let count = Int.random(in: 0...12, using: &random)
      let scalars = (0..<count).compactMap { _ -> Unicode.Scalar? in
        if Int.random(in: 0..<4, using: &random) == 0 {
          return specials.randomElement(using: &random)
        }
        let range = classes.randomElement(using: &random) ?? 0x20...0x7E
        return Unicode.Scalar(UInt32.random(in: range, using: &random))
      }
      guard let problem = failure(scalars) else { continue }
      let smallest = scalars.first { failure([$0]) != nil }.map { [$0] } ?? scalars
      Issue.record(
        """
        XMLText.escape, example \(example) of seed \(Self.seed) (replay: CONTRACT_KIT_SEED=\(Self.seed)): \
        \(smallest.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")): \
        \(failure(smallest) ?? problem)
        """)
      return
    }
  }
}
