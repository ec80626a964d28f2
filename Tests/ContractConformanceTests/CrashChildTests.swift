// Exit tests capture values from Swift 6.3, on macOS and Linux.
#if compiler(>=6.3) && (os(macOS) || os(Linux))
  import ContractConformance
  import Foundation
  import KitSupport
  import ProfileAdapters
  import ProfileContracts
  import TestSupport
  import Testing

  /// `store.crash` for a store in the test's own process, killed for real: each round an exit
  /// test whose child saves until SIGKILL, and the test's process reopens the directory.
  @Suite(.integration, .serialized) struct CrashChildTests {
    /// The stores the rounds kill, by a name an exit test can capture.
    enum Store: String, Codable, Sendable {
      case file, inPlace, flushOnDeinit

      func make(_ directory: URL) throws -> any ProfileExecutionStoring {
        switch self {
        case .file: try FileExecutionStore(directory: directory)
        case .inPlace: try InPlaceStore(directory: directory)
        case .flushOnDeinit: try StoreMutant.flushOnDeinit.make(directory)
        }
      }
    }

    /// `store.crash` alone over `store`, each round in an exit test.
    static func crash(_ store: Store) async -> CheckResult? {
      await crash(store) { round in
        await #expect(processExitsWith: .signal(SIGKILL)) {
          [round = round as StoreCrashRound, store = store as Store] in
          try await round.saveUntilKilled(store.make(round.directory))
        }
      }
    }

    /// `store.crash` alone over `store`, each round run by `crashChild`.
    static func crash(
      _ store: Store, crashChild: (@Sendable (StoreCrashRound) async throws -> Void)?
    ) async -> CheckResult? {
      guard let rule = ExecutionStoreConformance.rules.first(where: { $0.id == "store.crash" })
      else { return nil }
      let report = await ExecutionStoreConformance(
        durability: .durable, timeout: .seconds(60), crashChild: crashChild
      ) { try store.make($0) }.run(rule)
      return report.result("store.crash")
    }

    @Test func theFileStoreSurvivesFiftyKills() async {
      let result = await Self.crash(.file)
      #expect(result?.status == .passed, "\(result?.message ?? "")")
      #expect(result?.message.hasPrefix("50 SIGKILLs of exit-test children") == true)
    }

    /// A store that rewrites a record in place is whole in one process, where every call holds
    /// its lock: the approximation passes it, and only a real kill between its writes tears it.
    @Test func onlyARealKillTearsAStoreThatRewritesInPlace() async {
      let approximated = await Self.crash(.inPlace, crashChild: nil)
      #expect(approximated?.status == .passed, "\(approximated?.message ?? "")")
      let killed = await Self.crash(.inPlace)
      #expect(killed?.status == .failed)
      #expect(
        killed?.message.contains("the record was torn by the crash") == true,
        "\(killed?.message ?? "")")
    }

    @Test func aStoreThatWritesOnlyOnDeinitLosesWhatReturned() async {
      let result = await Self.crash(.flushOnDeinit)
      #expect(result?.status == .failed)
      #expect(
        result?.message.contains("nothing loaded though save") == true, "\(result?.message ?? "")")
    }

    /// A crashChild that runs no exit test is no crash test: it fails, never passes with nothing
    /// killed.
    @Test func aCrashChildThatRunsNoChildFails() async {
      let result = await Self.crash(.file) { _ in }
      #expect(result?.status == .failed)
      #expect(
        result?.message.hasPrefix("round 1: no child began saving: crashChild must open the store")
          == true, "\(result?.message ?? "")")
    }

    /// Saving until killed in the test's own process would kill the test run: it throws instead.
    @Test func savingUntilKilledInTheTestsProcessThrows() async {
      let result = await Self.crash(.file) { round in
        try await round.saveUntilKilled(Store.file.make(round.directory))
      }
      #expect(result?.status == .failed)
      #expect(
        result?.message.contains("saveUntilKilled ran in the test's own process") == true,
        "\(result?.message ?? "")")
    }
  }

  /// One file per key, rewritten in place under a lock: truncated, then written in two halves
  /// with a pause between. Every load and save holds the lock, so in one process a record is
  /// always whole; a kill between the halves leaves it torn.
  final class InPlaceStore: ProfileExecutionStoring, @unchecked Sendable {
    private let directory: URL
    private let lock = NSLock()

    init(directory: URL) throws {
      self.directory = directory
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func url(_ kind: String, _ command: ProfileCommand) throws -> URL {
      directory.appendingPathComponent(kind + "-" + SHA256.hex(try CanonicalJSON.encode(command)))
    }

    private func write(_ record: some Encodable, to url: URL) throws {
      let data = try CanonicalJSON.encode(record)
      try lock.withLock {
        if !FileManager.default.fileExists(atPath: url.path) {
          _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: data.prefix(data.count / 2))
        usleep(1_000)
        try handle.write(contentsOf: data.dropFirst(data.count / 2))
      }
    }

    private func read<T: Decodable>(_ type: T.Type, from url: URL) throws -> T? {
      try lock.withLock {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(type, from: Data(data))
      }
    }

    func loadCheckpoint(for command: ProfileCommand) async throws -> ProfileCheckpoint? {
      try read(ProfileCheckpoint.self, from: url("checkpoint", command))
    }
    func saveCheckpoint(_ checkpoint: ProfileCheckpoint) async throws {
      try write(checkpoint, to: url("checkpoint", checkpoint.command))
    }
    func removeCheckpoint(for command: ProfileCommand) async throws {
      let url = try url("checkpoint", command)
      lock.withLock { try? FileManager.default.removeItem(at: url) }
    }
    func loadSummary(for command: ProfileCommand) async throws -> ProfileSummary? {
      try read(ProfileSummary.self, from: url("summary", command))
    }
    func saveSummary(_ summary: ProfileSummary) async throws {
      try write(summary, to: url("summary", summary.command))
    }
  }
#endif
