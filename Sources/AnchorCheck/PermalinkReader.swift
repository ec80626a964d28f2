import KitSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the files that permalinks cite, at their commits, while the docs are still being
/// checked: each permalink is asked for as its doc is parsed, and a thread of the reader's own
/// hands them to the repository in batches, each file split into lines as it comes. Asked for
/// after every doc is read, they would keep the check waiting on git for tens of milliseconds.
// @unchecked: every `var` is touched only under `condition`; `startThread` runs once, in `ask`.
final class PermalinkReader: @unchecked Sendable {
  /// A file at a commit, with the repository the permalink names (`org/repo`, lowercased): only
  /// permalinks into a repository that a remote names are read.
  struct Asked: Hashable, Sendable {
    let slug: String
    let request: PermalinkHistory.Request
  }

  /// What the repository held for a request: the file split into lines, when it held one.
  struct Read: Sendable {
    let answer: PermalinkHistory.Answer
    let lines: FileLines?
  }

  /// How many requests wait for a batch of their own, until the last: each batch is a git
  /// process, whose start costs about as much as reading fifty files.
  static let batch = 64

  /// Whether the reader's thread runs.
  private enum ThreadState {
    /// Nothing was asked yet.
    case none
    case running
    /// No thread could be made: what is asked is read when ``finish()`` is called.
    case unavailable
  }

  private let repository: Prefetch<PermalinkHistory.Repository?>
  private let startThread: (@escaping @Sendable () -> Void) -> Bool
  private let condition = Condition()
  private var seen: Set<Asked> = []
  private var queued: [Asked] = []
  private var read: [PermalinkHistory.Request: Read] = [:]
  private var thread = ThreadState.none
  private var finishing = false
  private var finished = false

  /// A reader of `repository`'s files, which opens it when the first permalink is asked for.
  /// `startThread` makes the reader's thread (`false` where none can be made).
  init(
    repository: Prefetch<PermalinkHistory.Repository?>,
    startThread: @escaping (@escaping @Sendable () -> Void) -> Bool = tryStartThread
  ) {
    self.repository = repository
    self.startThread = startThread
  }

  /// Asks for a permalink's file at its commit; the first call starts the reader's thread.
  func ask(_ asked: Asked) {
    let start = condition.withCriticalSection { () -> Bool in
      guard !finishing, seen.insert(asked).inserted else { return false }
      queued.append(asked)
      if queued.count >= Self.batch { condition.broadcast() }
      guard thread == .none else { return false }
      thread = .running
      return true
    }
    guard start else { return }
    repository.start()
    if !startThread({ self.work() }) {
      // No thread: a finish() already waiting for one must wake, and read here.
      condition.withCriticalSection {
        thread = .unavailable
        condition.broadcast()
      }
    }
  }

  /// Every request asked for, with what the repository held; waits for the last batch. Each
  /// request of a repository no remote names is left out.
  func finish() -> [PermalinkHistory.Request: Read] {
    let readHere = condition.withCriticalSection { () -> Bool in
      finishing = true
      condition.broadcast()
      // Until the reader's thread ends, or turns out never to have started.
      while thread == .running, !finished { condition.wait() }
      return thread == .unavailable && !finished
    }
    if readHere { work() }
    return condition.withCriticalSection { read }
  }

  /// The reader's thread: a batch each time enough requests are queued, and the rest once
  /// ``finish()`` is called (or all of them then, on its caller's thread, when there is none).
  private func work() {
    let repository = (try? self.repository.value()) ?? nil
    // A file asked for through two remotes' names is read once.
    var asked: Set<PermalinkHistory.Request> = []
    while true {
      let (taken, last) = condition.withCriticalSection { () -> ([Asked], Bool) in
        while queued.count < Self.batch, !finishing { condition.wait() }
        defer { queued = [] }
        return (queued, finishing)
      }
      if let repository {
        let requests = taken.filter {
          repository.facts.remotes.contains($0.slug) && asked.insert($0.request).inserted
        }
        .map(\.request)
        let answers = Self.read(requests, from: repository)
        condition.withCriticalSection {
          for (request, answer) in zip(requests, answers) { read[request] = answer }
        }
      }
      guard !last else { break }
    }
    condition.withCriticalSection {
      finished = true
      condition.broadcast()
    }
  }
}

extension PermalinkReader {
  /// `requests` read from `repository` with one request, in their order, each file split into
  /// lines.
  static func read(
    _ requests: [PermalinkHistory.Request], from repository: PermalinkHistory.Repository
  ) -> [Read] {
    guard !requests.isEmpty else { return [] }
    return repository.read(requests).map { answer in
      guard case .file(_, let data) = answer else { return Read(answer: answer, lines: nil) }
      return Read(answer: answer, lines: FileLines(data))
    }
  }
}

/// A file's text at a commit, and where each of its lines stands in it: split at `\n`, each line
/// without a `\r` before it. Only the lines a permalink cites are made strings.
struct FileLines: Sendable {
  private let text: [UInt8]
  private let bounds: [Range<Int>]

  init(_ data: Data) {
    var text = [UInt8](data)
    if !text.withUnsafeBufferPointer(isASCII) {
      var decoded = decodeUTF8Leniently(text).text
      text = decoded.withUTF8 { Array($0) }
    }
    self.text = text
    bounds = text.withUnsafeBufferPointer { AnchorParser.lineBounds($0) }
  }

  /// The number of lines.
  var count: Int { bounds.count }

  /// Lines `lines` (1-based), joined with `\n`.
  func text(_ lines: Range<Int>) -> String {
    var joined: [UInt8] = []
    for line in lines {
      if line > lines.lowerBound { joined.append(UInt8(ascii: "\n")) }
      joined.append(contentsOf: text[bounds[line - 1]])
    }
    return String(decoding: joined, as: UTF8.self)
  }
}
