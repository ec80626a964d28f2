import Foundation
import ProfileContracts

/// A generated history of store operations, over a few commands that differ from one another in
/// one field each, with payloads of every size class: the input of the model-based store checks.
struct StoreHistory: Sendable {
  /// One operation. `key` indexes ``commands``; `version` makes each save's record its own.
  enum Step: Sendable, Hashable {
    case reopen
    case saveCheckpoint(key: Int, size: Int)
    case loadCheckpoint(key: Int)
    case removeCheckpoint(key: Int)
    case saveSummary(key: Int)
    case loadSummary(key: Int)
  }

  /// The commands the steps name, as letters: each after the first differs from an earlier one
  /// in exactly one field.
  let commands: [ProfileCommand]
  /// How each command after the first came from an earlier one, for the legend: the earlier
  /// one's key and the field changed (empty for the first).
  let derivations: [(parent: Int, change: String)]
  /// The steps, after the implicit first open.
  let steps: [Step]

  // MARK: - Generation

  private static let profiles: [ProfileIdentifier] = [.document, .note, .webLink, .voiceTranscript]
  private static let attachments = [
    "conformance.pdf", "conformance.pdf.2", "a/b.pdf", "../outside.pdf", "", "회의록 📄.pdf",
  ]
  private static let sources: [String?] = ["ko", nil, "ja", "en"]
  private static let targets = ["en", "de", "ko", "en-GB"]
  /// The payload size classes: empty, a few bytes, about a kilobyte, tens of kilobytes.
  private static let sizes: [ClosedRange<Int>] = [0...0, 1...16, 500...2048, 16_384...65_536]

  /// A command pool of one to four commands, each after the first a near miss of an earlier one.
  static func commands(_ source: ChoiceSource) throws(ChoiceSource.Overrun) -> (
    [ProfileCommand], [(parent: Int, change: String)]
  ) {
    var commands = [
      ProfileCommand(
        profile: try source.pick(profiles), attachmentID: try source.pick(attachments),
        sourceLanguage: try source.pick(sources), targetLanguage: try source.pick(targets))
    ]
    var derivations = [(parent: 0, change: "")]
    let more = try source.list(max: 3, average: 2) { _ throws(ChoiceSource.Overrun) in
      (try source.draw(3), try source.draw(3), try source.draw(5))
    }
    for (from, field, value) in more {
      let parent = Int(from) % commands.count
      let (command, change) = vary(commands[parent], field: Int(field), value: Int(value))
      guard !commands.contains(command) else { continue }
      derivations.append((parent, change))
      commands.append(command)
    }
    return (commands, derivations)
  }

  /// `base` with one field changed to another of its options.
  private static func vary(_ base: ProfileCommand, field: Int, value: Int) -> (
    ProfileCommand, String
  ) {
    func other<T: Equatable>(_ options: [T], _ current: T) -> T {
      let rest = options.filter { $0 != current }
      return rest[value % rest.count]
    }
    switch field {
    case 0:
      let profile = other(profiles, base.profile)
      return (
        ProfileCommand(
          profile: profile, attachmentID: base.attachmentID, sourceLanguage: base.sourceLanguage,
          targetLanguage: base.targetLanguage), "profile \(profile.rawValue)"
      )
    case 1:
      let id = other(attachments, base.attachmentID)
      return (
        ProfileCommand(
          profile: base.profile, attachmentID: id, sourceLanguage: base.sourceLanguage,
          targetLanguage: base.targetLanguage), "attachment \(quote(id))"
      )
    case 2:
      let language = other(sources, base.sourceLanguage)
      return (
        ProfileCommand(
          profile: base.profile, attachmentID: base.attachmentID, sourceLanguage: language,
          targetLanguage: base.targetLanguage), "source language \(language ?? "nil")"
      )
    default:
      let language = other(targets, base.targetLanguage)
      return (
        ProfileCommand(
          profile: base.profile, attachmentID: base.attachmentID,
          sourceLanguage: base.sourceLanguage, targetLanguage: language),
        "target language \(language)"
      )
    }
  }

  /// A history of up to `maxSteps` steps; with `reopens`, some steps reopen the store.
  static func generate(_ source: ChoiceSource, maxSteps: Int, reopens: Bool)
    throws(ChoiceSource.Overrun) -> StoreHistory
  {
    let (commands, derivations) = try Self.commands(source)
    let steps = try source.list(min: 1, max: maxSteps, average: 12) {
      _ throws(ChoiceSource.Overrun) -> Step in
      let key = Int(try source.draw(UInt64(commands.count - 1)))
      // Loads first, so the simplest step reads, and a shrunk history keeps its saves only
      // where they matter.
      switch try source.draw(99) {
      case 0..<20: return .loadCheckpoint(key: key)
      case 20..<40: return .loadSummary(key: key)
      case 40..<62:
        return .saveCheckpoint(key: key, size: try source.int(try source.pick(sizes)))
      case 62..<82: return .saveSummary(key: key)
      case 82..<92: return .removeCheckpoint(key: key)
      default: return reopens ? .reopen : .loadCheckpoint(key: key)
      }
    }
    return StoreHistory(commands: commands, derivations: derivations, steps: steps)
  }

  // MARK: - Records

  /// The checkpoint step `number` (1-based, counting the open) saves: its phase names the step,
  /// and its payload is `size` bytes of every value in a pattern of its own.
  func checkpoint(step number: Int, key: Int, size: Int) -> ProfileCheckpoint {
    let salt = UInt8(truncatingIfNeeded: number &* 37)
    return ProfileCheckpoint(
      command: commands[key], phase: "step-\(number)",
      payload: Data((0..<size).map { UInt8(truncatingIfNeeded: $0) &+ salt }),
      receipt: ProfileExecutionReceipt(steps: [
        ProfileStepRecord(stepID: "chunk-\(number)", attempts: 1, status: .completed)
      ]))
  }

  /// The summary step `number` saves: its title names the step.
  func summary(step number: Int, key: Int) -> ProfileSummary {
    ProfileSummary(
      command: commands[key], title: "step-\(number)", language: commands[key].targetLanguage,
      sections: [
        .init(pages: PageRange(first: 1, last: number), headline: "Pages 1–\(number)", points: [])
      ],
      coverage: PageCoverage(pageCount: number, originalPageCount: number + 1, missingPages: []),
      withheldPoints: [], receipt: ProfileExecutionReceipt())
  }

  // MARK: - Showing

  /// The letter a report names command `key` by.
  static func letter(_ key: Int) -> String {
    key < 26 ? String(UnicodeScalar(UInt8(65 + key))) : "K\(key)"
  }

  /// `A` is `document "conformance.pdf" ko → en`.
  private func legend(_ key: Int) -> String {
    let command = commands[key]
    if key > 0 {
      let (parent, change) = derivations[key]
      return "\(Self.letter(key)) = \(Self.letter(parent)) with \(change)"
    }
    return
      "\(Self.letter(key)) = \(command.profile.rawValue) \(quote(command.attachmentID)) \(command.sourceLanguage ?? "nil") → \(command.targetLanguage)"
  }

  /// One step as a report shows it.
  static func show(_ step: Step) -> String {
    switch step {
    case .reopen: "reopen"
    case .saveCheckpoint(let key, let size): "saveCheckpoint(\(letter(key)), \(size) bytes)"
    case .loadCheckpoint(let key): "loadCheckpoint(\(letter(key)))"
    case .removeCheckpoint(let key): "removeCheckpoint(\(letter(key)))"
    case .saveSummary(let key): "saveSummary(\(letter(key)))"
    case .loadSummary(let key): "loadSummary(\(letter(key)))"
    }
  }

  /// The history as numbered steps, after the commands it names.
  var description: String {
    var lines = [legend(naming: Set(steps.compactMap(\.key)))]
    lines.append("1 open")
    for (offset, step) in steps.enumerated() {
      lines.append("\(offset + 2) \(Self.show(step))")
    }
    return "\n" + lines.joined(separator: "\n")
  }

  /// The line that says what the commands with `keys` are, and the ones they derive from.
  func legend(naming keys: Set<Int>) -> String {
    var shown = keys
    // A legend line names the command it derives from, so show that one too.
    for key in keys { shown.formUnion(ancestry(key)) }
    return "commands: " + shown.sorted().map(legend).joined(separator: "; ")
  }

  /// The keys `key`'s legend line leads back through.
  private func ancestry(_ key: Int) -> [Int] {
    var chain: [Int] = []
    var current = key
    while current > 0 {
      current = derivations[current].parent
      chain.append(current)
    }
    return chain
  }
}

extension StoreHistory.Step {
  /// The command key the step names, if any.
  var key: Int? {
    switch self {
    case .reopen: nil
    case .saveCheckpoint(let key, _), .loadCheckpoint(let key), .removeCheckpoint(let key),
      .saveSummary(let key), .loadSummary(let key):
      key
    }
  }
}
