import Foundation
import KitSupport

/// A generated input that failed a rule, kept so that every later run replays it first: the
/// rule, the choices that generate the input again, the seed that first drew it, and how the
/// input read. A report carries one for each rule whose generated input failed, and a suite
/// with a regressions folder (``ConformanceSettings/regressions``) writes it there.
public struct RegressionCase: Codable, Hashable, Sendable {
  /// The ID of the rule the input failed, such as `store.history`.
  public let rule: String
  /// The choices the rule's generator makes the input from, shrunk.
  public let choices: [UInt64]
  /// The seed of the run that first drew the input.
  public let seed: UInt64
  /// The input as the report showed it, on one line.
  public let input: String

  /// Creates a case; `input` is put on one line of at most 300 characters.
  public init(rule: String, choices: [UInt64], seed: UInt64, input: String) {
    self.rule = rule
    self.choices = choices
    self.seed = seed
    let line = input.split(whereSeparator: \.isNewline).joined(separator: " ")
    self.input = line.count > 300 ? String(line.prefix(299)) + "…" : line
  }

  /// The case as a line of a regressions file: the rule, the choices (`-` for none), and after
  /// `#`, the seed and the input for the reader.
  package var line: String {
    let choices = choices.isEmpty ? "-" : choices.map(String.init).joined(separator: ",")
    return "\(rule) \(choices) # seed \(seed): \(input)"
  }

  /// The case a regressions file's line holds, or why the line is not one. The seed and input
  /// after `#` are for the reader: a line with a bare comment, or none, replays as well.
  static func parse(_ line: Substring, rules: Set<String>) -> Result<RegressionCase, LineProblem> {
    let (code, comment) =
      line.firstIndex(of: "#").map { (line[..<$0], line[line.index(after: $0)...]) }
      ?? (line, "")
    let fields = code.split(whereSeparator: \.isWhitespace)
    guard fields.count == 2 else {
      return .failure(
        LineProblem(
          "a line is a rule ID and its choices (\"store.history 0,3,1\", or \"-\" for none), then an optional # comment"
        ))
    }
    let rule = String(fields[0])
    guard rules.contains(rule) else {
      let guess = nearMiss(rule, in: rules.sorted()).map { " (did you mean \($0)?)" } ?? ""
      return .failure(LineProblem("\(rule) is not a rule of this suite\(guess)"))
    }
    var choices: [UInt64] = []
    if fields[1] != "-" {
      for text in fields[1].split(separator: ",", omittingEmptySubsequences: false) {
        guard let choice = UInt64(text) else {
          return .failure(
            LineProblem(
              "\(quote(String(fields[1]), limit: 60)) is not a list of choices: numbers parted by commas, or \"-\""
            ))
        }
        choices.append(choice)
      }
    }
    let seed = comment.split(separator: ":").first.flatMap {
      UInt64($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "seed ", with: ""))
    }
    let input = comment.firstIndex(of: ":").map {
      String(comment[comment.index(after: $0)...]).trimmingCharacters(in: .whitespaces)
    }
    return .success(
      RegressionCase(rule: rule, choices: choices, seed: seed ?? 0, input: input ?? ""))
  }

  /// Why a line of a regressions file is not a case.
  struct LineProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }
}
