import Foundation
import ProfileContracts

extension GoldenScenario {
  /// Where a failing run left its recording, written into its `<name>.actual.json` artifact.
  ///
  /// Up to the divergence the model answered from the recording. After it, a scenario whose
  /// model source is `extractive` or `scripted` is answered from that source, exactly as a
  /// recording would be, so the artifact is what recording the changed core would write. A
  /// `live` scenario's later answers need its model, so there every later model call failed and
  /// the artifact's outcome is not one to accept; nor is a run that went on far past its
  /// recording (four times its calls and 64 more), where the model stopped answering to end a
  /// runaway core.
  public struct Artifact: Codable, Hashable, Sendable {
    /// The 1-based position of the first call that left the recording.
    public var divergedAtCall: Int
    /// The divergence as the replay reported it: the two calls, and a field-path diff of their
    /// arguments when they are calls of the same function.
    public var lines: [String]
    /// Whether the calls after the divergence are those a recording would make: `false` for a
    /// `live` scenario, and for a run the model stopped answering.
    public var acceptable: Bool
    /// The number of calls after which the model stopped answering a run that went on far past
    /// its recording, or `nil` when it never did.
    public var stoppedAfter: Int?

    /// Describes `divergence` for a scenario whose model source is `source`, in a run the model
    /// stopped answering after `stoppedAfter` calls, if it did.
    init(divergence: GoldenDivergence, source: String, stoppedAfter: Int?) {
      divergedAtCall = divergence.index
      lines = divergence.lines
      self.stoppedAfter = stoppedAfter
      acceptable = source != "live" && stoppedAfter == nil
    }

    /// One line saying what the calls after the divergence are.
    public var after: String {
      if let stoppedAfter {
        return
          "after call \(divergedAtCall) the run went on past \(stoppedAfter) calls, four times its recording and 64 more, so the model stopped answering: look for a loop in the core; the artifact is not a recording"
      }
      return acceptable
        ? "after call \(divergedAtCall) the model answered from the scenario's own source, as recording would: the artifact is the re-recording"
        : "after call \(divergedAtCall) every model call failed: a live scenario's later answers need its model, so the artifact's outcome is not a recording; re-record it with its model"
    }
  }
}
