import Foundation
import KitSupport
import ProfileContracts

// Adapter processes run on macOS and Linux; iOS, tvOS and watchOS have no Process.
#if os(macOS) || os(Linux)

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// An adapter running as a child process, spoken to in JSON-RPC 2.0: one request per line on its
  /// standard input, one response per line on its standard output. Its standard error is kept
  /// (the last lines) for the messages of calls that fail.
  ///
  /// Here `storeCommand` is the adapter's command line, shell-style (`python3 my_store.py`, say):
  ///
  /// ```swift
  /// let process = try AdapterProcess(command: storeCommand)
  /// _ = try await process.call("open", ["directory": .string(url.path)])
  /// let checkpoint = try await process.call("loadCheckpoint", ["command": .encoded(command)])
  /// ```
  ///
  /// Calls may overlap; responses are matched by `id`. When the process exits or is killed, every
  /// pending call (and every later one) throws ``AdapterProcessError`` naming the exit status or
  /// the signal, the request it was answering, and the last lines it wrote to standard error.
  // @unchecked: every `var` is touched only under `lock`, the process's input under `writeLock`.
  public final class AdapterProcess: @unchecked Sendable {
    /// The command line, as given.
    public let command: String
    /// The child's process ID.
    public let processIdentifier: Int32

    private let process: RunningProcess
    private let lock = Lock()
    private let writeLock = Lock()
    private var nextID = 1
    private var pending:
      [Int: (request: RPCRequest, continuation: CheckedContinuation<JSONValue, any Error>)] = [:]
    private var ended: AdapterProcessError?
    private var lastRequest: RPCRequest?
    private var errorTail: [String] = []
    /// Whether the owner ended the process (``kill()``, ``terminate()``, ``close()``): its end is
    /// then no breakdown.
    private var endedByOwner = false
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `command` (one shell-style command line; the program is looked up on `PATH`).
    ///
    /// - Parameters:
    ///   - command: such as `python3 my_store.py --verbose`.
    ///   - directory: the working directory (default: the current one).
    ///   - environment: variables set for the process on top of this process's own.
    /// - Throws: ``AdapterProcessError`` when the line is malformed or the program cannot start.
    public init(command: String, directory: URL? = nil, environment: [String: String] = [:]) throws
    {
      self.command = command
      let words = try ShellWords.split(command)
      // The program is looked up on PATH by env, as a shell would. Writing to a process that has
      // died fails the write (PipeWriter), never raises SIGPIPE here.
      let process: RunningProcess
      do {
        process = try RunningProcess(
          executable: "/usr/bin/env", arguments: words, directory: directory?.path,
          environment: environment, keepErrors: true)
      } catch {
        throw AdapterProcessError(
          "cannot start the adapter command \(command.debugDescription): \(String(cString: strerror(error.code))); check the program and its path"
        )
      }
      self.process = process
      self.processIdentifier = process.pid
      let errorsRead = DispatchSemaphore(value: 0)
      Thread.detachNewThread { [self] in
        // A flood of standard error costs its reading, never memory: long lines are cut.
        readLines(
          .errors, limit: Self.maximumErrorLineBytes, onLine: keepErrorLine,
          onTooLong: { keepErrorLine("(a line of more than \(Self.maximumErrorLineBytes) bytes)") })
        errorsRead.signal()
      }
      Thread.detachNewThread { [self] in
        readLines(.output, limit: Self.maximumLineBytes, onLine: deliver, onTooLong: lineTooLong)
        let termination = process.waitForExit()
        // Its last standard error is read to the end before the exit is reported with it. A child
        // the adapter left running may hold the pipe open: that is not waited for past a second.
        _ = errorsRead.wait(timeout: .now() + 1)
        finish(termination)
      }
    }

    // No deinit: the reading threads hold the process object until the process ends, so ending it
    // is the owner's call (``terminate()``, ``close()`` or ``kill()``), as the proxies do.

    /// Calls `method` with `params` and returns its result.
    ///
    /// - Throws: `RPCError` when the adapter answers with an error; ``AdapterProcessError`` when
    ///   the process has ended, ends during the call, or answers something that is not JSON-RPC.
    public func call(_ method: String, _ params: [String: JSONValue]) async throws -> JSONValue {
      let id = lock.withCriticalSection {
        defer { nextID += 1 }
        return nextID
      }
      // A cancelled call stops waiting at once (the process may still answer; the answer is
      // dropped), as a cancellable in-process call would.
      return try await withTaskCancellationHandler {
        do {
          return try await send(RPCRequest(id: id, method: method, params: .object(params)))
        } catch let error as AdapterProcessError where error.isBreakdown {
          AdapterFaults.current?.record(error.message)
          throw error
        }
      } onCancel: {
        let waiting = lock.withCriticalSection { pending.removeValue(forKey: id) }
        waiting?.continuation.resume(throwing: CancellationError())
      }
    }

    private func send(_ request: RPCRequest) async throws -> JSONValue {
      try await withCheckedThrowingContinuation { continuation in
        lock.lock()
        if let ended {
          lock.unlock()
          continuation.resume(throwing: ended)
          return
        }
        if Task.isCancelled {
          lock.unlock()
          continuation.resume(throwing: CancellationError())
          return
        }
        pending[request.id] = (request, continuation)
        lastRequest = request
        lock.unlock()
        // One line per write, never interleaved with another call's: a line longer than a pipe
        // buffer is written in several pieces.
        writeLock.withCriticalSection {
          do {
            try process.write(Array((request.line + "\n").utf8))
          } catch {
            // The process is gone: its end, noticed by the reader, fails the call.
          }
        }
      }
    }

    /// Kills the process with SIGKILL, as a crash would: no flush, no cleanup.
    public func kill() {
      lock.withCriticalSection { endedByOwner = true }
      process.signal(SIGKILL)
    }

    /// Ends the process without waiting: closes its input (an adapter ends at the end of its
    /// input) and sends SIGTERM. The proxies call this when they are released, so a suite run does
    /// not leave one idle process per check behind.
    public func terminate() {
      lock.withCriticalSection { endedByOwner = true }
      writeLock.withCriticalSection { process.closeInput() }
      process.signal(SIGTERM)
    }

    /// Closes the process's input and waits for it to exit: an orderly end.
    public func close() {
      lock.withCriticalSection { endedByOwner = true }
      writeLock.withCriticalSection { process.closeInput() }
      exited.wait()
      exited.signal()
    }

    /// Closes the process's input and waits for it to exit, without blocking a thread; kills it
    /// when it has not exited within `limit`, or when the waiting task is cancelled.
    public func close(within limit: Duration) async {
      lock.withCriticalSection { endedByOwner = true }
      writeLock.withCriticalSection { process.closeInput() }
      let deadline = ContinuousClock.now.advanced(by: limit)
      var killed = false
      while exitDescription == nil {
        if !killed, Task.isCancelled || ContinuousClock.now > deadline {
          kill()
          killed = true
        }
        do {
          try await Task.sleep(for: .milliseconds(5))
        } catch {
          // Cancelled: the kill above ends it; keep checking without sleeping on a dead clock.
          await Task.yield()
        }
      }
    }

    /// How the process ended, once it has; `nil` while it runs.
    public var exitDescription: String? {
      lock.withCriticalSection { ended?.message }
    }

    // MARK: - Reading

    /// The longest line read from an adapter's standard output: one response. Above the largest
    /// a suite receives (a load of the store suite's 8 MiB payload, about 11 MiB as JSON); a
    /// longer line fails the calls with a message naming this limit, and is read past without
    /// being kept, so the kit's memory stays flat whatever an adapter prints.
    public static let maximumLineBytes = 16 << 20

    /// The longest line of standard error kept: the rest of it is read past.
    static let maximumErrorLineBytes = 4096

    private func readLines(
      _ stream: RunningProcess.Stream, limit: Int, onLine: (String) -> Void,
      onTooLong: () -> Void
    ) {
      var splitter = LineSplitter(limit: limit)
      while true {
        let chunk = process.read(stream)
        if chunk.isEmpty { break }
        splitter.feed(chunk, onLine: onLine, onTooLong: onTooLong)
      }
      splitter.finish(onLine: onLine)
    }

    private func keepErrorLine(_ line: String) {
      lock.withCriticalSection {
        errorTail.append(line)
        if errorTail.count > 5 { errorTail.removeFirst() }
      }
    }

    private func lineTooLong() {
      failAll(
        AdapterProcessError(
          "the adapter wrote a line of more than \(Self.maximumLineBytes >> 20) MiB to standard output, the most one response may hold; answer with smaller records, and log to standard error",
          isBreakdown: true))
    }

    private func deliver(_ line: String) {
      guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
      let response: RPCResponse
      do {
        response = try RPCResponse(line: line)
      } catch {
        failAll(
          AdapterProcessError(
            "the adapter wrote a line that is not a JSON-RPC response: \(line.prefix(120).debugDescription); write only responses to standard output, logs to standard error",
            isBreakdown: true))
        return
      }
      guard let waiting = lock.withCriticalSection({ pending.removeValue(forKey: response.id) })
      else { return }
      if let error = response.error {
        waiting.continuation.resume(throwing: error)
      } else {
        waiting.continuation.resume(returning: response.result ?? .null)
      }
    }

    private func finish(_ termination: RunningProcess.Termination) {
      let how: String
      switch termination {
      case .signalled(let signal):
        how = "was killed by signal \(signal)\(Self.signalName(signal))"
      case .exited(let status):
        how = "exited with status \(status)"
      }
      let (request, tail, asked) = lock.withCriticalSection {
        (lastRequest, errorTail, endedByOwner)
      }
      let during = request.map { " while answering \($0.method) (request \($0.id))" } ?? ""
      let stderr = tail.isEmpty ? "" : "; its last standard error: \(tail.joined(separator: " | "))"
      failAll(
        AdapterProcessError("the adapter process \(how)\(during)\(stderr)", isBreakdown: !asked))
      exited.signal()
    }

    private func failAll(_ error: AdapterProcessError) {
      let waiting = lock.withCriticalSection {
        if ended == nil { ended = error }
        let waiting = pending.values
        pending.removeAll()
        return Array(waiting)
      }
      for call in waiting { call.continuation.resume(throwing: error) }
    }

    private static func signalName(_ signal: Int32) -> String {
      switch signal {
      case SIGKILL: " (SIGKILL)"
      case SIGSEGV: " (SIGSEGV)"
      case SIGILL: " (SIGILL: a Swift trap, such as an index out of range or a force-unwrapped nil)"
      case SIGTRAP: " (SIGTRAP: a Swift trap)"
      case SIGABRT: " (SIGABRT)"
      case SIGTERM: " (SIGTERM)"
      default: ""
      }
    }
  }
#endif
