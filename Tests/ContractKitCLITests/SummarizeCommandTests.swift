import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `contract-kit summarize`, run as a user would.
@Suite(.integration) struct SummarizeCommandTests {
  final class Folder {
    let url: URL
    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "summarize-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func write(_ name: String, _ data: Data) throws {
      try data.write(to: url.appendingPathComponent(name))
    }
  }

  /// The receipt's steps of `summarize --format json`'s output, and the IDs of those skipped.
  static func steps(ofJSON stdout: String) throws -> (all: [[String: Any]], skipped: [String]) {
    let outcome = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
    let steps =
      ((outcome?["summary"] as? [String: Any])?["receipt"] as? [String: Any])?["steps"]
      as? [[String: Any]] ?? []
    let skipped = steps.filter { ($0["status"] as? [String: Any])?["kind"] as? String == "skipped" }
    return (steps, skipped.compactMap { $0["stepID"] as? String })
  }

  static func document(pages: Int) -> Data {
    Data(
      (1...pages).map { page in
        (0..<6).map {
          "On page \(page), the harbor authority counted \(page * 7 + $0) ferries in section \($0)."
        }
        .joined(separator: " ")
      }.joined(separator: "\u{0C}").utf8)
  }

  @Test func summarizesARealFileWithCoverage() throws {
    let folder = try Folder()
    try folder.write("report.txt", Self.document(pages: 100))
    let result = try ContractKitBinary.run([
      "summarize", folder.path("report.txt"), "--page-cap", "30", "--store", folder.path("store"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("pages 1–30 of 100"))
    #expect(result.stdout.contains("(pages 1–"))
  }

  @Test func aDifferentTargetLanguageSaysThereIsNoTranslator() throws {
    let folder = try Folder()
    try folder.write("note.txt", Data("회의는 월요일 오전에 열립니다. 예산안은 삼월에 확정되었습니다.".utf8))
    let result = try ContractKitBinary.run([
      "summarize", folder.path("note.txt"), "--store", folder.path("store"),
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("note: no translator is configured; the summary stays in ko"))
  }

  @Test func badInputIsOneLineAndExitTwo() throws {
    let folder = try Folder()
    try folder.write("latin1.txt", Data([0x63, 0x61, 0x66, 0xE9, 0x0A]))
    try folder.write("empty.txt", Data())
    try folder.write("newline.txt", Data("\n".utf8))
    let cases: [([String], String)] = [
      (
        ["summarize", folder.path("empty.txt"), "--store", folder.path("s")],
        "error: \(folder.path("empty.txt")) is empty; there is nothing to summarize"
      ),
      (
        ["summarize", folder.path("newline.txt"), "--store", folder.path("s")],
        "newline.txt is empty; there is nothing to summarize"
      ),
      (["summarize"], "error: summarize needs a FILE to summarize"),
      (
        ["summarize", folder.path("none.txt"), "--store", folder.path("s")],
        "error: no attachment \"none.txt\""
      ),
      (
        ["summarize", folder.path("latin1.txt"), "--store", folder.path("s")],
        "is not UTF-8 text; convert it"
      ),
      (
        ["summarize", folder.path("latin1.txt"), "--page-cap", "zero"],
        "error: --page-cap needs a whole number of at least 1, not 'zero'"
      ),
      (
        ["summarize", folder.path("latin1.txt"), "--store", "/etc/hostname"],
        "is a file, not a directory"
      ),
    ]
    for (arguments, message) in cases {
      let result = try ContractKitBinary.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      // The error is the first line; a usage error adds the usage and a pointer to --help under it.
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.first?.contains(message) == true, "\(arguments): \(result.stderr)")
      let isUsageError = lines.count > 1 && lines[1].hasPrefix("usage:")
      #expect(lines.count == (isUsageError ? 3 : 1), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test func aCorruptStoreRecordIsNamedAndNotOverwritten() throws {
    let folder = try Folder()
    try folder.write("report.txt", Self.document(pages: 3))
    let store = folder.path("store")
    // Interrupt a slow run so a checkpoint exists, then damage both of its slots.
    try ContractKitBinary.runUntil(
      "… chunk-2",
      ["summarize", folder.path("report.txt"), "--context-tokens", "600", "--store", store])
    let existing = try FileManager.default.contentsOfDirectory(atPath: store).filter {
      $0.contains(".checkpoint.")
    }
    try #require(!existing.isEmpty)
    // Both slots of the key: one damaged slot beside an empty one is a torn first save, which
    // loads as nothing.
    let slots = Set(existing.flatMap { name in [0, 1].map { String(name.dropLast()) + "\($0)" } })
    for slot in slots {
      try Data("garbage".utf8).write(to: URL(fileURLWithPath: store).appendingPathComponent(slot))
    }
    let result = try ContractKitBinary.run([
      "summarize", folder.path("report.txt"), "--context-tokens", "600", "--store", store,
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("failed its checksum in both slots"))
    for slot in slots {
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: store).appendingPathComponent(slot))
          == Data("garbage".utf8))
    }
  }

  @Test func killingARunAndRunningTheSameCommandAgainContinuesFromTheCheckpoint() throws {
    let folder = try Folder()
    try folder.write("report.txt", Self.document(pages: 12))
    let arguments = [
      "summarize", folder.path("report.txt"), "--context-tokens", "600", "--store",
      folder.path("store"), "--format", "json",
    ]
    // Killed once chunk 4 has started: chunks 1 to 3 are in the checkpoint.
    try ContractKitBinary.runUntil("… chunk-4", arguments)
    let result = try ContractKitBinary.run(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    let (steps, skipped) = try Self.steps(ofJSON: result.stdout)
    #expect(steps.first?["stepID"] as? String == "resume")
    #expect(
      skipped.count >= 3,
      "chunks completed before the kill are not sent to the model again: \(steps)")
  }
}

extension ContractKitBinary {
  /// Runs the binary with progress lines on and slowed model calls, and kills it with SIGKILL
  /// as soon as standard error shows `marker`, as a person pressing Ctrl-C would.
  static func runUntil(_ marker: String, _ arguments: [String]) throws {
    _ = try runUntil(marker, arguments) { kill($0.processIdentifier, SIGKILL) }
  }

  /// Runs the binary with progress lines on and slowed model calls, calls `atMarker` as soon as
  /// standard error shows `marker`, and waits for the process to end.
  ///
  /// - Returns: the exit status and everything written to standard error.
  static func runUntil(
    _ marker: String, _ arguments: [String], atMarker: (Process) -> Void
  ) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["CONTRACT_KIT_PROGRESS": "1", "CONTRACT_KIT_CALL_DELAY_MS": "150"]) { $1 }
    let err = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    var seen = ""
    while !seen.contains(marker) {
      let data = err.fileHandleForReading.availableData
      if data.isEmpty { break }
      seen += String(decoding: data, as: UTF8.self)
    }
    #expect(seen.contains(marker), "the run ended before \(marker): \(seen)")
    atMarker(process)
    seen += String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, seen)
  }
}
