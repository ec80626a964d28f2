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
    var tally = StatusTally()
    for result in results { tally.add(result) }
    return tally.counts
  }

  /// The results that are not `ok`.
  public var findings: [AnchorResult] { results.filter { $0.status != .ok } }

  /// Whether any finding fails a run at `level`.
  public func fails(at level: FailLevel) -> Bool { results.contains { $0.fails(at: level) } }

  /// `471 anchors in 38 files: 462 ok, 5 moved, 2 changed, 1 missing file, 1 ambiguous` (or
  /// `1 anchor in 1 file: 1 ok`); with permalinks, their statuses follow on their own, since they
  /// fail a run only at ``FailLevel/permalinks``: `…; 3 permalinks: 2 ok, 1 moved`.
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
    func counted(_ count: Int, _ noun: String) -> String {
      "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
    var main = parts(tally)
    if suppressed > 0 { main.append("\(suppressed) suppressed") }
    let line =
      "\(counted(results.count, "anchor")) in \(counted(docCount, "file")): "
      + main.joined(separator: ", ")
    let permalinks = permalinkTally.reduce(0, +)
    guard permalinks > 0 else { return line }
    return line + "; \(counted(permalinks, "permalink")): "
      + parts(permalinkTally).joined(separator: ", ")
  }
}

/// Results counted by status, and permalinks among them.
///
/// Counted by position in ``AnchorStatus/all``, not by hashing each status's name: the position
/// is found by the name's length and first byte, and confirmed with one comparison, not ten. A
/// report holds a hundred thousand results.
struct StatusTally {
  /// Where each status's count is, by ``slot(_:)``; -1 for none.
  private static let table: [Int] = {
    var slots = [Int](repeating: -1, count: 1 << 12)
    for (position, status) in AnchorStatus.all.enumerated() where slots[slot(status)] < 0 {
      slots[slot(status)] = position
    }
    return slots
  }()

  /// ``table``, held here: read once per result.
  private let slots = Self.table
  /// The count of each of ``AnchorStatus/all``, in order.
  private var tally = [Int](repeating: 0, count: AnchorStatus.all.count)
  /// How many results are permalinks.
  private(set) var permalinks = 0

  /// Counts `result`.
  mutating func add(_ result: AnchorResult) {
    let status = result.status
    let candidate = slots[Self.slot(status)]
    if candidate >= 0, AnchorStatus.all[candidate] == status {
      tally[candidate] += 1
    } else if let index = AnchorStatus.all.firstIndex(of: status) {
      tally[index] += 1
    }
    if result.isPermalink { permalinks += 1 }
  }

  /// Adds what `other` counted.
  mutating func add(_ other: StatusTally) {
    for index in tally.indices { tally[index] += other.tally[index] }
    permalinks += other.permalinks
  }

  /// Counts by status, for every status (zero included).
  var counts: [AnchorStatus: Int] { Dictionary(uniqueKeysWithValues: zip(AnchorStatus.all, tally)) }

  /// Where ``table`` holds `status`'s position: its name's length and first byte.
  private static func slot(_ status: AnchorStatus) -> Int {
    let name = status.rawValue.utf8
    return (name.count & 31) << 7 | Int((name.first ?? 0) & 127)
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
