import ContractConformance
import Foundation
import KitSupport
import ProfileAdapters
import ProfileContracts

/// Broken stores. Most are one JSON file per key in the directory, each breaking one promise.
enum StoreMutant: String, CaseIterable, Sendable {
  case bytesAsText, keepsFirst, keyByAttachment, pathFromID, removeThrows, sharedKey,
    memoryOnly, flushOnDeinit, tornWrites, lostUpdates, memoryFallback, tearsEqualLength,
    throwsUnderContention,
    // Classes the generated histories open up: a summary keyed by part of the command while
    // checkpoints are keyed by all of it; records kept in a folder per session, of which only
    // the last two are read (and removals reach only the current one); a replacement that
    // deletes, then writes.
    partialSummaryKey, recentSessionsOnly, deleteThenWrite,
    // Issue 52's classes: files named by the command's bytes, the names cached by the command's
    // == (what FileExecutionStore did); files named by the bytes alone, consistently; and IDs
    // folded as a case-insensitive or Windows file system folds names.
    keyedByBytesCachedByEquality, keyedByBytes, foldsIDs,
    // Right answers, and a journal of every save beside them that nothing ever trims.
    keepsEveryVersion,
    // Right answers, and a file opened on every load that is never closed.
    leaksDescriptors,
    // Classes only hundreds of keys reach: the oldest keys' records deleted past a capacity, as
    // a cache would; and a file kept open for every key ever saved, without a bound.
    forgetsOldKeys, holdsAFilePerKey,
    // Classes only many instances reach: a process-wide pool of 48 per directory whose slots
    // are never given back; and a lock file each instance opens and never closes.
    instancePoolNeverReturned, lockFileLeakedPerInstance,
    // Classes of a store that keeps part of a record: a step's status kept as its kind alone
    // (a failure without its message, a skip without its reason); text cut at its first NUL, as a
    // C string is; a summary saved without its withheld points and receipt.
    keepsStatusKindsOnly, endsTextAtNUL, savesVisibleSummaryOnly

  func make(_ directory: URL) throws -> any ProfileExecutionStoring {
    switch self {
    case .memoryOnly: InMemoryExecutionStore()
    case .lostUpdates: try IndexFileStore(directory: directory)
    case .keepsEveryVersion: try JournalingStore(directory: directory)
    case .leaksDescriptors: try LeakingStore(directory: directory)
    default: try MutantFileStore(directory: directory, mutant: self)
    }
  }
}

struct StoreFailure: Error {}

/// One file per key, named by a hash of the key, written whole unless the mutant says otherwise.
final class MutantFileStore: ProfileExecutionStoring, @unchecked Sendable {
  let directory: URL
  let mutant: StoreMutant
  private let lock = Lock()
  private var pending: [URL: Data] = [:]
  private var inFlight: Set<URL> = []
  private var memory: [String: Data]?
  /// For `recentSessionsOnly`: this session's folder, and the one before it.
  private var sessions: [URL] = []
  /// For `keyedByBytesCachedByEquality`: each command's file name, by the command's ==.
  private var names: [String: [ProfileCommand: URL]] = [:]
  /// For `instancePoolNeverReturned`: the slots taken in each directory, never given back.
  static let pool = Locked<[String: Int]>([:])
  /// For `lockFileLeakedPerInstance`: every instance's lock file, never closed.
  static let lockFiles = Locked<[FileHandle]>([])
  /// For `forgetsOldKeys`: the files this instance created, oldest first.
  private var created: [URL] = []
  /// For `holdsAFilePerKey`: a handle on each key's file, never closed.
  private var handles: [URL: FileHandle] = [:]

  init(directory: URL, mutant: StoreMutant) throws {
    self.directory = directory
    self.mutant = mutant
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      guard mutant == .memoryFallback else { throw error }
      memory = [:]  // the defect: silently keep data in memory
    }
    if mutant == .instancePoolNeverReturned {
      let taken = Self.pool.withValue { slots -> Int in
        slots[directory.path, default: 0] += 1
        return slots[directory.path]!
      }
      if taken > 48 { throw StoreFailure() }
    }
    if mutant == .lockFileLeakedPerInstance {
      let lock = directory.appendingPathComponent("lock")
      if !FileManager.default.fileExists(atPath: lock.path) {
        _ = FileManager.default.createFile(atPath: lock.path, contents: nil)
      }
      let handle = try FileHandle(forReadingFrom: lock)
      Self.lockFiles.withValue { $0.append(handle) }
    }
    if mutant == .recentSessionsOnly {
      let count = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.count ?? 0
      let current = directory.appendingPathComponent("session-\(count + 1)")
      try FileManager.default.createDirectory(at: current, withIntermediateDirectories: true)
      sessions =
        [current] + (count > 0 ? [directory.appendingPathComponent("session-\(count)")] : [])
    }
  }

  deinit {
    for (url, data) in pending { try? data.write(to: url) }
  }

  private func url(_ kind: String, _ command: ProfileCommand) throws -> URL {
    switch mutant {
    case .partialSummaryKey where kind == "summary":
      return directory.appendingPathComponent(
        kind + "-" + SHA256.hex(Array((command.profile.rawValue + "/" + command.attachmentID).utf8))
      )
    case .recentSessionsOnly:
      return sessions[0].appendingPathComponent(
        kind + "-" + SHA256.hex(try CanonicalJSON.encode(command)))
    case .pathFromID:
      return directory.appendingPathComponent(command.attachmentID + "." + kind)
    case .keyByAttachment:
      return directory.appendingPathComponent(
        kind + "-" + SHA256.hex(Array(command.attachmentID.utf8)))
    case .sharedKey:
      return directory.appendingPathComponent(
        "record-" + SHA256.hex(try CanonicalJSON.encode(command)))
    case .keyedByBytes:
      return directory.appendingPathComponent(
        kind + "-" + SHA256.hex(try CanonicalJSON.encode(command)))
    case .keyedByBytesCachedByEquality:
      let url = directory.appendingPathComponent(
        kind + "-" + SHA256.hex(try CanonicalJSON.encode(command)))
      return lock.withCriticalSection {
        if let cached = names[kind]?[command] { return cached }
        names[kind, default: [:]][command] = url
        return url
      }
    case .foldsIDs:
      var folded = command.attachmentID.lowercased()
      while folded.hasSuffix(".") || folded.hasSuffix(" ") { folded.removeLast() }
      return directory.appendingPathComponent(
        kind + "-"
          + SHA256.hex(
            try CanonicalJSON.encode(
              ProfileCommand(
                profile: command.profile, attachmentID: folded,
                sourceLanguage: command.sourceLanguage, targetLanguage: command.targetLanguage))))
    default:
      // The command's canonical JSON in NFC: keyed by the command's own ==.
      let json = String(decoding: try CanonicalJSON.encode(command), as: UTF8.self)
      return directory.appendingPathComponent(
        kind + "-" + SHA256.hex(Array(json.precomposedStringWithCanonicalMapping.utf8)))
    }
  }

  private func write(_ data: Data, to url: URL) async throws {
    if memory != nil {
      lock.withCriticalSection { memory![url.lastPathComponent] = data }
      return
    }
    let existingLength =
      (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
    switch mutant {
    case .keepsFirst where FileManager.default.fileExists(atPath: url.path):
      return
    case .tearsEqualLength where existingLength == data.count:
      // Overwrites in place, in two halves, only when the record keeps its length: records of
      // different sizes never tear.
      try await writeInHalves(data, to: url, truncating: false)
    case .tearsEqualLength:
      try data.write(to: url, options: .atomic)  // any other length is written whole
    case .throwsUnderContention:
      // Delete, then insert, without a transaction: a save that meets another on the same key
      // fails, as "UNIQUE constraint failed" did in a real SQLite store.
      let busy = lock.withCriticalSection { !inFlight.insert(url).inserted }
      if busy { throw StoreFailure() }
      defer { _ = lock.withCriticalSection { inFlight.remove(url) } }
      try? FileManager.default.removeItem(at: url)
      try await Task.sleep(for: .milliseconds(1))
      try data.write(to: url)
    case .flushOnDeinit:
      lock.withCriticalSection { pending[url] = data }
    case .deleteThenWrite:
      try? FileManager.default.removeItem(at: url)
      try await Task.sleep(for: .milliseconds(1))
      try data.write(to: url, options: .atomic)
    case .tornWrites:
      // Two writes with a suspension between them: concurrent saves interleave their halves.
      if !FileManager.default.fileExists(atPath: url.path) {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
      }
      try await writeInHalves(data, to: url, truncating: true)
    case .pathFromID:
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    case .forgetsOldKeys:
      let isNew = !FileManager.default.fileExists(atPath: url.path)
      try data.write(to: url, options: .atomic)
      let evicted: URL? = lock.withCriticalSection {
        guard isNew else { return nil }
        created.append(url)
        return created.count > 300 ? created.removeFirst() : nil
      }
      if let evicted { try? FileManager.default.removeItem(at: evicted) }
    case .lockFileLeakedPerInstance, .instancePoolNeverReturned:
      try data.write(to: url, options: .atomic)  // right, but for what each instance holds
    case .keepsStatusKindsOnly, .endsTextAtNUL, .savesVisibleSummaryOnly:
      try data.write(to: url, options: .atomic)  // right, but for what the record keeps
    case .holdsAFilePerKey:
      try data.write(to: url, options: .atomic)
      // A concurrent removal may take the file first: then there is nothing to hold (stop 61:
      // throwing there broke store.linearizable, a fault beside this mutant's class).
      guard let handle = try? FileHandle(forReadingFrom: url) else { return }
      lock.withCriticalSection { handles[url] = handles[url] ?? handle }
    default:
      try data.write(to: url)
    }
  }

  /// Writes `data` over `url` in place, in two writes with a suspension between them, so that
  /// concurrent writers interleave their halves.
  private func writeInHalves(_ data: Data, to url: URL, truncating: Bool) async throws {
    let half = data.count / 2
    let handle = try FileHandle(forWritingTo: url)
    if truncating { try handle.truncate(atOffset: 0) }
    try handle.write(contentsOf: data.prefix(half))
    try handle.close()
    try await Task.sleep(for: .milliseconds(1))
    let second = try FileHandle(forWritingTo: url)
    try second.seek(toOffset: UInt64(half))
    try second.write(contentsOf: data.dropFirst(half))
    try second.close()
  }

  private func read(_ url: URL) throws -> Data? {
    if let memory { return lock.withCriticalSection { memory[url.lastPathComponent] } }
    if mutant == .flushOnDeinit, let data = lock.withCriticalSection({ pending[url] }) {
      return data
    }
    if mutant == .recentSessionsOnly {
      for session in sessions {
        let candidate = session.appendingPathComponent(url.lastPathComponent)
        if FileManager.default.fileExists(atPath: candidate.path) {
          return try Data(contentsOf: candidate)
        }
      }
      return nil
    }
    // Absent, or removed or replaced by a concurrent call while it was read: no record, or the
    // next read, as a real file store answers; only the defects each mutant is named for remain.
    // (Foundation's atomic write on Linux leaves a moment with no file at all.)
    for _ in 0..<8 {
      do {
        return try Data(contentsOf: url)
      } catch  where !FileManager.default.fileExists(atPath: url.path) {
        return nil
      } catch {
        continue
      }
    }
    return try Data(contentsOf: url)
  }

  /// A record as a store that keeps part of it would write it; the command, its key, stays whole.
  private func lossy<Record: Codable>(_ record: Record) throws -> Data {
    guard case .object(var fields) = try CanonicalJSON.jsonValue(of: record) else {
      return try CanonicalJSON.encode(record)
    }
    for (name, value) in fields where name != "command" {
      fields[name] = Self.lossy(value, mutant: mutant, field: name)
    }
    if mutant == .savesVisibleSummaryOnly, fields["withheldPoints"] != nil {
      fields["withheldPoints"] = .array([])
      fields["receipt"] = .object(["steps": .array([])])
    }
    return CanonicalJSON.render(.object(fields))
  }

  private static func lossy(_ value: JSONValue, mutant: StoreMutant, field: String) -> JSONValue {
    switch value {
    case .string(let text) where mutant == .endsTextAtNUL:
      return .string(String(text.prefix { $0 != "\u{0}" }))
    case .object(let fields) where mutant == .keepsStatusKindsOnly && field == "status":
      let kind = fields["kind"] ?? .null
      let rebuilt: [String: JSONValue] =
        switch kind {
        case .string("failed"):
          ["kind": kind, "failure": .object(["kind": .string("modelUnavailable")])]
        case .string("skipped"), .string("notPromoted"): ["kind": kind, "reason": .string("")]
        default: ["kind": kind]
        }
      return .object(rebuilt)
    case .object(let fields):
      return .object(
        Dictionary(
          uniqueKeysWithValues: fields.map {
            ($0.key, lossy($0.value, mutant: mutant, field: $0.key))
          }))
    case .array(let items):
      return .array(items.map { lossy($0, mutant: mutant, field: field) })
    default:
      return value
    }
  }

  private func encode(_ checkpoint: ProfileCheckpoint) throws -> Data {
    if [.keepsStatusKindsOnly, .endsTextAtNUL].contains(mutant) { return try lossy(checkpoint) }
    // (Small payloads only: transcoding 8 MiB in a debug build would time the check out.)
    guard mutant == .bytesAsText, checkpoint.payload.count < 1 << 20 else {
      return try CanonicalJSON.encode(checkpoint)
    }
    // The defect: the opaque payload goes through a text encoding.
    let text = String(decoding: checkpoint.payload, as: UTF8.self)
    return try CanonicalJSON.encode(
      ProfileCheckpoint(
        command: checkpoint.command, phase: checkpoint.phase, payload: Data(text.utf8),
        receipt: checkpoint.receipt))
  }

  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    guard let data = try read(try url("checkpoint", command)) else { return nil }
    if mutant == .sharedKey { return try? CanonicalJSON.decode(ProfileCheckpoint.self, from: data) }
    return try CanonicalJSON.decode(ProfileCheckpoint.self, from: data)
  }

  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    try await write(try encode(checkpoint), to: try url("checkpoint", checkpoint.command))
  }

  func removeCheckpoint(for command: ProfileCommand) async throws {
    let url = try url("checkpoint", command)
    if memory != nil {
      _ = lock.withCriticalSection { memory!.removeValue(forKey: url.lastPathComponent) }
      return
    }
    if mutant == .flushOnDeinit {
      _ = lock.withCriticalSection { pending.removeValue(forKey: url) }
    }
    guard FileManager.default.fileExists(atPath: url.path) else {
      if mutant == .removeThrows { throw StoreFailure() }
      return
    }
    do {
      try FileManager.default.removeItem(at: url)
    } catch {
      // Removed by a concurrent call between the look and the removal: removing none is fine.
      if FileManager.default.fileExists(atPath: url.path) { throw error }
    }
  }

  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    guard let data = try read(try url("summary", command)) else { return nil }
    if mutant == .sharedKey { return try? CanonicalJSON.decode(ProfileSummary.self, from: data) }
    return try CanonicalJSON.decode(ProfileSummary.self, from: data)
  }

  func saveSummary(_ summary: ProfileSummary) async throws {
    let data =
      [.keepsStatusKindsOnly, .endsTextAtNUL, .savesVisibleSummaryOnly].contains(mutant)
      ? try lossy(summary) : try CanonicalJSON.encode(summary)
    try await write(data, to: try url("summary", summary.command))
  }
}

/// Every checkpoint in one index file, updated by read, suspend, write: concurrent saves on
/// distinct keys lose each other's updates.
final class IndexFileStore: ProfileExecutionStoring, @unchecked Sendable {
  let index: URL
  let summaries: InMemoryExecutionStore

  init(directory: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    index = directory.appendingPathComponent("index.json")
    summaries = InMemoryExecutionStore()
  }

  private func readAll() throws -> [ProfileCheckpoint] {
    guard let data = try? Data(contentsOf: index) else { return [] }
    return try CanonicalJSON.decode([ProfileCheckpoint].self, from: data)
  }

  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    try readAll().last { $0.command == command }
  }

  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    var all = try readAll()
    try await Task.sleep(for: .milliseconds(1))
    all.removeAll { $0.command == checkpoint.command }
    all.append(checkpoint)
    try CanonicalJSON.encode(all).write(to: index, options: .atomic)
  }

  func removeCheckpoint(for command: ProfileCommand) async throws {
    var all = try readAll()
    all.removeAll { $0.command == command }
    try CanonicalJSON.encode(all).write(to: index, options: .atomic)
  }

  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    try await summaries.loadSummary(for: command)
  }

  func saveSummary(_ summary: ProfileSummary) async throws {
    try await summaries.saveSummary(summary)
  }
}

/// Stores payloads as C strings, cut at the first NUL, and is slow on large ones, as a text column
/// in a debug build was: the wrong bytes must still be reported when the check runs out of time.
struct SlowTextStore: ProfileExecutionStoring {
  let base: FileExecutionStore
  init(directory: URL) throws { base = try FileExecutionStore(directory: directory) }

  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    if checkpoint.payload.count > 1 << 20 { try await Task.sleep(for: .seconds(30)) }
    let text = checkpoint.payload.prefix { $0 != 0 }
    try await base.saveCheckpoint(
      ProfileCheckpoint(
        command: checkpoint.command, phase: checkpoint.phase, payload: Data(text),
        receipt: checkpoint.receipt))
  }
  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    try await base.loadCheckpoint(for: command)
  }
  func removeCheckpoint(for command: ProfileCommand) async throws {
    try await base.removeCheckpoint(for: command)
  }
  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    try await base.loadSummary(for: command)
  }
  func saveSummary(_ summary: ProfileSummary) async throws { try await base.saveSummary(summary) }
}

/// The real store, and beside it a journal: every save also appended to a file of its own that
/// nothing reads or removes, as an undo history or an audit log kept forever would be.
final class JournalingStore: ProfileExecutionStoring, @unchecked Sendable {
  let base: FileExecutionStore
  let journal: URL
  private let saves = Locked(0)

  init(directory: URL) throws {
    base = try FileExecutionStore(directory: directory)
    journal = directory.appendingPathComponent("journal", isDirectory: true)
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
  }

  private func keep(_ data: Data) throws {
    let number = saves.withValue { count in
      count += 1
      return count
    }
    try data.write(to: journal.appendingPathComponent("\(number).bin"))
  }

  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    try await base.loadCheckpoint(for: command)
  }
  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    try await base.saveCheckpoint(checkpoint)
    try keep(checkpoint.payload)
  }
  func removeCheckpoint(for command: ProfileCommand) async throws {
    try await base.removeCheckpoint(for: command)
  }
  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    try await base.loadSummary(for: command)
  }
  func saveSummary(_ summary: ProfileSummary) async throws {
    try await base.saveSummary(summary)
  }
}

/// `FileExecutionStore` that opens its index file on every load and never closes it: right
/// answers, and one more descriptor a load.
final class LeakingStore: ProfileExecutionStoring, @unchecked Sendable {
  let base: FileExecutionStore
  let index: URL
  private let open = Locked<[FileHandle]>([])

  init(directory: URL) throws {
    base = try FileExecutionStore(directory: directory)
    index = directory.appendingPathComponent("index")
    try Data("index".utf8).write(to: index)
  }

  private func leak() throws {
    let handle = try FileHandle(forReadingFrom: index)
    open.withValue { $0.append(handle) }
  }

  func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
    try leak()
    return try await base.loadCheckpoint(for: command)
  }
  func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
    try await base.saveCheckpoint(checkpoint)
  }
  func removeCheckpoint(for command: ProfileCommand) async throws {
    try await base.removeCheckpoint(for: command)
  }
  func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
    try leak()
    return try await base.loadSummary(for: command)
  }
  func saveSummary(_ summary: ProfileSummary) async throws {
    try await base.saveSummary(summary)
  }
}
