// iOS, tvOS and watchOS start no processes.
#if os(macOS) || os(Linux)
  import CKitProcess

  // Essentials alone, where there is such a module: contract-kit-anchors, which links this
  // module, starts without Foundation's full library.
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// A program the kit talks with while it runs (an out-of-process adapter, the PDF fixture
  /// producer), started the way ``ChildProcess`` starts one: with `posix_spawn`, no descriptor of
  /// this process but its three pipes, SIGPIPE at its default. Its standard input is a pipe this
  /// process writes with ``PipeWriter``; its standard output and, when kept, its standard error
  /// are pipes this process reads (``read(_:)``).
  ///
  /// Exactly one owner calls ``waitForExit()``, once: it reaps the program. ``signal(_:)`` is
  /// sent only until then, so it never reaches another process that took the pid.
  package final class RunningProcess: Sendable {
    /// How a program ended.
    package enum Termination: Sendable, Equatable {
      /// It exited with this status.
      case exited(Int32)
      /// This signal ended it.
      case signalled(Int32)
    }

    /// One of the program's outputs.
    package enum Stream: Sendable {
      /// Its standard output.
      case output
      /// Its standard error, when kept.
      case errors
    }

    /// The program's pid.
    package let pid: pid_t
    /// The read end of its standard output.
    private let output: Int32
    /// The read end of its standard error, when kept; else -1 (it went to `/dev/null`).
    private let errors: Int32
    /// The write end of its standard input; -1 once closed.
    private let input: Locked<Int32>
    /// Whether the program was reaped: the pid is then no longer its own.
    private let reaped = Locked(false)

    /// Starts `executable` with `arguments` (without the program's name) in `directory` (this
    /// process's when `nil`), with this process's environment and `environment` on top of it.
    ///
    /// - Throws: ``ChildProcess/StartError`` when a pipe cannot be made or the program cannot
    ///   be started.
    package init(
      executable: String, arguments: [String], directory: String? = nil,
      environment: [String: String] = [:], keepErrors: Bool
    ) throws(ChildProcess.StartError) {
      func failed(_ code: Int32) -> ChildProcess.StartError {
        ChildProcess.StartError(executable: executable, code: code)
      }
      var inputPipe: [Int32] = [-1, -1]
      var outputPipe: [Int32] = [-1, -1]
      var errorPipe: [Int32] = [-1, -1]
      func closeAll() {
        for end in inputPipe + outputPipe + errorPipe where end >= 0 { _ = close(end) }
      }
      for index in 0..<(keepErrors ? 3 : 2) {
        var ends: [Int32] = [-1, -1]
        let code = ckit_pipe(&ends)
        if code != 0 {
          closeAll()
          throw failed(code)
        }
        switch index {
        case 0: inputPipe = ends
        case 1: outputPipe = ends
        default: errorPipe = ends
        }
      }
      PipeWriter.prepare(inputPipe[1])
      let argv = ([executable] + arguments).map { strdup($0) } + [nil]
      defer { for argument in argv { free(argument) } }
      var pid: pid_t = 0
      let code: Int32
      if environment.isEmpty {
        code = Self.spawn(&pid, executable, argv, nil, directory, inputPipe, outputPipe, errorPipe)
      } else {
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp = merged.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        code = Self.spawn(&pid, executable, argv, envp, directory, inputPipe, outputPipe, errorPipe)
      }
      // The child's ends are the child's alone now.
      for end in [inputPipe[0], outputPipe[1], errorPipe[1]] where end >= 0 { _ = close(end) }
      if code != 0 {
        for end in [inputPipe[1], outputPipe[0], errorPipe[0]] where end >= 0 { _ = close(end) }
        throw failed(code)
      }
      self.pid = pid
      input = Locked(inputPipe[1])
      output = outputPipe[0]
      errors = errorPipe[0]
    }

    /// `ckit_spawn` with the three pipes: the child's ends are each pipe's read end of `input`
    /// and write ends of `output` and `errors` (-1: none).
    private static func spawn(
      _ pid: inout pid_t, _ executable: String, _ argv: [UnsafeMutablePointer<CChar>?],
      _ envp: [UnsafeMutablePointer<CChar>?]?, _ directory: String?, _ input: [Int32],
      _ output: [Int32], _ errors: [Int32]
    ) -> Int32 {
      argv.withUnsafeBufferPointer { arguments in
        func start(_ environment: UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
          if let directory {
            return ckit_spawn(
              &pid, executable, arguments.baseAddress, environment, directory, input[0], output[1],
              errors[1])
          }
          return ckit_spawn(
            &pid, executable, arguments.baseAddress, environment, nil, input[0], output[1],
            errors[1])
        }
        guard let envp else { return start(nil) }
        return envp.withUnsafeBufferPointer { start($0.baseAddress) }
      }
    }

    deinit {
      input.withValue { if $0 >= 0 { _ = close($0) } }
      _ = close(output)
      if errors >= 0 { _ = close(errors) }
    }

    /// Reads what `stream` holds, waiting until it holds something: empty at its end, and for
    /// standard error that is not kept. One reader per stream at a time.
    package func read(_ stream: Stream) -> Data {
      let descriptor = stream == .output ? output : errors
      guard descriptor >= 0 else { return Data() }
      var buffer = Data(count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes { raw in
          raw.baseAddress.map { systemRead(descriptor, $0, raw.count) } ?? 0
        }
        if count >= 0 {
          buffer.count = count
          return buffer
        }
        if errno != EINTR { return Data() }
      }
    }

    /// Writes all of `bytes` to the program's standard input.
    ///
    /// - Throws: ``PipeWriter/WriteError``: EPIPE when the program has gone, EBADF once the
    ///   input is closed.
    package func write(_ bytes: [UInt8]) throws(PipeWriter.WriteError) {
      let descriptor = input.withValue { $0 }
      guard descriptor >= 0 else { throw PipeWriter.WriteError(code: EBADF) }
      try PipeWriter.write(bytes, to: descriptor)
    }

    /// Closes the program's standard input (a program reading it sees its end); once.
    package func closeInput() {
      input.withValue {
        if $0 >= 0 { _ = close($0) }
        $0 = -1
      }
    }

    /// Sends `signal` to the program, unless it has been reaped.
    package func signal(_ signal: Int32) {
      reaped.withValue { if !$0 { _ = kill(pid, signal) } }
    }

    /// Whether the program has ended (it may not be reaped yet).
    package var hasEnded: Bool {
      if reaped.withValue({ $0 }) { return true }
      var info = siginfo_t()
      while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) < 0 {
        if errno != EINTR { return true }
      }
      return Self.pid(of: info) != 0
    }

    /// The pid `waitid` filled in: 0 when no child had changed state.
    private static func pid(of info: siginfo_t) -> pid_t {
      #if canImport(Glibc)
        info._sifields._sigchld.si_pid
      #else
        info.si_pid
      #endif
    }

    /// Waits for the program to end and reaps it: how it ended. Blocks the calling thread; call
    /// it once.
    package func waitForExit() -> Termination {
      var info = siginfo_t()
      while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
      // Marked before it is reaped: a signal in between reaches a zombie, which is harmless.
      reaped.withValue { $0 = true }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 {
        if errno != EINTR { return .exited(-1) }
      }
      let signal = status & 0x7f
      return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
  }

  /// `read(2)`, under a name that ``RunningProcess/read(_:)`` does not shadow.
  private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int)
    -> Int
  {
    read(descriptor, buffer, count)
  }
#endif
