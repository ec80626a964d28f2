import Foundation
import KitSupport
import ProfileContracts

/// A checkpoint and a summary for one command, drawn from every value the contract admits rather
/// than the few the core happens to write: receipts of 0 to 33 steps in every status, failures of
/// every kind with their messages and numbers, phases and texts that are empty, of any script,
/// with control characters or thousands of characters long, summaries of 0 to 17 sections,
/// missing pages and withheld points. Each field takes more than one value, so a store that keeps
/// only part of a record (a status without its reason, a failure without its message, the first
/// section) loads something else. Every value is one the core could write: page numbers are
/// 1-based and ranges run forward, the capped count is at most the original, and the language is
/// a BCP 47 tag. It shrinks toward an empty receipt and short plain text.
struct GeneratedRecord: Sendable, CustomStringConvertible {
  let checkpoint: ProfileCheckpoint
  let summary: ProfileSummary

  var description: String {
    let steps = checkpoint.receipt.steps
    let statuses = steps.map(\.status.kind)
    return
      "command \(checkpoint.command.profile.rawValue) \(quote(checkpoint.command.attachmentID)) \(checkpoint.command.sourceLanguage ?? "nil") → \(checkpoint.command.targetLanguage); checkpoint phase \(quote(checkpoint.phase, limit: 40)), \(checkpoint.payload.count) payload bytes, \(steps.count) step\(steps.count == 1 ? "" : "s") [\(statuses.joined(separator: ", "))]; summary \(quote(summary.title, limit: 40)) in \(quote(summary.language)), \(summary.sections.count) section\(summary.sections.count == 1 ? "" : "s"), \(summary.coverage.missingPages.count) missing range\(summary.coverage.missingPages.count == 1 ? "" : "s"), \(summary.withheldPoints.count) withheld point\(summary.withheldPoints.count == 1 ? "" : "s"), \(summary.receipt.steps.count) receipt step\(summary.receipt.steps.count == 1 ? "" : "s")"
  }

  /// Text a record may carry: plain, empty, of any script, with emoji, line breaks, tabs, NUL or
  /// other control characters, or built from 1 to 4,097 words.
  static func text(_ source: ChoiceSource) throws(ChoiceSource.Overrun) -> String {
    switch try source.draw(7) {
    case 0: try source.pick(["chunks:1/2", "Ferry times", "A point"])
    case 1: ""
    case 2: try source.pick(["여객선 운항 시간표", "フェリーの時刻表", "渡船时刻表", "عبارة", "Fähre über den Fluß"])
    case 3: try source.pick(["⛴️ 🚢", "👩🏽‍💻", "e\u{301}", "Å", "\u{FEFF}BOM"])
    case 4: try source.pick(["line one\nline two", "tab\there", "\r\n", " leading and trailing "])
    case 5: try source.pick(["\u{0}", "NUL\u{0}inside", "\u{7}\u{1B}[0m", "\u{202E}reversed"])
    case 6:
      try source.pick(["\"quoted\"", "back\\slash", "{\"kind\": \"completed\"}", "'; DROP TABLE"])
    default:
      String(
        repeating: "word ", count: try source.magnitude(exponents: 0...12, offsets: -1...1))
    }
  }

  /// A count across orders of magnitude, from 0 to 65,537.
  static func number(_ source: ChoiceSource) throws(ChoiceSource.Overrun) -> Int {
    try source.chance(10) ? 0 : try source.magnitude(exponents: 0...16)
  }

  /// A failure of any kind, with the message or number it carries.
  static func failure(_ source: ChoiceSource) throws(ChoiceSource.Overrun) -> ProfileFailure {
    switch try source.draw(8) {
    case 0: .invalidInput(try text(source))
    case 1: .contextWouldOverflow(estimatedTokens: try number(source))
    case 2: .malformedModelOutput(try text(source))
    case 3: .modelUnavailable
    case 4: .modelFailed(try text(source))
    case 5: .modelCallBudgetExceeded(limit: try number(source))
    case 6: .unsupportedProfile(ProfileIdentifier(rawValue: try text(source)))
    case 7: .missingCheckpoint
    default: .executionStoreUnavailable
    }
  }

  /// A step in any status.
  static func step(_ source: ChoiceSource, _ index: Int) throws(ChoiceSource.Overrun)
    -> ProfileStepRecord
  {
    let stepID = try source.chance(80) ? "chunk-\(index + 1)" : try text(source)
    let status: ProfileStepStatus =
      switch try source.draw(3) {
      case 0: .completed
      case 1: .failed(try failure(source))
      case 2: .skipped(try text(source))
      default: .notPromoted(try text(source))
      }
    return ProfileStepRecord(stepID: stepID, attempts: try number(source), status: status)
  }

  static func receipt(_ source: ChoiceSource) throws(ChoiceSource.Overrun)
    -> ProfileExecutionReceipt
  {
    ProfileExecutionReceipt(
      steps: try source.list(max: 33, average: 4) { index throws(ChoiceSource.Overrun) in
        try step(source, index)
      })
  }

  /// Original page numbers, 1-based, first to last.
  static func range(_ source: ChoiceSource) throws(ChoiceSource.Overrun) -> PageRange {
    let first = max(1, try number(source))
    return PageRange(first: first, last: first + (try source.chance(50) ? 0 : try number(source)))
  }

  static func list(_ source: ChoiceSource, max: Int) throws(ChoiceSource.Overrun) -> [String] {
    try source.list(max: max, average: 3) { _ throws(ChoiceSource.Overrun) in try text(source) }
  }

  /// A hand-picked record whose receipts hold every status and every kind of failure twice, once
  /// with plain values and once with empty, NUL-bearing or large ones: whatever the seed, every
  /// case reaches the store.
  static func everyCase(command: ProfileCommand) -> GeneratedRecord {
    var steps: [ProfileStepRecord] = []
    for (number, (text, count)) in [("timed out ✓", 3), ("NUL\u{0}inside\nline", 65_537)]
      .enumerated()
    {
      let failures: [ProfileFailure] = [
        .invalidInput(text), .contextWouldOverflow(estimatedTokens: count),
        .malformedModelOutput(text), .modelUnavailable, .modelFailed(text),
        .modelCallBudgetExceeded(limit: count),
        .unsupportedProfile(ProfileIdentifier(rawValue: text)),
        .missingCheckpoint, .executionStoreUnavailable,
      ]
      let statuses =
        [ProfileStepStatus.completed, .skipped(text), .notPromoted(text)]
        + failures.map { .failed($0) }
      for (index, status) in statuses.enumerated() {
        steps.append(
          ProfileStepRecord(
            stepID: "chunk-\(number + 1).\(index + 1)", attempts: count * index, status: status))
      }
    }
    let receipt = ProfileExecutionReceipt(steps: steps)
    return GeneratedRecord(
      checkpoint: ProfileCheckpoint(
        command: command, phase: "every case", payload: Data([0, 255]), receipt: receipt),
      summary: ProfileSummary(
        command: command, title: "Every case", language: command.targetLanguage,
        sections: [
          .init(pages: PageRange(page: 1), headline: "One", points: ["a", ""]),
          .init(pages: PageRange(first: 2, last: 9), headline: "", points: []),
        ],
        coverage: PageCoverage(
          pageCount: 9, originalPageCount: 12,
          missingPages: [PageRange(page: 3), PageRange(first: 5, last: 6)]),
        withheldPoints: [
          WithheldPoint(text: "Sales hit $9M", unverified: ["$9M"]),
          WithheldPoint(text: "", unverified: []),
        ],
        receipt: receipt))
  }

  static func generate(_ source: ChoiceSource, command: ProfileCommand)
    throws(ChoiceSource.Overrun) -> GeneratedRecord
  {
    let payload = Data(
      (0..<(try source.chance(50) ? 0 : try source.magnitude(exponents: 0...12))).map {
        UInt8(truncatingIfNeeded: $0 &* 31)
      })
    let checkpoint = ProfileCheckpoint(
      command: command, phase: try text(source), payload: payload, receipt: try receipt(source))
    let sections = try source.list(max: 17, average: 3) {
      _ throws(ChoiceSource.Overrun) in
      ProfileSummary.Section(
        pages: try range(source), headline: try text(source), points: try list(source, max: 9))
    }
    let original = try number(source)
    let coverage = PageCoverage(
      pageCount: try source.chance(50) ? original : try source.int(0...original),
      originalPageCount: original,
      missingPages: try source.list(max: 9, average: 2) { _ throws(ChoiceSource.Overrun) in
        try range(source)
      })
    let withheld = try source.list(max: 9, average: 2) { _ throws(ChoiceSource.Overrun) in
      WithheldPoint(text: try text(source), unverified: try list(source, max: 5))
    }
    let summary = ProfileSummary(
      command: command, title: try text(source),
      language: try source.pick([command.targetLanguage, "ko", "zh-Hant", "und"]),
      sections: sections, coverage: coverage, withheldPoints: withheld,
      receipt: try receipt(source))
    return GeneratedRecord(checkpoint: checkpoint, summary: summary)
  }
}
