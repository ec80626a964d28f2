import Foundation
import KitSupport
import ProfileContracts

/// A durable `ProfileExecutionStoring` in a directory: every save survives a crash or power loss
/// once it returns.
///
/// Each key (a checkpoint or a summary of one command) has two slot files, written alternately, as
/// LMDB alternates its two meta pages. A save writes a whole record (sequence number, length,
/// 64-bit checksum) over the older slot and forces it to disk with one `fdatasync` (`F_FULLFSYNC` on
/// Darwin). A load takes the newest record whose checksum holds, so a save torn by a crash falls
/// back to the value before it. Measured against temp-file-and-rename and SQLite: see
/// `Benchmarks/bench-store` and the README.
///
/// Files are named by the SHA-256 of the command's canonical JSON with every string in Unicode
/// canonical composition (NFC), so no attachment ID ever becomes a path, and commands that
/// `ProfileCommand`'s `==` holds equal (an ID precomposed or decomposed) are one key on disk as in
/// memory. Calls on distinct keys run in parallel; calls on one key are serialized.
/// One process at a time may own a directory.
///
/// ```swift
/// let store = try FileExecutionStore(directory: storeURL)
/// try await store.saveCheckpoint(checkpoint)
/// let again = try await store.loadCheckpoint(for: checkpoint.command)  // survives a crash
/// ```
// @unchecked: `keys`, `openDescriptors` change only under `lock`; slot state only under its key's.
public final class FileExecutionStore: ProfileExecutionStoring, @unchecked Sendable {
  /// The directory that holds the slot files.
  public let directory: URL

  // Guards `keys` only; each key's own lock guards its slot files.
  private let lock = Lock()
  private var keys: [KeyID: Key] = [:]
  private var openDescriptors = 0
  /// The most slot files kept open between saves; past it, a save opens and closes its file.
  private static let maximumOpenDescriptors = 128

  /// Opens (creating if needed) a store in `directory`.
  ///
  /// - Throws: ``ExecutionStoreError`` with code `unusableDirectory` when the directory cannot be
  ///   created, is a regular file, or is not writable. It never falls back to memory.
  public init(directory: URL) throws {
    self.directory = directory.standardizedFileURL
    let path = self.directory.path
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw ExecutionStoreError(
          code: .unusableDirectory, path: path,
          message: "store directory \(path) is a file, not a directory; pass a directory path")
      }
    } else {
      do {
        try FileManager.default.createDirectory(
          at: self.directory, withIntermediateDirectories: true)
      } catch {
        throw ExecutionStoreError(
          code: .unusableDirectory, path: path,
          message:
            "cannot create store directory \(path); create it or pass a writable directory")
      }
    }
    guard FileManager.default.isWritableFile(atPath: path) else {
      throw ExecutionStoreError(
        code: .unusableDirectory, path: path,
        message: "store directory \(path) is not writable; fix its permissions or pass another")
    }
  }

  /// Loads the checkpoint saved for `command`.
  public func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    try load(ProfileCheckpoint.self, kind: "checkpoint", command: command)
  }

  /// Saves `checkpoint` durably, replacing any earlier one.
  public func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    try save(checkpoint, kind: "checkpoint", command: checkpoint.command)
  }

  /// Removes the checkpoint saved for `command`, durably. Removing none is not an error.
  public func removeCheckpoint(for command: ProfileCommand) async throws {
    let key = try self.key(kind: "checkpoint", command: command)
    try key.state.withLock {
      try scanIfNeeded(key)
      guard let newest = key.state.newest, newest.kind == .value else { return }
      try write(SlotRecord(kind: .removed, sequence: newest.sequence + 1, body: []), key: key)
    }
  }

  /// Loads the canonical summary saved for `command`.
  public func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    try load(ProfileSummary.self, kind: "summary", command: command)
  }

  /// Saves `summary` durably under `summary.command`, replacing any earlier one.
  public func saveSummary(_ summary: ProfileSummary) async throws {
    try save(summary, kind: "summary", command: summary.command)
  }

  // MARK: - Slots

  /// What a key is made of: the command and whether it holds its checkpoint or its summary.
  private struct KeyID: Hashable {
    let command: ProfileCommand
    let kind: String
  }

  /// One key's two slot files and what is known of them.
  private struct Key {
    let name: String
    let paths: [String]
    let state: KeyState
    /// Where a store from before keys were normalized kept this spelling's records (the hash of
    /// its own bytes), when that differs: read until the key's first save.
    let legacy: (name: String, paths: [String])?
  }

  /// The newest whole record of a key, and which slot holds it, once scanned; and the slots'
  /// open descriptors, kept so a save costs one write and one sync.
  // @unchecked: its `var`s are touched only inside `withLock` (holding `lock`), or by `deinit`.
  private final class KeyState: @unchecked Sendable {
    let lock = Lock()
    var scanned = false
    var newest: (kind: SlotRecord.Kind, sequence: UInt64, slot: Int)?
    var descriptors: [Int32?] = [nil, nil]

    deinit { for case let fd? in descriptors { POSIXFile.closeQuietly(fd) } }

    func withLock<T>(_ body: () throws -> T) rethrows -> T { try lock.withCriticalSection(body) }
  }

  private func key(kind: String, command: ProfileCommand) throws -> Key {
    let id = KeyID(command: command, kind: kind)
    if let key = lock.withCriticalSection({ keys[id] }) { return key }
    let bytes = try CanonicalJSON.encode(command)
    // NFC of the whole text is NFC of each string: the JSON around them is ASCII, which composes
    // with nothing.
    let composed = Data(
      String(decoding: bytes, as: UTF8.self).precomposedStringWithCanonicalMapping.utf8)
    func slots(_ name: String) -> [String] {
      [directory.path + "/" + name + ".0", directory.path + "/" + name + ".1"]
    }
    let name = SHA256.hex(composed) + "." + kind
    let legacyName = SHA256.hex(bytes) + "." + kind
    let key = Key(
      name: name, paths: slots(name), state: KeyState(),
      legacy: legacyName == name ? nil : (legacyName, slots(legacyName)))
    return lock.withCriticalSection {
      if let existing = keys[id] { return existing }
      keys[id] = key
      return key
    }
  }

  private func load<Value: Decodable & Sendable>(
    _ type: Value.Type, kind: String, command: ProfileCommand
  ) throws -> Value? {
    let key = try self.key(kind: kind, command: command)
    return try key.state.withLock { () throws -> Value? in
      guard let (record, slot) = try newestRecord(key) else { return nil }
      key.state.newest = (record.kind, record.sequence, slot)
      key.state.scanned = true
      guard record.kind == .value else { return nil }
      return try decodeBody(type, record.body, path: key.paths[slot])
    }
  }

  private func decodeBody<Value: Decodable>(_ type: Value.Type, _ body: [UInt8], path: String)
    throws -> Value
  {
    do {
      return try CanonicalJSON.decode(type, from: Data(body))
    } catch {
      throw ExecutionStoreError(
        code: .corruptRecord, path: path,
        message:
          "store record \(path) passed its checksum but does not decode (\(error)); it was written by an incompatible version: remove it to start over"
      )
    }
  }

  private func save<Value: Encodable>(_ value: Value, kind: String, command: ProfileCommand)
    throws
  {
    let key = try self.key(kind: kind, command: command)
    let body = [UInt8](try CanonicalJSON.encode(value))
    try key.state.withLock {
      try scanIfNeeded(key)
      let sequence = (key.state.newest?.sequence ?? 0) + 1
      try write(SlotRecord(kind: .value, sequence: sequence, body: body), key: key)
    }
  }

  /// Learns which slot holds the newest whole record, once per key and process. A key whose
  /// every record is damaged still accepts saves: the new record goes to slot 0.
  private func scanIfNeeded(_ key: Key) throws {
    guard !key.state.scanned else { return }
    if let (record, slot) = try? newestRecord(key) {
      key.state.newest = (record.kind, record.sequence, slot)
    } else {
      key.state.newest = nil
    }
    key.state.scanned = true
  }

  /// Writes `record` over the slot that does not hold the newest record.
  private func write(_ record: SlotRecord, key: Key) throws {
    let slot = key.state.newest.map { 1 - $0.slot } ?? 0
    do {
      if let fd = key.state.descriptors[slot] {
        try POSIXFile.writeDurably(fd, record.encoded())
      } else {
        let fd = try POSIXFile.openForWriting(key.paths[slot], directory: directory.path)
        let keep = lock.withCriticalSection {
          guard openDescriptors < Self.maximumOpenDescriptors else { return false }
          openDescriptors += 1
          return true
        }
        if keep { key.state.descriptors[slot] = fd }
        defer { if !keep { POSIXFile.closeQuietly(fd) } }
        try POSIXFile.writeDurably(fd, record.encoded())
      }
    } catch {
      key.state.scanned = false  // the slot may be torn now; look again next time
      throw ExecutionStoreError(
        code: .ioFailure, path: key.paths[slot],
        message:
          "cannot write store record \(key.paths[slot]): \(error); check the disk and the directory's permissions"
      )
    }
    key.state.newest = (record.kind, record.sequence, slot)
  }

  /// The newest record whose checks hold, and its slot; `nil` when the key was never written. A
  /// key never saved since keys were normalized reads its spelling's older records.
  private func newestRecord(_ key: Key) throws -> (SlotRecord, Int)? {
    if let newest = try newestRecord(paths: key.paths, name: key.name) { return newest }
    guard let legacy = key.legacy else { return nil }
    return try newestRecord(paths: legacy.paths, name: legacy.name)
  }

  /// The newest record whose checks hold in the two slot files `paths` of the key `name`.
  private func newestRecord(paths: [String], name: String) throws -> (SlotRecord, Int)? {
    var newest: (SlotRecord, Int)?
    var damaged = 0
    for (slot, path) in paths.enumerated() {
      let bytes: [UInt8]?
      do {
        bytes = try POSIXFile.read(path)
      } catch {
        throw ExecutionStoreError(
          code: .ioFailure, path: path,
          message: "cannot read store record \(path): \(error); check the directory's permissions")
      }
      // An empty slot is a first save that never got to write; nothing was promised there.
      guard let bytes, !bytes.isEmpty else { continue }
      guard let record = SlotRecord.decode(bytes) else {
        damaged += 1
        continue
      }
      if newest.map({ record.sequence > $0.0.sequence }) ?? true { newest = (record, slot) }
    }
    // One damaged slot and nothing in the other is a first save torn by a crash or a power
    // loss before it returned (a save that returned was synced whole): nothing was promised.
    // Both damaged is damage to records that were promised.
    if newest == nil, damaged > 1 {
      throw ExecutionStoreError(
        code: .corruptRecord, path: paths[0],
        message:
          "store record \(directory.path)/\(name) failed its checksum in both slots; remove its .0 and .1 files to start this command over"
      )
    }
    return newest
  }
}
