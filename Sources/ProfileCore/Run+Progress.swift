import Foundation
import ProfileContracts

// The checkpoint saved after every chunk.
extension Run {
  /// Saves the progress; the failure to return when the store cannot.
  mutating func saveProgress(_ state: CheckpointState, plan: ChunkPlan) async -> ProfileFailure? {
    let checkpoint = ProfileCheckpoint(
      command: command, phase: "chunks:\(state.completed.count)/\(plan.chunks.count)",
      payload: state.encoded(),
      receipt: receipt)
    do {
      try await core.store.saveCheckpoint(checkpoint)
      return nil
    } catch {
      return .executionStoreUnavailable
    }
  }
}
