import Foundation
import KitSupport
import ProfileContracts

/// One round of `store.crash` in a child process: a stream of seeded saves into a store at
/// ``directory``, ended by SIGKILL at a seeded moment. The store suite makes the rounds and hands
/// each to the `crashChild` closure of ``ExecutionStoreConformance``, which runs
/// ``saveUntilKilled(_:)`` in an exit test; after each, the suite reopens the directory in the
/// test's own process and checks what it loads.
///
/// It is `Codable` so that an exit test can capture it (Swift 6.3 and later, macOS and Linux).
/// Here `MyStore` is your store, opened as your suite's factory opens it:
///
/// ```swift
/// await #expect(processExitsWith: .signal(SIGKILL)) { [round = round as StoreCrashRound] in
///   try await round.saveUntilKilled(MyStore(directory: round.directory))
/// }
/// ```
public struct StoreCrashRound: Codable, Sendable {
  /// The store's directory: open the store here in the child, as the suite's factory does.
  public let directory: URL
  /// The round's number, from 1.
  public let number: Int
  /// The number of the round's first save; earlier rounds sent the ones before it.
  let firstSave: Int
  /// The seed the saves' sizes and the kill's moment are drawn from.
  let seed: UInt64
  /// The file the child notes each save in, as it is sent and as it returns.
  let ledger: URL
  /// The process that made the round: the child is any other.
  let parent: Int32

  init(directory: URL, number: Int, firstSave: Int, seed: UInt64, ledger: URL) {
    self.directory = directory
    self.number = number
    self.firstSave = firstSave
    self.seed = seed
    self.ledger = ledger
    self.parent = getpid()
  }

  /// Saves checkpoints of 1 to 256 KiB into `store`, one after another, until this process is
  /// killed with SIGKILL, 0.5 to 15 ms after the first save starts (both drawn from the suite's
  /// seed). A save that throws ends the child with exit code 3, and the suite reports the error.
  ///
  /// Call it in the body of an exit test, never in the test's own process: there it throws
  /// ``NotInAChild`` rather than kill the test run.
  public func saveUntilKilled(_ store: any ProfileExecutionStoring) async throws -> Never {
    guard getpid() != parent else { throw NotInAChild() }
    let notes = try FileHandle(forWritingTo: ledger)
    var random = SeededGenerator(seed: seed ^ 0x5EED_C4A5_0000_0002 ^ UInt64(number))
    let delay = Double(Int.random(in: 500...15_000, using: &random)) / 1_000_000
    var save = firstSave
    let note = { (line: String) in try? notes.write(contentsOf: Data((line + "\n").utf8)) }
    note("start")
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: delay)
      kill(getpid(), SIGKILL)
    }
    while true {
      note("sent \(save)")
      do {
        try await store.saveCheckpoint(Self.checkpoint(save, seed: seed))
      } catch {
        note("threw \(save) \(describe(error))")
        exit(3)
      }
      note("returned \(save)")
      save += 1
    }
  }

  /// ``StoreCrashRound/saveUntilKilled(_:)`` was called in the process that made the round,
  /// which it would have killed: call it in the body of an exit test.
  public struct NotInAChild: Error, CustomStringConvertible {
    /// What went wrong, and the fix.
    public var description: String {
      "saveUntilKilled ran in the test's own process: call it in an exit test, inside #expect(processExitsWith: .signal(SIGKILL)) { … }"
    }
  }

  /// Save `number` of any round: phase `save-<number>`, a payload of 1 to 256 KiB drawn from
  /// `seed` and the number, so that the test's process knows it without being told.
  static func checkpoint(_ number: Int, seed: UInt64) -> ProfileCheckpoint {
    var random = SeededGenerator(seed: seed ^ 0x5EED_C4A5_0000_0003 ^ UInt64(number))
    let size = Int.random(in: 1024...(256 << 10), using: &random)
    return ExecutionStoreConformance.checkpoint(
      phase: "save-\(number)", payload: Data(repeating: UInt8(number % 251), count: size))
  }

  /// What the child noted: whether it began, the saves it sent and the last that returned, and
  /// the first error a save threw.
  struct Notes {
    var started = false
    var lastSent: Int?
    var lastReturned: Int?
    var thrown: String?

    /// The notes in `ledger`; a line the kill cut short is ignored.
    init(_ ledger: URL) {
      let text = (try? String(contentsOf: ledger, encoding: .utf8)) ?? ""
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ", maxSplits: 2).map(String.init)
        switch (words.first, words.count > 1 ? Int(words[1]) : nil) {
        case ("start", _): started = true
        case ("sent", let save?): lastSent = max(lastSent ?? save, save)
        case ("returned", let save?): lastReturned = max(lastReturned ?? save, save)
        case ("threw", let save?) where thrown == nil:
          thrown = "save \(save) threw \(words.count > 2 ? words[2] : "an error")"
        default: continue
        }
      }
    }
  }
}
