// Durable saves per second for FileExecutionStore, with 4 KiB checkpoint payloads.
//
// usage: bench-store DIRECTORY SAVES KEYS
// Saves rotate over KEYS commands: 1 is one run's progress, checkpoint after checkpoint; more is
// several runs at once. Prints one line:
// `file-store keys=K saves=N seconds=S saves_per_second=R`.
import Foundation
import ProfileAdapters
import ProfileContracts

let arguments = CommandLine.arguments
guard arguments.count == 4, let saves = Int(arguments[2]), let keys = Int(arguments[3]), keys > 0
else {
  FileHandle.standardError.write(Data("usage: bench-store DIRECTORY SAVES KEYS\n".utf8))
  exit(2)
}
let store = try FileExecutionStore(directory: URL(fileURLWithPath: arguments[1]))
let commands = (0..<keys).map {
  ProfileCommand(
    profile: .document, attachmentID: "bench-\($0)", sourceLanguage: "en", targetLanguage: "en")
}
let payload = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131) })
// Warm up: create every key's slot files, so the timed loop measures steady-state saves.
for command in commands {
  for _ in 0..<2 {
    try await store.saveCheckpoint(
      ProfileCheckpoint(command: command, phase: "warm", payload: payload, receipt: .init()))
  }
}
let clock = ContinuousClock()
// Off the main actor, as an app's background work would be: no hop per call.
let elapsed = try await Task.detached {
  try await clock.measure {
    for index in 0..<saves {
      let checkpoint = ProfileCheckpoint(
        command: commands[index % keys], phase: "chunks:\(index)", payload: payload,
        receipt: .init())
      try await store.saveCheckpoint(checkpoint)
    }
  }
}.value
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(
  String(
    format: "file-store keys=%d saves=%d seconds=%.3f saves_per_second=%.0f", keys, saves, seconds,
    Double(saves) / seconds))
