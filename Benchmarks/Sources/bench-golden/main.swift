// Golden replay speed: replays the kit's corpus and a generated corpus, and compares replay time
// with the time just to decode the same files.
//
// usage: bench-golden GOLDEN_DIR WORK_DIR [GENERATED] [ROUNDS]
// Prints, per corpus, the medians over ROUNDS (default 5): `scenarios=N rounds=R failed=F
// replay_seconds=S per_second=P decode_seconds=D replay/decode=X`.
import Foundation
import GoldenReplayTesting
import ProfileAdapters
import ProfileContracts
import ProfileCore

/// The golden clock as the reference core's clock.
struct ReplayClock: ProfileClock {
  let golden: GoldenClock
  func sleep(for duration: Duration) async { await golden.sleep(for: duration) }
}

/// The reference core over a scenario's adapters, through the public API alone: its policy with
/// the scenario's overrides, and the scenario's entry (`run`, `resume`, or `rerun`: run, then the
/// identical command again on the same store).
@Sendable func referenceCore(_ adapters: GoldenAdapters, _ command: ProfileCommand) async
  -> ProfileOutcome
{
  let policy: ProfilePolicy
  do {
    policy = try ProfilePolicy.default.overriding(adapters.policy)
  } catch {
    return .failed(.invalidInput("scenario policy: \(error)"), receipt: ProfileExecutionReceipt())
  }
  let core = ProfileCore(
    model: adapters.model, translator: adapters.translator, documents: adapters.documents,
    store: adapters.store, policy: policy, clock: ReplayClock(golden: adapters.clock))
  switch adapters.entry {
  case "resume": return await core.resume(command)
  case "rerun":
    _ = await core.run(command)
    return await core.run(command)
  default: return await core.run(command)
  }
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// Replays (and, separately, only decodes) every scenario in `folder`, `rounds` times each,
/// prints the medians, and returns how many scenarios failed their replay.
func measure(_ label: String, _ folder: URL, rounds: Int) async throws -> Int {
  let runner = try GoldenRunner(
    directory: folder, model: ExtractiveModelExecutor(), mode: .never, environment: [:])
  let names = try runner.scenarioNames()
  let clock = ContinuousClock()
  var decodes: [Double] = []
  var replays: [Double] = []
  var failed = 0
  for _ in 0..<rounds {
    decodes.append(
      seconds(
        try clock.measure {
          for name in names {
            _ = try GoldenScenario.load(folder.appendingPathComponent(name + ".json"))
          }
        }))
    failed = 0
    replays.append(
      seconds(
        try await clock.measure {
          for result in try await runner.replayAll(referenceCore) where !result.passed {
            failed += 1
          }
        }))
  }
  let replaySeconds = median(replays)
  let decodeSeconds = median(decodes)
  print(
    String(
      format:
        "%@ scenarios=%d rounds=%d failed=%d replay_seconds=%.4f per_second=%.0f decode_seconds=%.4f replay/decode=%.2fx",
      label, names.count, rounds, failed, replaySeconds, Double(names.count) / replaySeconds,
      decodeSeconds, replaySeconds / decodeSeconds))
  return failed
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(Data("usage: bench-golden GOLDEN_DIR WORK_DIR [GENERATED]\n".utf8))
  exit(2)
}
let golden = URL(fileURLWithPath: arguments[1], isDirectory: true)
let work = URL(fileURLWithPath: arguments[2], isDirectory: true)
let count = arguments.count > 3 ? Int(arguments[3]) ?? 500 : 500
let rounds = arguments.count > 4 ? Int(arguments[4]) ?? 5 : 5

var failures = try await measure("corpus", golden, rounds: rounds)

// A generated corpus: documents of 1 to 6 pages, some faults, recorded once from the
// extractive model, then replayed.
let generated = work.appendingPathComponent("generated", isDirectory: true)
try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
for index in 0..<count {
  let pages = (1...(1 + index % 6)).map { page in
    "Page \(page) of report \(index) counts \(page * 7 + index) ferries. The council met on Monday about route \(page)."
  }
  var faults: [GoldenScenario.Fault] = []
  if index % 5 == 1 {
    faults.append(.init(adapter: "model", call: 1, kind: "transient", message: "busy"))
  }
  if index % 7 == 2 {
    faults.append(.init(adapter: "model", call: 2, kind: "rejected", message: "refused"))
  }
  let scenario = GoldenScenario(
    about: "generated \(index)",
    command: ProfileCommand(
      profile: .document, attachmentID: "doc-\(index)", sourceLanguage: "en", targetLanguage: "en"),
    document: .init(pages: pages), policy: ["contextTokens": 440], faults: faults)
  try scenario.fileData().write(to: generated.appendingPathComponent("generated-\(index).json"))
}
let recorder = try GoldenRunner(
  directory: generated, model: ExtractiveModelExecutor(), mode: .all, environment: [:])
_ = try await recorder.replayAll(referenceCore)
if count > 0 { failures += try await measure("generated", generated, rounds: rounds) }
// A scenario that fails its replay is a wrong verdict, not a slow one: the bench fails.
if failures > 0 {
  FileHandle.standardError.write(
    Data(
      "bench-golden: \(failures) scenario(s) failed their replay; run contract-kit golden replay\n"
        .utf8))
  exit(1)
}
