/// SARIF 2.1.0, for code-scanning dashboards: one run of one tool, its rules, and one result per
/// finding. The package's one SARIF writer.
package enum SARIFLog {
  /// The log of `findings` found by `tool` under `rules`.
  ///
  /// A finding with a file gets a physical location (its line, when it has one); one with a
  /// name, a logical location; the rule's advice goes into the message, after the finding's own.
  package static func render(tool: String, rules: [FindingRule], findings: [Finding]) -> String {
    let rules = rules.map { rule in
      var fields = [
        "\"id\": \(quoted(rule.id))", "\"name\": \(quoted(rule.name))",
        "\"shortDescription\": {\"text\": \(quoted(rule.summary))}",
      ]
      if let help = rule.help { fields.append("\"help\": {\"text\": \(quoted(help))}") }
      return "{" + fields.joined(separator: ", ") + "}"
    }
    let results = findings.map { finding in
      var fields = [
        "\"ruleId\": \(quoted(finding.id))", "\"level\": \"\(finding.level.rawValue)\"",
        "\"message\": {\"text\": \(quoted(text(of: finding)))}",
      ]
      var locations: [String] = []
      if let path = finding.location.path {
        let region = finding.location.line.map { ", \"region\": {\"startLine\": \($0)}" } ?? ""
        locations.append(
          "\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(quoted(path))}\(region)}")
      }
      if let name = finding.location.name {
        locations.append("\"logicalLocations\": [{\"fullyQualifiedName\": \(quoted(name))}]")
      }
      if !locations.isEmpty {
        fields.append("\"locations\": [{" + locations.joined(separator: ", ") + "}]")
      }
      return "{" + fields.joined(separator: ", ") + "}"
    }
    return """
      {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [{\
      "tool": {"driver": {"name": \(quoted(tool)), "informationUri": "https://github.com/", "rules": [\(rules.joined(separator: ", "))]}}, \
      "results": [\(results.joined(separator: ",\n "))]}]}
      """
  }

  /// The message, then what was expected and what came, then the advice, each once.
  static func text(of finding: Finding) -> String {
    var text = finding.message
    if let expected = finding.expected { text += "; expected: \(expected)" }
    if let actual = finding.actual { text += "; actual: \(actual)" }
    if let advice = finding.advice, !finding.message.contains(advice) {
      text += "; advice: \(advice)"
    }
    return text
  }

  private static func quoted(_ text: String) -> String { CanonicalJSON.quoted(text) }
}
