// A child process for FileExecutionStore's crash test, used only by tests.
//
//   store-crash-child write DIRECTORY FIRST   saves numbered checkpoints and summaries in a loop,
//                                             printing each number once both saves have returned,
//                                             until it is killed
//   store-crash-child check DIRECTORY         loads both and prints "CHECKPOINT SUMMARY": the
//                                             numbers of the whole values found, or "none";
//                                             exits 1 with a message when a value is torn or
//                                             does not match its number
import Foundation
import ProfileAdapters
import ProfileContracts

/// The numbered values the crash test writes. Each value's content follows from its number alone,
/// so a reader can tell a whole value from a torn or mixed one.
enum CrashRecord {
  static let command = ProfileCommand(
    profile: .document, attachmentID: "crash-test", sourceLanguage: "en", targetLanguage: "en")

  /// Checkpoint `number`, with a payload of 4 to 16 KiB derived from the number.
  static func checkpoint(_ number: Int) -> ProfileCheckpoint {
    let size = 4096 * (1 + number % 4)
    let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ number) })
    return ProfileCheckpoint(
      command: command, phase: "n:\(number)", payload: payload, receipt: .init())
  }

  /// Summary `number`.
  static func summary(_ number: Int) -> ProfileSummary {
    ProfileSummary(
      command: command, title: "n:\(number)", language: "en",
      sections: [
        .init(
          pages: PageRange(page: 1), headline: String(repeating: "h", count: number % 5000),
          points: [])
      ],
      coverage: PageCoverage(pageCount: 1, originalPageCount: 1, missingPages: []),
      withheldPoints: [], receipt: .init())
  }

  static func number(_ label: String) -> Int? {
    label.hasPrefix("n:") ? Int(label.dropFirst(2)) : nil
  }
}

func fail(_ message: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data("store-crash-child: \(message)\n".utf8))
  exit(code)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  fail("usage: store-crash-child write DIRECTORY FIRST | check DIRECTORY", code: 2)
}
let store: FileExecutionStore
do {
  store = try FileExecutionStore(directory: URL(fileURLWithPath: arguments[2]))
} catch {
  fail("\(error)", code: 2)
}

switch (arguments[1], arguments.count) {
case ("write", 4):
  guard var number = Int(arguments[3]) else { fail("FIRST must be a number", code: 2) }
  while true {
    do {
      try await store.saveCheckpoint(CrashRecord.checkpoint(number))
      try await store.saveSummary(CrashRecord.summary(number))
    } catch {
      fail("\(error)", code: 1)
    }
    FileHandle.standardOutput.write(Data("\(number)\n".utf8))
    number += 1
  }
case ("check", 3):
  do {
    let checkpoint = try await store.loadCheckpoint(for: CrashRecord.command)
    let summary = try await store.loadSummary(for: CrashRecord.command)
    var found: [String] = []
    if let checkpoint {
      guard let number = CrashRecord.number(checkpoint.phase),
        checkpoint == CrashRecord.checkpoint(number)
      else { fail("checkpoint \(checkpoint.phase) does not match its number", code: 1) }
      found.append(String(number))
    } else {
      found.append("none")
    }
    if let summary {
      guard let number = CrashRecord.number(summary.title), summary == CrashRecord.summary(number)
      else { fail("summary \(summary.title) does not match its number", code: 1) }
      found.append(String(number))
    } else {
      found.append("none")
    }
    print(found.joined(separator: " "))
  } catch {
    fail("load failed: \(error)", code: 1)
  }
default:
  fail("usage: store-crash-child write DIRECTORY FIRST | check DIRECTORY", code: 2)
}
