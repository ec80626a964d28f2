import Foundation
import KitSupport

extension GoldenReport {
  /// Each failure under its scenario's name, then the summary line.
  public func renderText() -> String {
    let failures = failures.map { "\($0.name): " + $0.lines.joined(separator: "\n  ") }
    return (failures + [summaryLine]).joined(separator: "\n")
  }

  /// One object per scenario, canonical and pretty-printed: `name` and `status`, the first
  /// divergence as `call`, `expected` and `actual` when the calls left the recording, and the
  /// result's `lines` for any other failure.
  public func renderJSON() -> String {
    let value = JSONValue.array(
      results.map { result in
        var members: [String: JSONValue] = [
          "name": .string(result.name), "status": .string(result.status.description),
        ]
        if let divergence = result.divergence {
          members["divergence"] = .object([
            "call": .integer(Int64(divergence.index)),
            "expected": .string(divergence.expected?.description ?? ""),
            "actual": .string(divergence.actual?.description ?? ""),
          ])
        } else if !result.passed {
          members["lines"] = .array(result.lines.map { .string($0) })
        }
        return .object(members)
      })
    return String(decoding: CanonicalJSON.render(value, pretty: true), as: UTF8.self)
      .trimmingCharacters(in: .newlines)
  }
}
