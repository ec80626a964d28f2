/// One suite's coverage: for each field it sends, the rules that sent more than one value in it
/// (measured from a run's ``Traffic``); for each answer and promise, the rules that judge it; and
/// what is wrong with the matrix, if anything.
struct CoverageMatrix {
  /// A field the suite sends, and the rules that varied it.
  struct SentRow {
    let field: ContractSurface.Sent
    let variedBy: [String]
    /// The enum cases no rule sent.
    let missingCases: [String]
  }

  let suite: String
  let sent: [SentRow]
  let judged: [ContractSurface.Judged]
  /// Fields the run sent that the surface does not list: a field the contract gained.
  let unlisted: [String]
  /// The suite's rules, by ID, and which of them its monitor judges on every call.
  let rules: [String]
  let monitored: Set<String>

  /// Reads `suite`'s coverage from what its rules sent.
  init(
    suite: String, rules: [String], monitored: Set<String>,
    traffic: [String: [String: Traffic.Field]]
  ) {
    self.suite = suite
    self.rules = rules
    self.monitored = monitored
    let surface = ContractSurface.sent[suite] ?? []
    sent = surface.map { field in
      let varied = rules.filter { traffic[$0]?[field.path]?.varied == true }
      let sentCases = Set(rules.flatMap { traffic[$0]?[field.path]?.cases ?? [] })
      return SentRow(
        field: field, variedBy: varied, missingCases: field.cases.filter { !sentCases.contains($0) }
      )
    }
    judged = ContractSurface.judged[suite] ?? []
    let listed = Set(surface.map(\.path))
    unlisted = Set(rules.flatMap { traffic[$0]?.keys.map { $0 } ?? [] })
      .subtracting(listed).sorted()
  }

  /// Every cell left empty without a reason, every reason a rule has made stale, every field
  /// the surface does not list, and every rule that judges nothing; one line each.
  var problems: [String] {
    var lines: [String] = []
    for row in sent {
      switch (row.variedBy.isEmpty, row.field.reason) {
      case (true, nil):
        lines.append("\(suite): no rule sends more than one value in \(row.field.path)")
      case (false, .some):
        lines.append(
          "\(suite): \(row.field.path) is varied by \(row.variedBy.joined(separator: ", ")), yet the surface says why none does"
        )
      default: break
      }
      if !row.missingCases.isEmpty {
        lines.append(
          "\(suite): no rule sends \(row.field.path) as \(row.missingCases.joined(separator: ", "))"
        )
      }
    }
    lines += unlisted.map { "\(suite): the suite sends \($0), which the surface does not list" }
    let judging = Set(judged.flatMap(\.rules))
    for rule in judging.subtracting(rules).sorted() {
      lines.append("\(suite): the surface names \(rule), which is not a rule of the suite")
    }
    for rule in rules where !judging.contains(rule) {
      lines.append("\(suite): \(rule) judges no answer or promise of the surface")
    }
    return lines
  }

  /// The matrices as the rule book's coverage page.
  static func markdown(_ matrices: [CoverageMatrix], seed: UInt64) -> String {
    var lines = [
      "# Coverage matrix", "",
      "What each suite sends, field by field, and what it judges. A field counts as covered when a rule sends more than one value in it (every case, for an enum). It is measured from the suites' calls to the kit's own adapters at seed \(seed), not declared. Rules marked *monitor* are also judged on every call of every rule.",
      "",
    ]
    for matrix in matrices {
      lines += ["## \(matrix.suite)", "", "| Field sent | Rules that vary it |", "| --- | --- |"]
      for row in matrix.sent {
        let cell =
          row.variedBy.isEmpty
          ? "none: \(row.field.reason ?? "")"
          : row.variedBy.map { "`\($0)`" }.joined(separator: ", ")
        lines.append("| `\(row.field.path)` | \(cell) |")
      }
      lines += ["", "| Answer or promise | Judged by |", "| --- | --- |"]
      for promise in matrix.judged {
        let rules = promise.rules.map {
          matrix.monitored.contains($0) ? "`\($0)` (monitor)" : "`\($0)`"
        }
        lines.append("| \(promise.promise) | \(rules.joined(separator: ", ")) |")
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }
}
