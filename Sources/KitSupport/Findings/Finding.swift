/// One thing a check found, in the form every report shares: what rule it breaks, how severe it
/// is, where, what was expected and what came instead, and what to do next. Conformance, golden
/// replay and anchors each map their results to findings, so SARIF, GitHub annotations and JUnit
/// are each written once (``SARIFLog``, ``GitHubAnnotations``, ``XMLText``).
package struct Finding: Hashable, Sendable {
  /// How severe a finding is, in SARIF's and GitHub's words.
  package enum Level: String, Hashable, Sendable {
    /// A broken promise: fails the gate.
    case error
    /// Worth a look, but fails nothing by default.
    case warning
    /// Information: what could not be checked.
    case note
  }

  /// Where a finding is: a file and a line, and what was under check (an adapter, a scenario).
  package struct Location: Hashable, Sendable {
    /// The file, relative to the root a report is read from; `nil` when the finding is about no
    /// file (an adapter under a suite).
    package var path: String?
    /// The 1-based line in ``path``; `nil` for the whole file.
    package var line: Int?
    /// What was under check, by name (`translator (MyTranslator)`); `nil` when ``path`` says it.
    package var name: String?

    /// Creates a location.
    package init(path: String? = nil, line: Int? = nil, name: String? = nil) {
      self.path = path
      self.line = line
      self.name = name
    }
  }

  /// The rule the finding breaks: `translator.order`, `golden.failed`, `anchor/moved`.
  package var id: String
  /// How severe it is.
  package var level: Level
  /// Where it is.
  package var location: Location
  /// What was found, in one line that says what to do next.
  package var message: String
  /// What the rule expected, when a finding states it apart from ``message``.
  package var expected: String?
  /// What came instead.
  package var actual: String?
  /// What to check or change to fix it.
  package var advice: String?

  /// Creates a finding.
  package init(
    id: String, level: Level, location: Location, message: String, expected: String? = nil,
    actual: String? = nil, advice: String? = nil
  ) {
    self.id = id
    self.level = level
    self.location = location
    self.message = message
    self.expected = expected
    self.actual = actual
    self.advice = advice
  }
}

/// A rule findings may break, as a SARIF log describes it.
package struct FindingRule: Hashable, Sendable {
  /// The rule's ID, as findings carry it.
  package var id: String
  /// A short name.
  package var name: String
  /// One sentence: what the rule asserts.
  package var summary: String
  /// The rule explained in full (why it holds, what to check when it fails, where to read
  /// more), if the tool has more to say than the summary.
  package var help: String?

  /// Creates a rule.
  package init(id: String, name: String, summary: String, help: String? = nil) {
    self.id = id
    self.name = name
    self.summary = summary
    self.help = help
  }
}
