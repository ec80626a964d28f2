// iOS, tvOS and watchOS start no processes.
#if os(macOS) || os(Linux)
  import CKitProcess

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// The package's one way to run a program to its end: with `posix_spawn`, several at once,
  /// each one's standard output read whole, its standard input given or empty, its standard
  /// error discarded or read whole too, and no other descriptor of this process open in it. One
  /// thread waits on every pipe with `poll` (the caller's, in ``runAll(_:)``; one of its own, in
  /// the async ``run(_:)``), so no program blocks on a full pipe while another is read.
  ///
  /// Foundation's `Process` does the same with a thread per program and about a millisecond more
  /// per start; the anchor checker starts half a dozen gits in a run that lasts fifty. A program
  /// the kit talks with while it runs, an out-of-process adapter or the PDF fixture producer, is
  /// a ``RunningProcess``, started the same way.
  package enum ChildProcess {
    /// A program to run: the path of its executable, its arguments (without the program's
    /// name), what to write on its standard input (`nil`: nothing, `/dev/null`), and where its
    /// standard error goes.
    package struct Command: Sendable {
      package var executable: String
      package var arguments: [String]
      package var input: [UInt8]?
      package var errors: Errors

      package init(
        _ executable: String, _ arguments: [String], input: [UInt8]? = nil,
        errors: Errors = .discarded
      ) {
        self.executable = executable
        self.arguments = arguments
        self.input = input
        self.errors = errors
      }
    }

    /// Where a program's standard error goes.
    package enum Errors: Sendable {
      /// To `/dev/null`.
      case discarded
      /// Read whole, apart from its output, into ``Finished/errors``.
      case kept
    }

    /// How a program ended and what it wrote.
    package struct Finished: Sendable, Equatable {
      /// Its exit status, or 128 plus the signal that ended it.
      package let status: Int32
      /// Its standard output, whole.
      package let output: [UInt8]
      /// Its standard error, whole, when it was ``Errors/kept``; else empty.
      package var errors: [UInt8] = []
    }

    /// A program that could not be started: its executable and the system's reason.
    package struct StartError: Error, CustomStringConvertible {
      package let executable: String
      package let code: Int32
      package var description: String {
        "cannot start \(executable): \(String(cString: strerror(code)))"
      }
    }

    /// Runs every command at once and returns how each ended, in order. When one cannot be
    /// started, the ones already started are still waited for, and the error is thrown.
    package static func runAll(_ commands: [Command]) throws(StartError) -> [Finished] {
      var children: [Child] = []
      var failure: StartError?
      for command in commands {
        do {
          children.append(try Child(command))
        } catch {
          failure = error
          break
        }
      }
      pump(&children)
      let finished = children.map {
        Finished(status: $0.waitForExit(), output: $0.output, errors: $0.errors)
      }
      if let failure { throw failure }
      return finished
    }

    /// Runs `command` to its end without holding the calling task's thread: its pipes are
    /// pumped on a thread of their own. Cancelling the task ends the program (SIGTERM), and this
    /// then throws `CancellationError`.
    package static func run(_ command: Command) async throws -> Finished {
      let child = try Child(command)
      let pid = child.pid
      // Whether the program was reaped: a pid may be signalled only until then (after, it may
      // name another process).
      let reaped = Locked(false)
      let finished: Finished = await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          startThread {
            var children = [child]
            pump(&children)
            // Waited for without reaping, then marked, then reaped: a cancellation in between
            // signals a zombie, which is harmless.
            children[0].waitWithoutReaping()
            reaped.withValue { $0 = true }
            continuation.resume(
              returning: Finished(
                status: children[0].waitForExit(), output: children[0].output,
                errors: children[0].errors))
          }
        }
      } onCancel: {
        reaped.withValue { if !$0 { _ = kill(pid, SIGTERM) } }
      }
      try Task.checkCancellation()
      return finished
    }

    /// One started program: its pid, the parent's ends of its pipes, and its output so far.
    private struct Child {
      let pid: pid_t
      var output: [UInt8] = []
      /// The read end of its standard output; -1 once it has ended.
      var outputEnd: Int32
      var errors: [UInt8] = []
      /// The read end of its standard error, when kept; -1 once it has ended, or when not.
      var errorEnd: Int32 = -1
      /// The write end of its standard input; -1 once all is written, or when none is given.
      var inputEnd: Int32 = -1
      var input: [UInt8]
      var written = 0

      init(_ command: Command) throws(StartError) {
        func failed(_ code: Int32) -> StartError {
          StartError(executable: command.executable, code: code)
        }
        var outputPipe: [Int32] = [-1, -1]
        var inputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        var code = ckit_pipe(&outputPipe)
        if code != 0 { throw failed(code) }
        if command.input != nil {
          code = ckit_pipe(&inputPipe)
          if code != 0 {
            for end in outputPipe { _ = close(end) }
            throw failed(code)
          }
        }
        if command.errors == .kept {
          code = ckit_pipe(&errorPipe)
          if code != 0 {
            for end in outputPipe + inputPipe where end >= 0 { _ = close(end) }
            throw failed(code)
          }
        }
        let errorTarget: Int32 =
          switch command.errors {
          case .discarded: -1
          case .kept: errorPipe[1]
          }
        let argv: [UnsafeMutablePointer<CChar>?] =
          ([command.executable] + command.arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        code = argv.withUnsafeBufferPointer {
          ckit_spawn(
            &pid, command.executable, $0.baseAddress, nil, nil, inputPipe[0], outputPipe[1],
            errorTarget)
        }
        // The child's ends are the child's alone now.
        _ = close(outputPipe[1])
        if inputPipe[0] >= 0 { _ = close(inputPipe[0]) }
        if errorPipe[1] >= 0 { _ = close(errorPipe[1]) }
        if code != 0 {
          for end in [outputPipe[0], inputPipe[1], errorPipe[0]] where end >= 0 { _ = close(end) }
          throw failed(code)
        }
        self.pid = pid
        outputEnd = outputPipe[0]
        errorEnd = errorPipe[0]
        input = command.input ?? []
        if inputPipe[1] >= 0 {
          // Written as the pipe takes it, between reads: never blocking on a child that is
          // itself blocked writing its output.
          _ = fcntl(inputPipe[1], F_SETFL, fcntl(inputPipe[1], F_GETFL) | O_NONBLOCK)
          inputEnd = inputPipe[1]
          if input.isEmpty { closeInput() }
        }
      }

      mutating func closeInput() {
        _ = close(inputEnd)
        inputEnd = -1
      }

      mutating func closeOutput() {
        _ = close(outputEnd)
        outputEnd = -1
      }

      mutating func closeErrors() {
        _ = close(errorEnd)
        errorEnd = -1
      }

      /// Writes what the input pipe takes now; closes it when all is written, or when the child
      /// will read no more.
      mutating func writeSome() {
        guard written < input.count else {
          closeInput()
          return
        }
        // Not all written, so not empty: the bytes have an address.
        let count = input.withUnsafeBytes { raw in
          raw.baseAddress.map { ckit_write(inputEnd, $0 + written, raw.count - written) } ?? 0
        }
        if count > 0 {
          written += count
          if written == input.count { closeInput() }
        } else if count < 0, errno != EAGAIN, errno != EINTR {
          closeInput()
        }
      }

      /// Reads what the output pipe (or, with `errors`, the error pipe) holds now, through
      /// `scratch`; closes it at its end.
      mutating func readSome(
        errors fromErrors: Bool, through scratch: UnsafeMutableRawBufferPointer
      ) {
        let end = fromErrors ? errorEnd : outputEnd
        let count = scratch.baseAddress.map { read(end, $0, scratch.count) } ?? 0
        if count > 0 {
          let bytes = UnsafeRawBufferPointer(rebasing: scratch[..<count])
          if fromErrors {
            errors.append(contentsOf: bytes)
          } else {
            output.append(contentsOf: bytes)
          }
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
          if fromErrors { closeErrors() } else { closeOutput() }
        }
      }

      /// Waits for the program to end, leaving it to ``waitForExit()`` to reap.
      func waitWithoutReaping() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
      }

      /// Waits for the program to end: its exit status, or 128 plus the signal that ended it.
      func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
          if errno != EINTR { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
      }
    }

    /// One of a child's pipes.
    private enum Pipe { case input, output, errors }

    /// Moves every input in and every output out until all pipes are closed.
    private static func pump(_ children: inout [Child]) {
      let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
      defer { scratch.deallocate() }
      while true {
        var waits: [pollfd] = []
        var owners: [(child: Int, pipe: Pipe)] = []
        for (index, child) in children.enumerated() {
          if child.outputEnd >= 0 {
            waits.append(pollfd(fd: child.outputEnd, events: Int16(POLLIN), revents: 0))
            owners.append((index, .output))
          }
          if child.errorEnd >= 0 {
            waits.append(pollfd(fd: child.errorEnd, events: Int16(POLLIN), revents: 0))
            owners.append((index, .errors))
          }
          if child.inputEnd >= 0 {
            waits.append(pollfd(fd: child.inputEnd, events: Int16(POLLOUT), revents: 0))
            owners.append((index, .input))
          }
        }
        if waits.isEmpty { return }
        let ready = waits.withUnsafeMutableBufferPointer {
          poll($0.baseAddress, nfds_t($0.count), -1)
        }
        if ready < 0 {
          if errno == EINTR { continue }
          // Not expected; rather than spin, give up on every pipe.
          for index in children.indices {
            if children[index].outputEnd >= 0 { children[index].closeOutput() }
            if children[index].errorEnd >= 0 { children[index].closeErrors() }
            if children[index].inputEnd >= 0 { children[index].closeInput() }
          }
          return
        }
        for (wait, owner) in zip(waits, owners) where wait.revents != 0 {
          switch owner.pipe {
          case .input:
            if wait.revents & Int16(POLLOUT) != 0 {
              children[owner.child].writeSome()
            } else {
              children[owner.child].closeInput()
            }
          case .output: children[owner.child].readSome(errors: false, through: scratch)
          case .errors: children[owner.child].readSome(errors: true, through: scratch)
          }
        }
      }
    }
  }
#endif
