import Foundation
import ProfileAdapters
import ProfileContracts
import Testing

@Suite struct FileExecutionStoreTests {
  let command = ProfileCommand(
    profile: .document, attachmentID: "a", sourceLanguage: nil, targetLanguage: "en")

  func checkpoint(_ phase: String) -> ProfileCheckpoint {
    ProfileCheckpoint(command: command, phase: phase, payload: Data(phase.utf8), receipt: .init())
  }

  func slotFiles(_ directory: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.lastPathComponent.contains(".checkpoint.") }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  @Test func aTornNewestSlotFallsBackToThePreviousValue() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let store = try FileExecutionStore(directory: directory.url)
    try await store.saveCheckpoint(checkpoint("one"))  // slot 0
    try await store.saveCheckpoint(checkpoint("two"))  // slot 1
    let slots = try slotFiles(directory.url)
    #expect(slots.count == 2)
    // Tear the newest record: cut it in half, as a crash mid-write would.
    let newest = try Data(contentsOf: slots[1])
    try newest.prefix(newest.count / 2).write(to: slots[1])
    let reopened = try FileExecutionStore(directory: directory.url)
    #expect(try await reopened.loadCheckpoint(for: command)?.phase == "one")
    // The next save goes over the torn slot, and wins.
    try await reopened.saveCheckpoint(checkpoint("three"))
    #expect(
      try await FileExecutionStore(directory: directory.url).loadCheckpoint(for: command)?.phase
        == "three")
  }

  @Test func aFlippedByteIsCaughtByTheChecksum() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let store = try FileExecutionStore(directory: directory.url)
    try await store.saveCheckpoint(checkpoint("one"))
    try await store.saveCheckpoint(checkpoint("two"))
    let slots = try slotFiles(directory.url)
    var bytes = [UInt8](try Data(contentsOf: slots[1]))
    bytes[bytes.count - 3] ^= 0x01
    try Data(bytes).write(to: slots[1])
    #expect(
      try await FileExecutionStore(directory: directory.url).loadCheckpoint(for: command)?.phase
        == "one")
  }

  @Test func aTornFirstSaveLoadsAsNothing() async throws {
    // A power loss during a key's first save can leave part of its record in slot 0 and nothing
    // in slot 1: that save never returned, so nothing was promised.
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let store = try FileExecutionStore(directory: directory.url)
    try await store.saveCheckpoint(checkpoint("one"))
    let slots = try slotFiles(directory.url)
    try #require(slots.count == 1)
    let bytes = [UInt8](try Data(contentsOf: slots[0]))
    for length in [1, bytes.count / 2, bytes.count - 1] {
      try Data(bytes[..<length]).write(to: slots[0])
      #expect(
        try await FileExecutionStore(directory: directory.url).loadCheckpoint(for: command) == nil,
        "a first record cut to \(length) of \(bytes.count) bytes")
    }
  }

  @Test func aKeyWhoseEveryRecordIsDamagedThrowsNotNil() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let store = try FileExecutionStore(directory: directory.url)
    try await store.saveCheckpoint(checkpoint("one"))
    try await store.saveCheckpoint(checkpoint("two"))
    for slot in try slotFiles(directory.url) { try Data("garbage".utf8).write(to: slot) }
    let reopened = try FileExecutionStore(directory: directory.url)
    do {
      _ = try await reopened.loadCheckpoint(for: command)
      Issue.record("expected a corrupt-record error")
    } catch let error as ExecutionStoreError {
      #expect(error.code == .corruptRecord)
      #expect(error.message.contains("failed its checksum in both slots"))
    }
    // A save still works, and wins.
    try await reopened.saveCheckpoint(checkpoint("fresh"))
    #expect(try await reopened.loadCheckpoint(for: command)?.phase == "fresh")
  }

  @Test func removalIsDurableAndRemovingNothingIsFine() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let store = try FileExecutionStore(directory: directory.url)
    try await store.removeCheckpoint(for: command)
    try await store.saveCheckpoint(checkpoint("one"))
    try await store.removeCheckpoint(for: command)
    #expect(
      try await FileExecutionStore(directory: directory.url).loadCheckpoint(for: command) == nil)
    try await store.saveCheckpoint(checkpoint("two"))
    #expect(
      try await FileExecutionStore(directory: directory.url).loadCheckpoint(for: command)?.phase
        == "two")
  }

  @Test func aRegularFileInPlaceOfTheDirectoryIsRefusedAtOpen() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("file", "x")
    #expect {
      try FileExecutionStore(directory: directory.url.appendingPathComponent("file"))
    } throws: { error in
      (error as? ExecutionStoreError)?.code == .unusableDirectory
    }
    #expect(throws: ExecutionStoreError.self) {
      try FileExecutionStore(directory: directory.url.appendingPathComponent("file/below"))
    }
  }

  @Test func fileNamesNeverContainTheAttachmentID() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let store = try FileExecutionStore(directory: directory.url)
    let hostile = ProfileCommand(
      profile: .note, attachmentID: "../../etc/passwd", sourceLanguage: nil, targetLanguage: "en")
    try await store.saveCheckpoint(
      ProfileCheckpoint(command: hostile, phase: "p", payload: Data(), receipt: .init()))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(names.count == 1)
    #expect(
      names.allSatisfy {
        $0.range(of: #"^[0-9a-f]{64}\.checkpoint\.[01]$"#, options: .regularExpression) != nil
      })
  }

  /// One ID, precomposed and decomposed: one command under ==, so one key, in the instance that
  /// saved it and after a reopen (issue 52: the second spelling's save landed in the first's file,
  /// and after a reopen it loaded nothing).
  @Test func anIDPrecomposedOrDecomposedIsOneKeyAcrossAReopen() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let precomposed = ProfileCommand(
      profile: .document, attachmentID: "Caf\u{E9}.pdf", sourceLanguage: nil, targetLanguage: "en")
    let decomposed = ProfileCommand(
      profile: .document, attachmentID: "Cafe\u{301}.pdf", sourceLanguage: nil,
      targetLanguage: "en")
    #expect(precomposed == decomposed)
    func saved(_ command: ProfileCommand, _ phase: String) -> ProfileCheckpoint {
      ProfileCheckpoint(command: command, phase: phase, payload: Data(), receipt: .init())
    }
    let store = try FileExecutionStore(directory: directory.url)
    try await store.saveCheckpoint(saved(precomposed, "precomposed"))
    try await store.saveCheckpoint(saved(decomposed, "decomposed"))
    #expect(try await store.loadCheckpoint(for: precomposed)?.phase == "decomposed")
    #expect(try await store.loadCheckpoint(for: decomposed)?.phase == "decomposed")
    // After a reopen, each spelling in an instance of its own: the decomposed one, which the
    // last save used, loaded nothing.
    for command in [precomposed, decomposed] {
      let reopened = try FileExecutionStore(directory: directory.url)
      #expect(try await reopened.loadCheckpoint(for: command)?.phase == "decomposed")
    }
  }

  /// A store written before keys were normalized kept a decomposed ID's records under the hash
  /// of its own bytes: they still load, until the key is saved again.
  @Test func recordsOfADecomposedIDFromBeforeNormalizationStillLoad() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let decomposed = ProfileCommand(
      profile: .document, attachmentID: "Cafe\u{301}.pdf", sourceLanguage: nil,
      targetLanguage: "en")
    // Saved, then moved to the name the store used to give it.
    try await FileExecutionStore(directory: directory.url).saveCheckpoint(
      ProfileCheckpoint(command: decomposed, phase: "old", payload: Data(), receipt: .init()))
    let old = SHA256.hex(try CanonicalJSON.encode(decomposed))
    for slot in try slotFiles(directory.url) {
      let suffix = slot.lastPathComponent.drop { $0 != "." }
      try FileManager.default.moveItem(
        at: slot, to: directory.url.appendingPathComponent(old + suffix))
    }
    let reopened = try FileExecutionStore(directory: directory.url)
    #expect(try await reopened.loadCheckpoint(for: decomposed)?.phase == "old")
    try await reopened.saveCheckpoint(
      ProfileCheckpoint(command: decomposed, phase: "new", payload: Data(), receipt: .init()))
    #expect(
      try await FileExecutionStore(directory: directory.url).loadCheckpoint(for: decomposed)?.phase
        == "new")
  }
}
