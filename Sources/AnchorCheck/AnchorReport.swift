#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The outcome of checking a set of docs: one result per anchor, in doc order, plus notes about
/// the docs themselves.
public struct AnchorReport: Sendable {
  /// Every anchor, `ok` ones included, except those an `<!-- anchors: ignore -- … -->` covers.
  public let results: [AnchorResult]
  /// How many docs were scanned.
  public let docCount: Int
  /// Problems with docs and sources that are not anchor statuses: a suppression without a reason,
  /// a file that is not UTF-8.
  public let notes: [Note]
  /// How many anchors a suppression comment covered.
  public let suppressed: Int

  /// A problem with a doc or a source.
  public struct Note: Hashable, Sendable {
    /// The file, relative to the root.
    public let file: String
    /// The 1-based line, or 0 for the whole file.
    public let line: Int
    /// What is wrong and what to do.
    public let message: String
  }

  /// Counts by status, for every status (zero included).
  public var counts: [AnchorStatus: Int] {
    // Counted by position, not by hashing each status's name; the position found by the name's
    // length and first byte, and confirmed with one comparison, not ten: a report holds a
    // hundred thousand results.
    let all = AnchorStatus.all
    var slots = [Int](repeating: -1, count: 1 << 12)
    for (position, status) in all.enumerated() where slots[Self.slot(status)] < 0 {
      slots[Self.slot(status)] = position
    }
    var tally = [Int](repeating: 0, count: all.count)
    for result in results {
      let status = result.status
      let candidate = slots[Self.slot(status)]
      if candidate >= 0, all[candidate] == status {
        tally[candidate] += 1
      } else if let index = all.firstIndex(of: status) {
        tally[index] += 1
      }
    }
    return Dictionary(uniqueKeysWithValues: zip(all, tally))
  }

  /// Where ``counts`` first looks for `status`: its name's length and first byte.
  private static func slot(_ status: AnchorStatus) -> Int {
    let name = status.rawValue.utf8
    return (name.count & 31) << 7 | Int((name.first ?? 0) & 127)
  }

  /// The results that are not `ok`.
  public var findings: [AnchorResult] { results.filter { $0.status != .ok } }

  /// Whether any finding fails a run at `level`.
  public func fails(at level: FailLevel) -> Bool { results.contains { $0.fails(at: level) } }

  /// `471 anchors in 38 files: 462 ok, 5 moved, 2 changed, 1 missing file, 1 ambiguous`; with
  /// permalinks, their statuses follow on their own, since they fail a run only at
  /// ``FailLevel/permalinks``: `…; 3 permalinks: 2 ok, 1 moved`.
  public var summaryLine: String {
    var tally = [Int](repeating: 0, count: AnchorStatus.all.count)
    var permalinkTally = tally
    for result in results {
      if let index = AnchorStatus.all.firstIndex(of: result.status) {
        if result.isPermalink { permalinkTally[index] += 1 } else { tally[index] += 1 }
      }
    }
    func parts(_ tally: [Int]) -> [String] {
      ["\(tally[0]) ok"]
        + zip(AnchorStatus.all, tally).dropFirst().filter { $0.1 > 0 }.map {
          "\($0.1) \($0.0.words)"
        }
    }
    var main = parts(tally)
    if suppressed > 0 { main.append("\(suppressed) suppressed") }
    let line =
      "\(results.count) anchors in \(docCount) files: " + main.joined(separator: ", ")
    let permalinks = permalinkTally.reduce(0, +)
    guard permalinks > 0 else { return line }
    return line + "; \(permalinks) permalink\(permalinks == 1 ? "" : "s"): "
      + parts(permalinkTally).joined(separator: ", ")
  }
}

/// Input the checker cannot use: a root that is not a directory, a path outside it.
public struct AnchorInputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line naming the input and the fix.
  public let message: String
  init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}
