import Foundation
import ProfileContracts

/// The core's own encoding of its progress, carried opaquely in ``ProfileCheckpoint/payload``.
/// Versioned: a payload of another version, or made under another chunk plan, is discarded.
struct CheckpointState: Codable, Hashable, Sendable {
  static let currentVersion = 1

  var version: Int
  /// The plan the progress belongs to.
  var fingerprint: String
  /// Completed chunks by number: their sections, withheld points and attempts.
  var completed: [Int: CompletedChunk]

  struct CompletedChunk: Codable, Hashable, Sendable {
    var section: ProfileSummary.Section
    var withheld: [WithheldPoint]
    var attempts: Int
    /// The sections after `section` when the chunk was summarized in pieces, the model having
    /// rejected it whole; absent otherwise, so an unsplit chunk's checkpoint reads as before.
    var splitSections: [ProfileSummary.Section]? = nil

    /// The chunk's sections, in page order.
    var sections: [ProfileSummary.Section] { [section] + (splitSections ?? []) }
  }

  init(fingerprint: String) {
    version = Self.currentVersion
    self.fingerprint = fingerprint
    completed = [:]
  }

  func encoded() -> Data {
    (try? CanonicalJSON.encode(self)) ?? Data()
  }

  static func decode(_ payload: Data) -> CheckpointState? {
    guard let state = try? CanonicalJSON.decode(CheckpointState.self, from: payload),
      state.version == currentVersion
    else { return nil }
    return state
  }
}
