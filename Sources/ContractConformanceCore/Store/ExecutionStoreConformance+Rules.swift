import Foundation
import ProfileContracts

extension ExecutionStoreConformance {
  /// The suite's rules, in the order it runs them.
  public static let rules: [ConformanceRule] = checks.map(\.rule)

  /// Each rule with the check that proves it, in the order the suite runs them.
  static let checks: [Check<ExecutionStoreConformance>] = [
    Check(Rule.roundTrip) { try await $0.roundTrip() },
    Check(Rule.replace) { try await $0.replace() },
    Check(Rule.keys) { try await $0.keys() },
    Check(Rule.hostileIDs) { try await $0.hostileIDs() },
    Check(Rule.equalCommands) { try await $0.equalCommands() },
    Check(Rule.removeAbsent) { try await $0.removeAbsent() },
    Check(Rule.independent) { try await $0.independent() },
    Check(Rule.reopen) { try await $0.reopen() },
    // Fifty kills and restarts of a store process: six timeouts.
    Check(Rule.crash, timeouts: 6) { try await $0.crash() },
    // A recording and up to a few hundred store processes, each on one crash state: six timeouts.
    Check(Rule.powerLoss, timeouts: 6) { try await $0.powerLoss() },
    // Three store processes for each call of a save the disk fills at: three timeouts.
    Check(Rule.diskFull, timeouts: 3) { try await $0.diskFull() },
    Check(Rule.concurrentKeys) { try await $0.concurrentKeys() },
    Check(Rule.manyKeys) { try await $0.manyKeys() },
    Check(Rule.instances) { try await $0.instances() },
    Check(Rule.concurrentOneKey) { try await $0.concurrentOneKey() },
    Check(Rule.unusableLocation) { try await $0.unusableLocation() },
    Check(Rule.history) { try await $0.history() },
    Check(Rule.linearizable) { try await $0.linearizable() },
    Check(Rule.footprint) { try await $0.footprint() },
  ]

  /// The rules, one constant each.
  enum Rule {
    static let roundTrip = ConformanceRule(
      id: "store.roundTrip", level: .required,
      asserts:
        "Checkpoints with payloads that are empty, every byte value 0 to 255, and 8 MiB, and a summary, load back exactly as saved; then a record whose receipts hold every step status and every kind of failure, and generated checkpoints and summaries in which every field varies (receipts of up to 33 steps in every status, failures of every kind with their messages and numbers, texts empty, of any script, with control characters or NUL, or thousands of words long, up to 17 sections, missing pages and withheld points) load back equal, field for field, from the instance that saved them and, for a durable store, after a reopen.",
      why:
        "The payload is the core's intermediate result, opaque to the app: the store must keep the bytes, not an interpretation of them. The receipt and the summary are records a person is shown later: a status without its reason, or a summary without its withheld points, tells them something else.",
      whenItFails:
        "Look for text encodings applied to Data, size limits, trimming of empty values, C strings that end at a NUL, and columns or fields the store does not save; the message names the first JSON paths that differ.",
      sharpened: "0.6")
    static let replace = ConformanceRule(
      id: "store.replace", level: .required,
      asserts: "A second save for the same command replaces the first.",
      why:
        "saveCheckpoint replaces any earlier one: the core resumes from the latest progress, never an older one.",
      whenItFails:
        "Look for inserts that keep the first row, or loads that return the oldest record.")
    static let keys = ConformanceRule(
      id: "store.keys", level: .required,
      asserts:
        "Commands that differ in one field (profile, attachment, source language including nil, target language) are separate keys.",
      why:
        "The store is keyed by the command: re-submitting the identical command finds its progress, and only that command does.",
      whenItFails:
        "Key by every field of the command (for example its canonical JSON), not by the attachment ID alone."
    )
    static let hostileIDs = ConformanceRule(
      id: "store.hostileIDs", level: .required,
      asserts:
        "Attachment IDs such as ../../etc/passwd, /, empty, 4 KiB long, NUL and emoji round-trip, and nothing is written outside the store's directory. Since 0.5, also IDs that differ only in case or a trailing dot or space; and once every ID is saved, and after a reopen, each still loads its own whole records.",
      why:
        "Attachment IDs come from the app's users and documents; an ID used as a path escapes the store, and two IDs folded into one file lose one user's progress to another's.",
      whenItFails:
        "Never build a path from the attachment ID; name files by a hash of the command's whole canonical JSON.",
      sharpened: "0.5")
    static let equalCommands = ConformanceRule(
      id: "store.equalCommands", level: .required,
      asserts:
        "Commands equal under ProfileCommand's == are one key: an attachment ID saved precomposed (NFC), then decomposed (NFD), is one record, which both spellings load, in the instance that saved it and after a reopen, each spelling in an instance of its own.",
      why:
        "Apple file systems hand names over decomposed and people type them precomposed; Swift's String holds the two equal, so the core sees one command, and a store that keys by bytes splits its progress in two, or loses it on a restart.",
      whenItFails:
        "Key by the command's own equality: a dictionary keyed by the command, or a hash of its canonical JSON with every string normalized to NFC first, in memory and on disk alike.",
      since: "0.5")
    static let removeAbsent = ConformanceRule(
      id: "store.removeAbsent", level: .required,
      asserts: "Removing a checkpoint that does not exist, or removing one twice, does not throw.",
      why:
        "removeCheckpoint is called after every completed run, whether or not a checkpoint was saved.",
      whenItFails: "Treat \"no such record\" as success in removeCheckpoint.")
    static let independent = ConformanceRule(
      id: "store.independent", level: .required,
      asserts:
        "A command's summary and checkpoint are independent: removing the checkpoint keeps the summary, and each loads its own value.",
      why:
        "On completion the core saves the summary, then removes the checkpoint; the canonical body must survive that.",
      whenItFails: "Keep checkpoints and summaries under different keys or tables.")
    static let reopen = ConformanceRule(
      id: "store.reopen", level: .required,
      asserts:
        "A durable store's checkpoints (three in turn, as the core saves them after each chunk), summaries and removals survive dropping the instance and reopening the same location; the reopened store then saves the next checkpoint over the one it loaded, and it loads, before and after a second reopen.",
      why:
        "If the app dies while summarizing a 100-page document, the result through page 30 remains, and the next run starts at page 31.",
      whenItFails:
        "Look for data kept only in memory, or written to a location derived from something other than the directory given; after a reopen, learn which record is newest before the first save writes over it.",
      sharpened: "0.6")
    static let crash = ConformanceRule(
      id: "store.crash", level: .required,
      asserts:
        "A store in its own process (checked with --adapter-command) is killed with SIGKILL in the middle of saves, at 50 seeded points; after each kill a new process on the same directory loads a whole record that was saved, never one older than the last save that returned. A store in the test's process whose suite is given crashChild (an exit test) gets the same 50 kills, each of a child that saves into the store's directory, and the test's process reopens it after each. Otherwise, in process, the approximation: every save is visible to a second instance opened while the first is still alive and never closed.",
      why:
        "Every save returns only once it would survive a crash: buffering until close or deinit loses progress when the app is killed, and overwriting a record in place leaves a torn one.",
      whenItFails:
        "Write and sync before a save returns, and write a whole new record then switch to it (a temporary file, fsync, rename; or a second slot); never truncate and rewrite in place, never defer writes to deinit, close or a timer."
    )
    static let powerLoss = ConformanceRule(
      id: "store.powerLoss", level: .required,
      asserts:
        "A store in its own process (checked with --adapter-command, on Linux) runs 12 seeded saves over two commands with a file-operation recorder preloaded (LD_PRELOAD); the recording is replayed under a persistence model (posix by default, or apple), and after every save that returned, and before every sync, rename and unlink inside a save, the directory is built as a power loss could leave it: every unsynced operation lost, names persisted but not data, data but not names, seeded prefixes of the unsynced operations, and a torn write. A new process of the store on each state must load, for each command, a whole record that was saved, never one older than the last save that returned. Under apple, a store that made no F_FULLFSYNC call (Linux has none; the recorder carries out fcntl(fd, 51), Darwin's value, as one) is judged under posix, and a pass there is a skip. In process, skipped.",
      why:
        "If the app dies while summarizing a 100-page document, the result through page 30 remains; on a phone that shuts down or a laptop that loses power, the kernel's page cache dies too, and a store that never syncs, or syncs the file but not its directory, loses saves that returned, or comes back with a zero-length record.",
      whenItFails:
        "The message names the crash point, the state built, what the reopened store loaded, and the fix: write a temporary file, fsync it, rename it over the record, then fsync the directory (under the Apple model, fcntl F_FULLFSYNC instead of fsync); or write a second slot with a checksum and sync it. A SQLite store (a -wal or -journal file among what was left unsynced) is told the pragma instead: synchronous=FULL; under the Apple model, the skip names fullfsync=ON for its Apple build.",
      since: "0.4")
    static let diskFull = ConformanceRule(
      id: "store.diskFull", level: .required,
      asserts:
        "A store in its own process (checked with --adapter-command, on Linux) saves a record with room to spare (then, a second time, two). Then a new process, with the file-operation recorder preloaded, saves another while the disk is full from its first write, truncate or sync under the store's directory on (each fails with ENOSPC); then, from the same directory, another process from its second call, and so on, until a save makes fewer such calls (at most 32). Each save throws, or returns only with its record kept, within half the check's time; the process does not end; and with room again a new process loads the record saved before or the new one, whole, then saves and loads again. In process, skipped.",
      why:
        "Phones fill up. A store that ignores a failed write or sync (a try? around it, an unchecked fwrite) reports progress kept that is gone; one that truncates the old record before writing the new one loses both; one that crashes or retries for ever takes the app with it.",
      whenItFails:
        "Check the result of every write, truncate and sync, and throw (the core reports executionStoreUnavailable); write the new record beside the old one and switch to it only once it is whole and synced; remove what a failed save leaves behind, so that the next save has room.",
      since: "0.7")
    static let concurrentKeys = ConformanceRule(
      id: "store.concurrentKeys", level: .required,
      asserts: "100 concurrent saves on distinct commands all survive a reopen.",
      why: "Several runs save progress at once; no save may be lost to a race.",
      whenItFails: "Look for read-modify-write of a shared index file or dictionary without a lock."
    )
    static let manyKeys = ConformanceRule(
      id: "store.manyKeys", level: .required,
      asserts:
        "Checkpoints for 320 distinct commands (8 for every example asked for, when that is more; every profile, source language and target, attachment IDs plain, Korean and 300 characters long), and summaries for every eighth, all load back their own, in a seeded order, and for a durable store again after a reopen. On Linux and macOS, where the system tells, the store's process never holds more than 256 descriptors open under its directory. Saves stop after a sixth of the check's time, once at least 64 are done, so that the loads fit in half of it.",
      why:
        "An app keeps progress for every document a person ever opened. A store that keeps the last few hundred (a cache that evicts, a fixed table that collides) or a file open for each key works in every test of a few keys and fails in the field: Apple platforms let an app open 256 files by default.",
      whenItFails:
        "Key records by the whole command and never evict what was saved. Close each file once its save or load is done, or keep a bounded cache of open files.",
      since: "0.6")
    static let instances = ConformanceRule(
      id: "store.instances", level: .recommended,
      asserts:
        "64 instances from the factory (2 for every example asked for, when that is more), opened in turn on one directory, each released before the next opens: each loads the checkpoint the one before it saved (a volatile store: its own), and in process, on Linux and macOS, where the system tells, the descriptors the process holds open under the directory once an instance is released stop growing: it fails when, at the end, they are more than 16 and grew by one for every eighth instance of the second half, and names the count and the slope. Instances stop at half the check's time, after at least 16.",
      why:
        "An app may open its store for each run, each document, or each scene, and release it after. A store that keeps a file open after its instance is gone, or a slot in a shared pool, works for the few instances a test opens and fails in an app open for a week.",
      whenItFails:
        "Close what an instance opened when it is released (in deinit, or a close the app calls), and never keep per-instance state in a process-wide table.",
      since: "0.6")
    static let concurrentOneKey = ConformanceRule(
      id: "store.concurrentOneKey", level: .required,
      asserts:
        "50 concurrent saves on one command, first with payloads of different lengths, then (three times) all of one length with different bytes, each succeed and leave exactly one of them, intact, after a reopen.",
      why:
        "A torn or interleaved record is worse than an old one: the core cannot resume from it. A save that fails because another is under way loses progress the core believes is kept.",
      whenItFails:
        "Serialize writes per key, and write whole records (write to a new slot or temp file, then switch); replace a record in one transaction, never delete then insert."
    )
    static let unusableLocation = ConformanceRule(
      id: "store.unusableLocation", level: .required,
      asserts:
        "Opening a store where a regular file stands in place of the directory throws, at open or at the first save.",
      why:
        "A store that silently keeps data in memory reports success for progress that is gone on the next launch; the core maps a thrown error to executionStoreUnavailable.",
      whenItFails:
        "Check the location at open (exists, is a directory, is writable) and throw; never fall back to memory."
    )
    static let history = ConformanceRule(
      id: "store.history", level: .required,
      asserts:
        "Generated histories of up to 30 steps (save, load and remove checkpoints, save and load summaries, and for a durable store reopen, any number of times) over one to four commands, each differing from another in one field, with payloads empty, of a few bytes, about a kilobyte and tens of kilobytes, agree step by step with the contract's model: a checkpoint and a summary per whole command, the latest save winning, a removal removing only its own checkpoint. A failure is shrunk to the shortest history that still fails, printed as numbered steps.",
      why:
        "Each promise holds alone in the fixed checks, but defects live in sequences: a summary keyed by the attachment alone while checkpoints are keyed right (the essay's first defect, one command's canonical body overwritten by another's), a record lost on the third reopen, a removal that reaches a near miss.",
      whenItFails:
        "Replay the printed history step by step against your store; the step named is the first whose answer differs from the model. Key checkpoints and summaries by every field of the command.",
      since: "0.3")
    static let footprint = ConformanceRule(
      id: "store.footprint", level: .recommended,
      asserts:
        "Eight commands overwritten in 64 rounds with checkpoints of 64 KiB of fresh bytes (32 MiB through 512 KiB of live records), each loaded back after its round: the store's directory stops growing, and so do the descriptors its process holds open under the directory. It fails when, at the end, the directory holds more than 8 MiB and grew by a quarter or more of what the second half of the saves wrote, or holds more than 96 files and gained a file for every fourth save of the second half, or (on Linux and macOS, where the system tells) the store's process holds more than 64 descriptors under the directory and gained one for every eighth call of the second half, or, for a store in a process of its own (--adapter-command), runs more than 64 threads and gained one for every eighth call of the second half. It names the resource and its growth.",
      why:
        "The app saves a checkpoint after every chunk of every document, for years. A store that keeps what each overwrite replaced (temporary files never removed, a journal never trimmed, a log never compacted) answers every load right and fills the device; one that leaves a file open on each call runs out of descriptors, and then every save fails.",
      whenItFails:
        "Remove or compact what an overwrite replaces: delete the old file after the rename, trim the journal, checkpoint the write-ahead log. A store that compacts later than 32 MiB of writes shows here as growth; compact sooner, or at a size the app can afford. For descriptors, close each file a save or a load opens (a defer after the open), or keep a bounded cache of them.",
      since: "0.6")
    static let linearizable = ConformanceRule(
      id: "store.linearizable", level: .required,
      asserts:
        "Two to five workers using one store at once, on shared and distinct commands, give histories linearizable against the contract's model (for a durable store, including the loads after a reopen): every load returns what some order of the overlapping saves and removals, consistent with real time, leaves; for one key, what loads afterwards is one of the overlapping saves, whole.",
      why:
        "The core and the app save progress for several runs at once; a save lost to a race, a torn record, or a load that sees an older save after a newer one returned, loses progress the core believes is kept.",
      whenItFails:
        "Serialize writes per key and write whole records (a temporary file and a rename, or a transaction); never read-modify-write a shared index without a lock.",
      since: "0.3")
  }
}
