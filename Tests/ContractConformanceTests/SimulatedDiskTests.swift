import Foundation
import KitSupport
import Testing

@testable import ContractConformanceCore

/// The power-loss model on hand-written recordings, and its invariants on generated ones.
@Suite struct SimulatedDiskTests {
  static func replay(_ operations: [FileOperation], model: PowerLossModel = .posix)
    -> SimulatedDisk
  {
    var disk = SimulatedDisk(model: model)
    for (index, operation) in operations.enumerated() { disk.apply(operation, index: index) }
    return disk
  }

  static let bytes = Array("record".utf8)

  /// A temporary file, written and renamed over `name`; with the syncs asked for.
  static func save(
    fd: Int = 3, name: String = "r", bytes: [UInt8] = bytes, fileSync: FileOperation.SyncCall?,
    directorySync: FileOperation.SyncCall?
  ) -> [FileOperation] {
    var operations: [FileOperation] = [
      .open(fd: fd, path: ".tmp", truncates: false, creates: true),
      .write(fd: fd, offset: 0, bytes: bytes),
    ]
    if let fileSync { operations.append(.sync(fd: fd, fileSync)) }
    operations += [.close(fd: fd), .rename(from: ".tmp", to: name)]
    if let directorySync {
      operations += [
        .open(fd: fd + 1, path: "", truncates: false, creates: false),
        .sync(fd: fd + 1, directorySync), .close(fd: fd + 1),
      ]
    }
    return operations
  }

  static func states(_ disk: SimulatedDisk) -> [String: DiskImage] {
    var random = SeededGenerator(seed: 1)
    return Dictionary(
      disk.crashStates(prefixes: 8, using: &random).map { ($0.description, $0.image) },
      uniquingKeysWith: { first, _ in first })
  }

  @Test func aFileAndItsDirectorySyncedLeaveNothingUnsynced() {
    let disk = Self.replay(Self.save(fileSync: .fsync, directorySync: .fsync))
    #expect(disk.pending.isEmpty)
    #expect(disk.durable.reachable.files == ["r": Self.bytes])
    #expect(Self.states(disk).values.allSatisfy { $0.files == ["r": Self.bytes] })
  }

  @Test func withoutADirectorySyncTheNameCanVanish() {
    let disk = Self.replay(Self.save(fileSync: .fdatasync, directorySync: nil))
    let states = Self.states(disk)
    #expect(states["all 2 unsynced operations lost"]?.files == [:])
    #expect(states["the first 1 of 2 unsynced operations persisted"]?.files == [".tmp": Self.bytes])
  }

  @Test func withoutAFileSyncTheRenamedFileCanBeEmpty() {
    let disk = Self.replay(Self.save(fileSync: nil, directorySync: .fsync))
    // The zero-length file after a rename: the names are durable, the data is not.
    #expect(disk.durable.reachable.files == ["r": []])
    #expect(Self.states(disk)["all 1 unsynced operations lost"] == nil)
    #expect(Self.states(disk)["the one unsynced operation lost"]?.files == ["r": []])
  }

  @Test func aTornWriteKeepsAPrefixOfTheBytes() {
    let long = (0..<2000).map { UInt8(truncatingIfNeeded: $0) }
    let disk = Self.replay([
      .open(fd: 3, path: "r", truncates: false, creates: true),
      .open(fd: 4, path: "", truncates: false, creates: false), .sync(fd: 4, .fsync),
      .write(fd: 3, offset: 0, bytes: long),
    ])
    var random = SeededGenerator(seed: 7)
    let torn = disk.crashStates(prefixes: 0, using: &random).first {
      $0.description.contains("torn")
    }
    let kept = try? #require(torn?.image.files["r"])
    #expect(kept.map { $0.count % 512 == 0 && $0.count > 0 && $0.count < long.count } == true)
    #expect(kept.map { Array(long.prefix($0.count)) == $0 } == true)
  }

  @Test func syncFileRangePersistsNothing() {
    let disk = Self.replay(Self.save(fileSync: .syncFileRange, directorySync: .fsync))
    #expect(disk.durable.reachable.files == ["r": []])
  }

  @Test func underTheAppleModelOnlyFullFsyncPersists() {
    let plain = Self.replay(Self.save(fileSync: .fsync, directorySync: .fsync), model: .apple)
    #expect(plain.durable.reachable.files == [:])
    let full = Self.replay(
      Self.save(fileSync: .fullfsync, directorySync: .fullfsync), model: .apple)
    #expect(full.pending.isEmpty)
    #expect(full.durable.reachable.files == ["r": Self.bytes])
    // A plain fsync sends data to the drive's cache; a later F_FULLFSYNC of anything flushes it.
    let mixed = Self.replay(
      Self.save(fileSync: .fsync, directorySync: .fullfsync), model: .apple)
    #expect(mixed.durable.reachable.files == ["r": Self.bytes])
  }

  /// A save written through a descriptor opened with `writes`, renamed over `r`, its directory
  /// synced; no sync call on the file.
  static func writeThrough(_ writes: FileOperation.WriteThrough) -> [FileOperation] {
    [
      .open(fd: 3, path: ".tmp", truncates: false, creates: true, writes: writes),
      .write(fd: 3, offset: 0, bytes: bytes), .close(fd: 3), .rename(from: ".tmp", to: "r"),
      .open(fd: 4, path: "", truncates: false, creates: false), .sync(fd: 4, .fsync),
    ]
  }

  @Test func aWriteThroughODsyncOrOSyncIsDurableOnReturn() {
    for writes in [
      FileOperation.WriteThrough.dataSync, [.dataSync, .fileSync], [.dataSync, .direct],
    ] {
      let disk = Self.replay(Self.writeThrough(writes))
      #expect(disk.pending.isEmpty, "\(writes.names)")
      #expect(disk.durable.reachable.files == ["r": Self.bytes], "\(writes.names)")
    }
    #expect(FileOperation.WriteThrough([.dataSync, .fileSync]).names == "O_SYNC")
    #expect(FileOperation.WriteThrough([.dataSync, .direct]).names == "O_DSYNC | O_DIRECT")
  }

  @Test func oDirectAloneOrABufferedWriteIsNotDurable() {
    for writes in [FileOperation.WriteThrough.direct, []] {
      let disk = Self.replay(Self.writeThrough(writes))
      // The zero-length file after a rename.
      #expect(disk.durable.reachable.files == ["r": []], "\(writes.names)")
    }
  }

  @Test func setFlagsChangesWhatLaterWritesDo() {
    var operations = Self.writeThrough([])
    operations.insert(.setFlags(fd: 3, writes: .dataSync), at: 1)
    #expect(Self.replay(operations).durable.reachable.files == ["r": Self.bytes])
    // A duplicate shares the descriptor's flags; a closed descriptor's flags are gone.
    let duplicated: [FileOperation] = [
      .open(fd: 3, path: "r", truncates: false, creates: true, writes: .dataSync),
      .open(fd: 4, path: "", truncates: false, creates: false), .sync(fd: 4, .fsync),
      .duplicate(fd: 5, original: 3), .write(fd: 5, offset: 0, bytes: Self.bytes),
    ]
    #expect(Self.replay(duplicated).durable.reachable.files == ["r": Self.bytes])
    let reopened: [FileOperation] = [
      .open(fd: 3, path: "r", truncates: false, creates: true, writes: .dataSync), .close(fd: 3),
      .open(fd: 4, path: "", truncates: false, creates: false), .sync(fd: 4, .fsync),
      .open(fd: 3, path: "r", truncates: false, creates: false),
      .write(fd: 3, offset: 0, bytes: Self.bytes),
    ]
    #expect(Self.replay(reopened).durable.reachable.files == ["r": []])
  }

  @Test func underTheAppleModelAnODsyncWriteOnlyReachesTheDrivesCache() {
    let disk = Self.replay(Self.writeThrough(.dataSync), model: .apple)
    #expect(disk.durable.reachable.files == [:])
    // Flushed to the cache: the next F_FULLFSYNC of anything persists it.
    #expect(disk.pending.contains { $0.change.file != nil && $0.flushed })
    #expect(!disk.pending.contains { $0.change.file != nil && !$0.flushed })
  }

  /// The fix a replay names for a save written each way, and the crash point before a
  /// write-through write.
  @Test func theFixSpeaksOfTheFlagsTheStoreUsed() async {
    func replay(_ writes: FileOperation.WriteThrough, _ model: PowerLossModel)
      -> PowerLossReplay
    {
      let save = Self.writeThrough(writes)
      return PowerLossReplay(
        operations: [.mark(save: 0, returned: false)] + save + [.mark(save: 0, returned: true)],
        keys: [0: 0], keyCount: 1, model: model)
    }
    #expect(replay(.dataSync, .posix).fixes.isEmpty)
    #expect(replay(.direct, .posix).fixes[0]?.contains("O_DSYNC as well as O_DIRECT") == true)
    let apple = replay([.dataSync, .fileSync], .apple).fixes[0] ?? ""
    #expect(apple.contains("F_FULLFSYNC) after the write"), "\(apple)")
    #expect(apple.contains("a write through O_SYNC"), "\(apple)")
    var points: [String] = []
    await replay(.dataSync, .posix).forEachPoint(seed: 1) { point in
      points.append(point.description)
      return true
    }
    #expect(points.contains("during save 0, before its O_DSYNC write to .tmp"), "\(points)")
  }

  @Test func aMapPersistsThroughMsyncOnly() {
    let opened: [FileOperation] = [
      .open(fd: 3, path: "m", truncates: false, creates: true),
      .open(fd: 4, path: "", truncates: false, creates: false), .sync(fd: 4, .fsync),
      .truncate(fd: 3, length: 4), .sync(fd: 3, .fsync), .map(fd: 3, map: 1),
      .mapWrite(map: 1, offset: 0, bytes: Array("abcd".utf8)),
    ]
    #expect(Self.replay(opened).durable.reachable.files == ["m": [0, 0, 0, 0]])
    let synced = Self.replay(opened + [.mapSync(map: 1, synchronous: true)])
    #expect(synced.durable.reachable.files == ["m": Array("abcd".utf8)])
    let asynchronous = Self.replay(opened + [.mapSync(map: 1, synchronous: false)])
    #expect(asynchronous.durable.reachable.files == ["m": [0, 0, 0, 0]])
  }

  @Test func filesInADirectoryWhoseEntryIsLostAreLostWithIt() {
    let disk = Self.replay([
      .makeDirectory(path: "d"),
      .open(fd: 3, path: "d/r", truncates: false, creates: true),
      .write(fd: 3, offset: 0, bytes: Self.bytes), .sync(fd: 3, .fsync),
      .open(fd: 4, path: "d", truncates: false, creates: false), .sync(fd: 4, .fsync),
    ])
    // d's own entry was never synced (its parent, the store's directory, never was).
    #expect(disk.durable.reachable == DiskImage())
    #expect(disk.current.reachable.files == ["d/r": Self.bytes])
  }

  @Test func whatTheModelCannotFollowIsNamed() {
    let disk = Self.replay([
      .write(fd: 9, offset: 0, bytes: [1]),
      .open(fd: 3, path: "x", truncates: false, creates: false),
    ])
    #expect(disk.unfollowed.count == 2)
  }

  /// Invariants on generated recordings: after a global sync nothing is pending and what is
  /// durable is what the process saw; every crash state's files are reachable; a recording with
  /// every change synced at once has only one state, the process's own view.
  @Test func invariantsHoldOnGeneratedRecordings() {
    let seed = ConformanceSeed.current()
    for run in 0..<300 {
      var random = SeededGenerator(seed: seed &+ UInt64(run))
      var operations: [FileOperation] = []
      var synced: [FileOperation] = []
      var open: [Int: String] = [:]
      for _ in 0..<Int.random(in: 1...25, using: &random) {
        let name = ["a", "b", "c"].randomElement(using: &random)!
        let fd = Int.random(in: 3...5, using: &random)
        let operation: FileOperation
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
          operation = .open(
            fd: fd, path: name, truncates: Bool.random(using: &random), creates: true,
            writes: FileOperation.WriteThrough(
              rawValue: [0, 2, 6, 8, 10].randomElement(using: &random)!))
          open[fd] = name
        case 1 where open[fd] != nil:
          operation = .write(
            fd: fd, offset: Int.random(in: 0...8, using: &random),
            bytes: (0..<Int.random(in: 1...9, using: &random)).map { _ in
              UInt8.random(in: 0...255, using: &random)
            })
        case 2 where open[fd] != nil:
          operation = .truncate(fd: fd, length: Int.random(in: 0...6, using: &random))
        case 3: operation = .rename(from: name, to: ["a", "b", "c"].randomElement(using: &random)!)
        case 4: operation = .unlink(path: name)
        default: operation = .sync(fd: fd, [.fsync, .fdatasync].randomElement(using: &random)!)
        }
        operations.append(operation)
        synced += [operation, .syncAll]
      }
      let disk = Self.replay(operations + [.syncAll])
      #expect(disk.pending.isEmpty, "seed \(seed &+ UInt64(run))")
      #expect(disk.durable.reachable == disk.current.reachable, "seed \(seed &+ UInt64(run))")
      let partial = Self.replay(operations)
      for state in partial.crashStates(prefixes: 3, using: &random) {
        #expect(Set(state.image.files.keys).isSubset(of: ["a", "b", "c", ".tmp"]))
      }
      let each = Self.replay(synced)
      let states = each.crashStates(prefixes: 3, using: &random)
      #expect(states.map(\.image) == [each.current.reachable], "seed \(seed &+ UInt64(run))")
    }
  }
}

/// The recorder's log format, read back.
@Suite struct FileOperationLogTests {
  @Test func recordsAndMarksParseWithPathsMadeRelative() throws {
    var log = Data("open 3 1 1 0 /s/d/a%20b -\nwrite 3 5 0 3 /s/d/a%20b -\nxyz".utf8)
    log.append(Data("rename -1 0 0 0 /s/d/a%20b /s/d/c\nfsync 4 0 0 0 /s/d -\n".utf8))
    log.append(FileOperationLog.mark(save: 2, returned: true))
    log.append(Data("unlink -1 0 0 0 /elsewhere -\nhello 77 0 0 0 /usr/bin/python3 -\n".utf8))
    log.append(Data("open 5 10 0 0 /s/d/w -\nsetfl 5 8 0 0 /s/d/w -\n".utf8))
    let operations = try FileOperationLog.parse(log, root: "/s/d")
    #expect(
      operations == [
        .open(fd: 3, path: "a b", truncates: true, creates: true),
        .write(fd: 3, offset: 5, bytes: Array("xyz".utf8)),
        .rename(from: "a b", to: "c"), .sync(fd: 4, .fsync), .mark(save: 2, returned: true),
        .hello(process: 77, executable: "/usr/bin/python3"),
        .open(fd: 5, path: "w", truncates: false, creates: false, writes: [.dataSync, .direct]),
        .setFlags(fd: 5, writes: .direct),
      ])
  }

  @Test func aTruncatedLogIsAFailureNotACrash() {
    for log in ["write 3 0 0 10 /s/d/a -\nabc", "open 3 x", "fsync 3 0 0 0 /s/d"] {
      #expect(throws: CheckFailure.self) {
        try FileOperationLog.parse(Data(log.utf8), root: "/s/d")
      }
    }
  }
}
