import Foundation
import KitSupport

/// One long-lived `python3` running the fixture PDF producer: it reads a line of JSON
/// (`{"spec": PATH, "out": PATH}`) per PDF and answers `ok` or `error: …`, so fpdf2 is imported
/// once per builder rather than once per PDF (the import is most of a small PDF's half second).
/// It is started on first use (with ``RunningProcess``), restarted if it dies, and ends when
/// its standard input closes.
// @unchecked: every `var` is touched only on the serial `queue` (`send` and its callees) or by `deinit`.
final class FixtureProducer: @unchecked Sendable {
  private let arguments: [String]
  private let python: URL
  private let queue = DispatchQueue(label: "contract-kit.fixture-producer")
  private var process: RunningProcess?
  private var buffer = Data()

  init(python: URL, arguments: [String]) {
    self.python = python
    self.arguments = arguments
  }

  deinit {
    if let process { Self.end(process) }
  }

  /// Closes the producer's input, which ends it, and reaps it on a thread of its own.
  private static func end(_ process: RunningProcess) {
    process.closeInput()
    Thread.detachNewThread { _ = process.waitForExit() }
  }

  /// Builds the PDF that the spec file at `spec` describes into `out`; returns `nil` on success,
  /// else the producer's one-line error.
  func build(spec: URL, out: URL) async -> String? {
    let request =
      String(
        decoding: (try? JSONSerialization.data(
          withJSONObject: ["spec": spec.path, "out": out.path], options: [.sortedKeys])) ?? Data(),
        as: UTF8.self) + "\n"
    return await withCheckedContinuation { continuation in
      queue.async {
        continuation.resume(returning: self.send(request))
      }
    }
  }

  /// Runs on `queue`: one request, one answer line.
  private func send(_ request: String) -> String? {
    do {
      // A producer that ended since the last request is replaced before this one is sent.
      if self.process?.hasEnded == true { stop() }
      let process = try self.process ?? start()
      try process.write(Array(request.utf8))
      guard let line = readLine(from: process) else {
        stop()
        return "the producer exited before answering"
      }
      return line == "ok" ? nil : line
    } catch {
      stop()
      return "the producer could not be started or written to: \(error)"
    }
  }

  /// Runs on `queue`: starts the producer. A producer that died fails the write (EPIPE) instead
  /// of raising SIGPIPE here; fontTools' subsetting notes on its standard error ("TSI0 NOT
  /// subset") are noise, discarded.
  private func start() throws(ChildProcess.StartError) -> RunningProcess {
    let process = try RunningProcess(
      executable: python.path, arguments: arguments, keepErrors: false)
    self.process = process
    buffer = Data()
    return process
  }

  /// Runs on `queue`: ends a producer that failed, so the next request starts another.
  private func stop() {
    guard let process else { return }
    process.signal(SIGKILL)
    Self.end(process)
    self.process = nil
  }

  private func readLine(from process: RunningProcess) -> String? {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        return line
      }
      let chunk = process.read(.output)
      guard !chunk.isEmpty else { return nil }
      buffer.append(chunk)
    }
  }
}
