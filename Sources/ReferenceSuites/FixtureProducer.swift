import Foundation
import KitSupport

/// One long-lived `python3` running the fixture PDF producer: it reads a line of JSON
/// (`{"spec": PATH, "out": PATH}`) per PDF and answers `ok` or `error: …`, so fpdf2 is imported
/// once per builder rather than once per PDF (the import is most of a small PDF's half second).
/// It is started on first use, restarted if it dies, and ends when its standard input closes.
// @unchecked: every `var` is touched only on the serial `queue` (in `send`), or by `deinit`.
final class FixtureProducer: @unchecked Sendable {
  private let arguments: [String]
  private let python: URL
  private let queue = DispatchQueue(label: "contract-kit.fixture-producer")
  private var process: Process?
  private var input: FileHandle?
  private var output: FileHandle?
  private var buffer = Data()

  init(python: URL, arguments: [String]) {
    self.python = python
    self.arguments = arguments
  }

  deinit {
    try? input?.close()
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
      if process?.isRunning != true { try start() }
      if let input { try PipeWriter.write(Array(request.utf8), to: input.fileDescriptor) }
      guard let line = readLine() else {
        process = nil
        return "the producer exited before answering"
      }
      return line == "ok" ? nil : line
    } catch {
      process = nil
      return "the producer could not be started or written to: \(error)"
    }
  }

  private func start() throws {
    let process = Process()
    process.executableURL = python
    process.arguments = arguments
    let input = Pipe()
    // A producer that died fails the write (EPIPE) instead of raising SIGPIPE here.
    PipeWriter.prepare(input.fileHandleForWriting.fileDescriptor)
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    // fontTools' subsetting notes ("TSI0 NOT subset") are noise.
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    self.input = input.fileHandleForWriting
    self.output = output.fileHandleForReading
    buffer = Data()
  }

  private func readLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        return line
      }
      guard let chunk = output?.availableData, !chunk.isEmpty else { return nil }
      buffer.append(chunk)
    }
  }
}
