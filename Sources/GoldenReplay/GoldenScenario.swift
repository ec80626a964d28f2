import Foundation
import KitSupport
import ProfileContracts

/// One golden scenario: its inputs, the recorded boundary calls, and the expected outcome.
///
/// Stored as one pretty-printed, key-sorted JSON file per scenario (`Golden/<name>.json`), format
/// 1, documented key by key in the guide "Golden replays for your own core". Every key the
/// initializer defaults may be left out of the file too; a key this format does not have is an
/// error naming the file and its JSON path. No clock readings, machine paths or random IDs.
public struct GoldenScenario: Codable, Hashable, Sendable {
  /// The file format this kit reads and writes.
  public static let currentFormat = 1

  /// The format of this file.
  public var format: Int
  /// One line: which decision the scenario pins.
  public var about: String
  /// The name of the core that recorded the scenario (the runner's ``GoldenRunner/core``), or
  /// `nil` before its first recording. A runner refuses to record over another core's scenario.
  public var core: String?
  /// The command the core runs.
  public var command: ProfileCommand
  /// The document the provider serves.
  public var document: Document
  /// The store's starting state.
  public var store: Store
  /// Policy numbers to override, by name (`maxModelCalls`, `contextTokens`, …).
  public var policy: [String: Int]
  /// Where model answers come from when recording.
  public var model: ModelSource
  /// The translator's scripted batches, in order; absent for no translator.
  public var translator: [[String]]?
  /// Faults applied while recording.
  public var faults: [Fault]
  /// The seed of a fault schedule, when the scenario pins one.
  public var seed: UInt64?
  /// How the core is driven: `run` (the default), `resume`, or `rerun` (run, then submit the
  /// identical command again on the same store; the second outcome is the one compared).
  public var entry: String?
  /// The boundary calls, in order; absent until recorded.
  public var recording: [GoldenCall]?
  /// The outcome's canonical JSON; absent until recorded.
  public var expected: JSONValue?
  /// In a failing run's artifact only: where the run left its recording. Recording, and
  /// accepting the artifact with `contract-kit golden review`, drop it.
  public var artifact: Artifact?

  /// Creates a scenario with no recording yet.
  public init(
    about: String, command: ProfileCommand, document: Document, store: Store = Store(),
    policy: [String: Int] = [:],
    model: ModelSource = ModelSource(), translator: [[String]]? = nil, faults: [Fault] = [],
    seed: UInt64? = nil, entry: String? = nil, core: String? = nil
  ) {
    self.format = Self.currentFormat
    self.about = about
    self.core = core
    self.entry = entry
    self.command = command
    self.document = document
    self.store = store
    self.policy = policy
    self.model = model
    self.translator = translator
    self.faults = faults
    self.seed = seed
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case format, about, core, command, document, store, policy, model, translator, faults, seed
    case entry, recording, expected, artifact
  }

  /// Reads a scenario, with each key the initializer defaults optional here too.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    format = try container.decodeIfPresent(Int.self, forKey: .format) ?? Self.currentFormat
    about = try container.decode(String.self, forKey: .about)
    core = try container.decodeIfPresent(String.self, forKey: .core)
    command = try container.decode(ProfileCommand.self, forKey: .command)
    document = try container.decode(Document.self, forKey: .document)
    store = try container.decodeIfPresent(Store.self, forKey: .store) ?? Store()
    policy = try container.decodeIfPresent([String: Int].self, forKey: .policy) ?? [:]
    model = try container.decodeIfPresent(ModelSource.self, forKey: .model) ?? ModelSource()
    translator = try container.decodeIfPresent([[String]].self, forKey: .translator)
    faults = try container.decodeIfPresent([Fault].self, forKey: .faults) ?? []
    seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
    entry = try container.decodeIfPresent(String.self, forKey: .entry)
    recording = try container.decodeIfPresent([GoldenCall].self, forKey: .recording)
    expected = try container.decodeIfPresent(JSONValue.self, forKey: .expected)
    artifact = try container.decodeIfPresent(Artifact.self, forKey: .artifact)
  }

  /// The document: its pages (original page order), the cap, and which pages cannot be read.
  public struct Document: Codable, Hashable, Sendable {
    /// Every page of the original document.
    public var pages: [String]
    /// The most pages offered for summarizing, or `nil` for all.
    public var pageCap: Int?
    /// 0-based indexes whose reads throw.
    public var unreadable: [Int]
    /// The original number of the first page offered (default 1).
    public var firstPageNumber: Int

    /// Creates a document.
    public init(
      pages: [String], pageCap: Int? = nil, unreadable: [Int] = [], firstPageNumber: Int = 1
    ) {
      self.pages = pages
      self.pageCap = pageCap
      self.unreadable = unreadable
      self.firstPageNumber = firstPageNumber
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
      case pages, pageCap, unreadable, firstPageNumber
    }

    /// Reads a document; `pages` is the one key it needs.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      pages = try container.decode([String].self, forKey: .pages)
      pageCap = try container.decodeIfPresent(Int.self, forKey: .pageCap)
      unreadable = try container.decodeIfPresent([Int].self, forKey: .unreadable) ?? []
      firstPageNumber = try container.decodeIfPresent(Int.self, forKey: .firstPageNumber) ?? 1
    }
  }

  /// The store's starting state.
  public struct Store: Codable, Hashable, Sendable {
    /// A checkpoint already saved.
    public var checkpoint: ProfileCheckpoint?
    /// A summary already saved.
    public var summary: ProfileSummary?
    /// `load` or `save`: which calls throw, as an unavailable store would; `nil` for none.
    public var unavailable: String?

    /// Creates a starting state.
    public init(
      checkpoint: ProfileCheckpoint? = nil, summary: ProfileSummary? = nil,
      unavailable: String? = nil
    ) {
      self.checkpoint = checkpoint
      self.summary = summary
      self.unavailable = unavailable
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
      case checkpoint, summary, unavailable
    }
  }

  /// Where model answers come from when recording: `extractive` (the kit's offline model),
  /// `scripted` (answers per step, in order) or `live` (a real model, reached through the
  /// runner's ``GoldenRunner/LiveModel``; replaying never needs it).
  public struct ModelSource: Codable, Hashable, Sendable {
    /// `extractive`, `scripted` or `live`.
    public var source: String
    /// For `scripted`: the answers per step ID, used in order.
    public var answers: [String: [String]]?
    /// For `live`: the name of the model that answered, as its server lists it.
    public var name: String?

    /// Creates a model source.
    public init(
      source: String = "extractive", answers: [String: [String]]? = nil, name: String? = nil
    ) {
      self.source = source
      self.answers = answers
      self.name = name
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
      case source, answers, name
    }

    /// Reads a model source; `source` defaults to `extractive`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      source = try container.decodeIfPresent(String.self, forKey: .source) ?? "extractive"
      answers = try container.decodeIfPresent([String: [String]].self, forKey: .answers)
      name = try container.decodeIfPresent(String.self, forKey: .name)
    }

    static let sources = ["extractive", "live", "scripted"]
  }

  /// A fault applied while recording: model call `call` (1-based) throws `kind`; the
  /// translator drops its last entry (`dropOne`); page read `call` (1-based, counting every
  /// `page` call) throws (`unreadable`), or the provider reports a negative count
  /// (`negativePageCount`, `negativeOriginalPageCount`), as a broken provider would.
  public struct Fault: Codable, Hashable, Sendable {
    /// `model`, `translator` or `documents`.
    public var adapter: String
    /// For the model and page reads: which call, 1-based.
    public var call: Int?
    /// `transient`, `rejected`, `permanent`, `unavailable`, `malformed` (model); `dropOne`
    /// (translator); `unreadable`, `negativePageCount`, `negativeOriginalPageCount` (documents).
    public var kind: String
    /// The error's message.
    public var message: String?

    /// Creates a fault.
    public init(adapter: String, call: Int? = nil, kind: String, message: String? = nil) {
      self.adapter = adapter
      self.call = call
      self.kind = kind
      self.message = message
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
      case adapter, call, kind, message
    }

    static let modelKinds: Set<String> = [
      "transient", "rejected", "permanent", "unavailable", "malformed",
    ]
    static let translatorKinds: Set<String> = ["dropOne"]
    static let documentKinds: Set<String> = [
      "unreadable", "negativePageCount", "negativeOriginalPageCount",
    ]
    static let kinds: [String: Set<String>] = [
      "model": modelKinds, "translator": translatorKinds, "documents": documentKinds,
    ]
  }

  /// Reads a scenario file.
  ///
  /// - Parameters:
  ///   - url: the file.
  ///   - policyKeys: the policy names the core reads; `nil` accepts any.
  /// - Throws: ``GoldenError`` naming the file and the JSON path: an unknown format, a malformed
  ///   file, an unknown key, entry, fault kind or policy name.
  public static func load(_ url: URL, policyKeys: Set<String>? = nil) throws -> GoldenScenario {
    let name = url.lastPathComponent
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw GoldenError("\(name): cannot be read; check the path")
    }
    func unknownFormat(_ format: JSONValue) -> GoldenError {
      GoldenError(
        "\(name): $.format: unknown format \(JSONDiff.render(format)); this kit reads format \(currentFormat)"
      )
    }
    let scenario: GoldenScenario
    do {
      scenario = try CanonicalJSON.decode(GoldenScenario.self, from: data)
    } catch let error as JSONError {
      // A file of another format fails on some other key first: name the format instead.
      if case .object(let members)? = try? JSONValue(parsing: data), let format = members["format"],
        format != .integer(Int64(currentFormat))
      {
        throw unknownFormat(format)
      }
      throw GoldenError("\(name): \(error)")
    }
    guard scenario.format == currentFormat else {
      throw unknownFormat(.integer(Int64(scenario.format)))
    }
    // A key decoding ignored is a misspelling that would vanish on the next recording.
    if let file = try? JSONValue(parsing: data),
      let written = try? CanonicalJSON.jsonValue(of: scenario),
      let unknown = firstUnknownKey(in: file, written: written)
    {
      throw GoldenError(
        "\(name): \(unknown.path).\(unknown.key): unknown key; \(unknown.advice)")
    }
    guard ModelSource.sources.contains(scenario.model.source) else {
      throw GoldenError(
        "\(name): $.model.source: unknown model source \"\(scenario.model.source)\"; use one of \(ModelSource.sources.joined(separator: ", "))"
      )
    }
    if let entry = scenario.entry, !["run", "resume", "rerun"].contains(entry) {
      throw GoldenError("\(name): $.entry: unknown entry \"\(entry)\"; use run, resume or rerun")
    }
    for (index, fault) in scenario.faults.enumerated() {
      guard let known = Fault.kinds[fault.adapter] else {
        throw GoldenError(
          "\(name): $.faults[\(index)].adapter: unknown adapter \"\(fault.adapter)\"; use one of \(Fault.kinds.keys.sorted().joined(separator: ", "))"
        )
      }
      guard known.contains(fault.kind) else {
        throw GoldenError(
          "\(name): $.faults[\(index)].kind: unknown fault \"\(fault.kind)\" for adapter \"\(fault.adapter)\"; use one of \(known.sorted().joined(separator: ", "))"
        )
      }
    }
    if let policyKeys {
      for key in scenario.policy.keys.sorted() where !policyKeys.contains(key) {
        throw GoldenError(
          "\(name): $.policy.\(key): unknown policy name; use one of \(policyKeys.sorted().joined(separator: ", "))"
        )
      }
    }
    return scenario
  }

  /// The scenario as its file holds it: pretty-printed, key-sorted canonical JSON.
  public func fileData() throws -> Data { try CanonicalJSON.encode(self, pretty: true) }
}

/// A golden file or run that cannot be used, in one line naming the file and the fix.
public struct GoldenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message.
  public let message: String
  /// Creates an error with its message.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}
