// The store moved here from Sources/Core/OldStore.swift.
public protocol ProfileExecutionStoring: Sendable {
  func removeCheckpoint(for command: ProfileCommand) async throws
}
