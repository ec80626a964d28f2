import Foundation
import KitSupport
import ProfileContracts

/// The review step after a failing replay, as `cargo insta review` has: the scenarios whose last
/// run failed, each with where it left its recording and how its outcome changed, accepted (the
/// artifact replaces the golden) or rejected (the artifact is dropped) one at a time or all.
///
/// A runner writes `<name>.actual.json` into its artifacts folder when a scenario fails and
/// removes it when the scenario passes or is recorded, so the folder holds exactly the
/// scenarios whose last run failed. A review can read an attachments folder instead (what
/// `swift test --attachments-path DIR` wrote, on CI say), where Swift Testing names a second
/// run of the same scenario `<name>-<letters>.actual.json`: the newest file of a name is its run.
///
/// ```swift
/// let review = GoldenReview(runner: runner)
/// let pending = try review.pending()  // the scenarios whose last run failed, and how
/// try review.accept("transient-then-success")  // its recording replaces the golden
/// ```
public struct GoldenReview: Sendable {
  /// The runner whose corpus is reviewed.
  public let runner: GoldenRunner
  /// The folder the failing runs are read from.
  public let artifacts: URL

  /// Creates a review of `runner`'s corpus.
  ///
  /// - Parameters:
  ///   - runner: the runner whose corpus is reviewed.
  ///   - artifacts: the folder of failing runs: the runner's artifacts folder (the default), or
  ///     a folder `swift test --attachments-path` wrote.
  public init(runner: GoldenRunner, artifacts: URL? = nil) {
    self.runner = runner
    self.artifacts = artifacts ?? runner.artifacts
  }

  /// One scenario whose last run failed.
  public struct Pending: Hashable, Sendable {
    /// The scenario's name.
    public let name: String
    /// Its golden file.
    public let golden: URL
    /// The failing run's artifact.
    public let artifact: URL
    /// Where the run left its recording, or `nil` when only the outcome differed.
    public let divergence: GoldenScenario.Artifact?
    /// A field-path diff of the outcome, golden against the run.
    public let outcomeDifferences: [String]

    /// Whether accepting it is allowed: not after a live scenario's divergence, whose later
    /// model answers are errors rather than the model's.
    public var acceptable: Bool { divergence?.acceptable ?? true }

    /// The scenario, the first divergence and the outcome diff, for a reviewer.
    public var lines: [String] {
      var lines = ["\(name): \(artifact.path)"]
      if let divergence {
        lines += divergence.lines.map { "  " + $0 }
        lines.append("  " + divergence.after)
      }
      if outcomeDifferences.isEmpty {
        lines.append("  the outcome is unchanged")
      } else {
        lines.append("  the outcome differs")
        lines += outcomeDifferences.map { "    " + $0 }
      }
      return lines
    }
  }

  /// The scenarios whose last run failed, sorted by name: each artifact in the runner's
  /// artifacts folder whose golden is still in the corpus.
  ///
  /// - Throws: ``GoldenError`` when an artifact or its golden cannot be read.
  public func pending() throws -> [Pending] { try pendingNames().map(item) }

  /// The names ``pending()`` lists, without reading a file.
  private func pendingNames() throws -> [String] { try runs().keys.sorted() }

  /// The failing runs in ``artifacts`` of each scenario still in the corpus, newest first:
  /// `<name>.actual.json`, and `<name>-<letters>.actual.json` as Swift Testing names an
  /// attachment whose name was taken.
  private func runs() throws -> [String: [URL]] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: artifacts.path)) ?? []
    let goldens = Set(try runner.scenarioNames())
    var found: [String: [(url: URL, modified: Date)]] = [:]
    for file in files where file.hasSuffix(".actual.json") {
      let stem = String(file.dropLast(".actual.json".count))
      var name = stem
      if !goldens.contains(stem), let dash = stem.lastIndex(of: "-"),
        stem[stem.index(after: dash)...].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
      {
        name = String(stem[..<dash])
      }
      guard goldens.contains(name) else { continue }
      let url = artifacts.appendingPathComponent(file)
      let modified =
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
        ?? .distantPast
      found[name, default: []].append((url, modified))
    }
    return found.mapValues { runs in
      runs.sorted { ($0.modified, $0.url.path) > ($1.modified, $1.url.path) }.map(\.url)
    }
  }

  /// The pending run of `name`, read from its newest artifact and its golden.
  private func item(_ name: String) throws -> Pending {
    guard let artifact = try runs()[name]?.first else {
      throw GoldenError("\(name) has no failing run in \(artifacts.path)")
    }
    let golden = runner.directory.appendingPathComponent(name + ".json")
    let run = try GoldenScenario.load(artifact)
    let recorded = try GoldenScenario.load(golden)
    return Pending(
      name: name, golden: golden, artifact: artifact, divergence: run.artifact,
      outcomeDifferences: JSONDiff.differences(
        expected: recorded.expected ?? .null, actual: run.expected ?? .null))
  }

  /// Replaces the golden of `name` with its failing run, without the artifact's note, and
  /// removes the artifact.
  ///
  /// - Throws: ``GoldenError`` when `name` is not pending, or its run cannot be accepted.
  public func accept(_ name: String) throws { try accept(item(find(name))) }

  private func accept(_ pending: Pending) throws {
    guard pending.acceptable else {
      throw GoldenError(
        "\(pending.name): \(pending.divergence?.after ?? "cannot be accepted"); reject it instead")
    }
    var run = try GoldenScenario.load(pending.artifact)
    run.artifact = nil
    do {
      try run.fileData().write(to: pending.golden, options: .atomic)
    } catch {
      throw GoldenError("cannot write \(pending.golden.path): \(error.localizedDescription)")
    }
    try drop(pending.name)
  }

  /// Removes every failing run of `name` from ``artifacts``.
  private func drop(_ name: String) throws {
    for url in try runs()[name] ?? [] { try? FileManager.default.removeItem(at: url) }
  }

  /// Drops the failing run of `name`, leaving its golden as it is.
  ///
  /// - Throws: ``GoldenError`` when `name` is not pending.
  public func reject(_ name: String) throws {
    try drop(find(name))
  }

  /// Accepts every pending run that can be accepted; the names accepted, and those refused (a
  /// live scenario that diverged, or a run the model stopped answering).
  public func acceptAll() throws -> (accepted: [String], refused: [String]) {
    var accepted: [String] = []
    var refused: [String] = []
    for item in try pending() {
      if item.acceptable {
        try accept(item)
        accepted.append(item.name)
      } else {
        refused.append(item.name)
      }
    }
    return (accepted, refused)
  }

  /// Rejects every pending run; the names rejected.
  public func rejectAll() throws -> [String] {
    let names = try pendingNames()
    for name in names { try drop(name) }
    return names
  }

  /// Deletes the scenarios of the corpus that no replay noted in `references` (see
  /// ``unreferenced(references:)``); the names deleted.
  public func deleteUnreferenced(references: URL) throws -> [String] {
    let names = try unreferenced(references: references)
    for name in names {
      do {
        try FileManager.default.removeItem(
          at: runner.directory.appendingPathComponent(name + ".json"))
      } catch {
        throw GoldenError("cannot delete \(name).json: \(error.localizedDescription)")
      }
    }
    return names
  }

  /// `name`, when a run of it is pending; the names are the listing's, so no path a caller
  /// passes is ever opened.
  private func find(_ name: String) throws -> String {
    let names = try pendingNames()
    guard names.contains(name) else {
      throw GoldenError(
        "\(name) has no failing run to review; "
          + (names.isEmpty
            ? "nothing is pending in \(artifacts.path)"
            : "pending: \(names.joined(separator: ", "))"))
    }
    return name
  }

  /// The scenarios of the corpus that no replay noted in `references` (a `GOLDEN_REFERENCES`
  /// file a test run wrote), sorted.
  ///
  /// - Throws: ``GoldenError`` when the file cannot be read, or notes no scenario of this corpus:
  ///   a run that replayed nothing here cannot tell what is unreferenced.
  public func unreferenced(references: URL) throws -> [String] {
    guard let text = try? String(contentsOf: references, encoding: .utf8) else {
      throw GoldenError(
        "cannot read \(references.path); run the tests with GOLDEN_REFERENCES=\(references.path) first"
      )
    }
    let prefix = runner.directory.path + "\t"
    let replayed = Set(
      text.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map {
        String($0.dropFirst(prefix.count))
      })
    guard !replayed.isEmpty else {
      throw GoldenError(
        "\(references.path) notes no replay of \(runner.directory.path); run the tests that replay this folder with GOLDEN_REFERENCES set"
      )
    }
    return try runner.scenarioNames().filter { !replayed.contains($0) }
  }
}
