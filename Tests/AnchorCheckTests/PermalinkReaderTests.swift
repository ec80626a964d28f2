import Foundation
import KitSupport
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// The reader that reads permalinks' files while the docs are checked: every request asked for,
/// from any thread, in any number and order, is read once and answered as the repository
/// answers it; requests into repositories no remote names are not read.
@Suite struct PermalinkReaderTests {
  /// A repository given as a table, which records every batch it is asked to read.
  final class Recording: @unchecked Sendable {
    private let lock = NSLock()
    private var batches: [[PermalinkHistory.Request]] = []
    let files: [PermalinkHistory.Request: String]

    init(files: [PermalinkHistory.Request: String]) { self.files = files }

    var repository: PermalinkHistory.Repository {
      PermalinkHistory.Repository(
        facts: .init(remotes: ["acme/widgets", "acme/tools"], prefix: "", head: "h"),
        read: { requests in
          self.lock.lock()
          self.batches.append(requests)
          self.lock.unlock()
          return requests.map { request in
            guard request.commit.hasPrefix("c") else { return .noCommit }
            guard let text = self.files[request] else { return .noFile(commit: request.commit) }
            return .file(commit: request.commit, Data(text.utf8))
          }
        },
        uncommitted: { _ in [] })
    }

    var read: [[PermalinkHistory.Request]] {
      lock.lock()
      defer { lock.unlock() }
      return batches
    }
  }

  /// The requests of one generated case: commits `c0`… (which the table has) and `x0`… (which
  /// it has not), paths with files and without, repositories a remote names and one none does.
  static func asks(_ random: inout SplitMix64) -> [PermalinkReader.Asked] {
    let count = random.chance(20) ? random.below(4) : random.below(PermalinkReader.batch * 5)
    return (0..<count).map { _ in
      let slug = ["acme/widgets", "acme/tools", "other/repo"][random.below(3)]
      let commit = (random.chance(85) ? "c" : "x") + String(random.below(3))
      return .init(
        slug: slug, request: .init(commit: commit, path: "Sources/F\(random.below(40)).swift"))
    }
  }

  /// What a reader answers for `asks`, asked from `threads` threads at once.
  static func answers(_ asks: [PermalinkReader.Asked], threads: Int, recording: Recording)
    -> [PermalinkHistory.Request: PermalinkReader.Read]
  {
    let repository = recording.repository
    let reader = PermalinkReader(repository: Prefetch { repository })
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in stride(from: thread, to: asks.count, by: threads) { reader.ask(asks[index]) }
    }
    return reader.finish()
  }

  /// What is wrong with the answers to `asks`, or `nil`.
  static func problem(_ asks: [PermalinkReader.Asked], threads: Int) -> String? {
    let files = Dictionary(
      uniqueKeysWithValues: (0..<3).flatMap { commit in
        (0..<30).map { file in
          (
            PermalinkHistory.Request(commit: "c\(commit)", path: "Sources/F\(file).swift"),
            "// c\(commit) F\(file)\nline 2\r\nline 3"
          )
        }
      })
    let recording = Recording(files: files)
    let answers = answers(asks, threads: threads, recording: recording)
    let wanted = Set(asks.filter { $0.slug != "other/repo" }.map(\.request))
    guard Set(answers.keys) == wanted else {
      return "answered \(answers.count) requests, not the \(wanted.count) asked into named remotes"
    }
    let read = recording.read.flatMap { $0 }
    guard read.count == Set(read).count, Set(read) == wanted else {
      return
        "read \(read.count) requests (\(Set(read).count) distinct), not each of \(wanted.count) once"
    }
    for (request, answer) in answers {
      switch (answer.answer, answer.lines) {
      case (.noCommit, nil) where !request.commit.hasPrefix("c"): continue
      case (.noFile, nil) where request.commit.hasPrefix("c") && files[request] == nil: continue
      case (.file(_, let data), let lines?)
      where String(decoding: data, as: UTF8.self) == files[request]:
        guard lines.count == 3, lines.text(2..<4) == "line 2\nline 3" else {
          return "\(request.commit):\(request.path) split into the wrong lines"
        }
      default: return "\(request.commit):\(request.path) answered \(answer.answer)"
      }
    }
    return nil
  }

  /// Generated requests, duplicates and foreign repositories among them, from one to eight
  /// threads: each read once, answered as the table answers it. A failure shrinks to the fewest
  /// requests that still fail. Replay a seed with `DECLSCAN_SEED`.
  @Test func everyRequestAskedIsReadOnceAndAnsweredAsTheRepositoryAnswers() {
    let seed = baseSeed() &+ 120
    var random = SplitMix64(seed: seed)
    for round in 0..<60 {
      let asks = Self.asks(&random)
      let threads = 1 + random.below(8)
      guard Self.problem(asks, threads: threads) != nil else { continue }
      let smallest = shrunk(asks) { Self.problem($0, threads: threads) != nil }
      Issue.record(
        "seed \(seed) (DECLSCAN_SEED=\(seed &- 120)), round \(round), \(threads) threads: \(Self.problem(smallest, threads: threads) ?? "") for \(smallest)"
      )
      return
    }
  }

  /// Fewer requests than a batch wait for ``PermalinkReader/finish()``, and are then read
  /// together, not one git process each.
  @Test func fewerRequestsThanABatchAreReadTogetherWhenFinished() {
    let recording = Recording(files: [:])
    let repository = recording.repository
    let reader = PermalinkReader(repository: Prefetch { repository })
    for file in 0..<(PermalinkReader.batch - 1) {
      reader.ask(
        .init(slug: "acme/widgets", request: .init(commit: "c0", path: "Sources/F\(file).swift")))
    }
    Thread.sleep(forTimeInterval: 0.05)
    #expect(recording.read.isEmpty)
    #expect(reader.finish().count == PermalinkReader.batch - 1)
    #expect(recording.read.map(\.count) == [PermalinkReader.batch - 1])
  }

  /// Where no thread can be made, what is asked is read when the reader is finished, on the
  /// caller's thread: nothing is lost and nothing waits forever.
  @Test func withoutAThreadEverythingIsReadAtFinish() {
    let recording = Recording(files: [:])
    let repository = recording.repository
    let reader = PermalinkReader(repository: Prefetch { repository }, startThread: { _ in false })
    let count = PermalinkReader.batch * 2 + 5
    for file in 0..<count {
      reader.ask(
        .init(slug: "acme/widgets", request: .init(commit: "c0", path: "Sources/F\(file).swift")))
    }
    #expect(recording.read.isEmpty)
    #expect(reader.finish().count == count)
    #expect(recording.read.map(\.count) == [count])
    #expect(reader.finish().count == count)
  }

  /// A finish that is already waiting for the reader's thread when the thread turns out not to
  /// start is woken, and reads on its own thread: it never waits forever.
  @Test func aFinishWaitingForAThreadThatCannotStartStillReads() {
    let recording = Recording(files: [:])
    let repository = recording.repository
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let reader = PermalinkReader(
      repository: Prefetch { repository },
      startThread: { _ in
        entered.signal()
        release.wait()
        return false
      })
    // Threads of their own: Dispatch's pool may have no thread free for the second while the
    // first waits.
    Thread {
      reader.ask(.init(slug: "acme/widgets", request: .init(commit: "c0", path: "A.swift")))
    }.start()
    entered.wait()
    let finished = DispatchSemaphore(value: 0)
    let count = Locked(-1)
    Thread {
      let read = reader.finish()
      count.withValue { $0 = read.count }
      finished.signal()
    }.start()
    // Long enough for finish() to be waiting for the thread; then the thread fails to start.
    Thread.sleep(forTimeInterval: 0.1)
    release.signal()
    #expect(finished.wait(timeout: .now() + 10) == .success, "finish() still waits")
    #expect(count.withValue { $0 } == 1)
  }

  /// A reader nothing asked of has no thread to wait for, and one without a repository (no git,
  /// or no work tree) answers nothing.
  @Test func aReaderAskedNothingOrWithoutARepositoryAnswersNothing() {
    let idle = PermalinkReader(repository: Prefetch { nil })
    #expect(idle.finish().isEmpty)
    let none = PermalinkReader(repository: Prefetch { nil })
    none.ask(.init(slug: "acme/widgets", request: .init(commit: "c0", path: "A.swift")))
    #expect(none.finish().isEmpty)
    // Asked again after it finished, it reads nothing more.
    none.ask(.init(slug: "acme/widgets", request: .init(commit: "c1", path: "A.swift")))
    #expect(none.finish().isEmpty)
  }
}
