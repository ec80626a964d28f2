#if os(macOS) || os(Linux)
  import Foundation
  import TestSupport
  import Testing

  @testable import KitSupport

  /// The long-lived launcher, on real programs: a conversation over its pipes, how it ended,
  /// its directory and environment, signals only until it is reaped, and a program that cannot
  /// start named.
  @Suite(.integration) struct RunningProcessTests {
    static func shell(
      _ script: String, directory: String? = nil, environment: [String: String] = [:]
    )
      throws -> RunningProcess
    {
      try RunningProcess(
        executable: "/bin/sh", arguments: ["-c", script], directory: directory,
        environment: environment, keepErrors: true)
    }

    /// Reads `stream` to its end.
    static func readAll(_ process: RunningProcess, _ stream: RunningProcess.Stream) -> String {
      var bytes: [UInt8] = []
      while case let chunk = process.read(stream), !chunk.isEmpty { bytes += chunk }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// Lines written one at a time come back one at a time (a line-at-a-time conversation, as
    /// with an adapter), then the end of the input ends the program with its status.
    @Test func aConversationLineByLineThenTheEndOfInputEndsIt() throws {
      let process = try RunningProcess(executable: "/bin/cat", arguments: [], keepErrors: false)
      #expect(process.read(.errors).isEmpty, "standard error not kept reads as ended")
      for line in ["one", "two", String(repeating: "x", count: 100_000)] {
        try process.write(Array((line + "\n").utf8))
        var answer: [UInt8] = []
        while !answer.contains(0x0A) { answer += process.read(.output) }
        #expect(String(decoding: answer, as: UTF8.self) == line + "\n")
      }
      #expect(!process.hasEnded)
      process.closeInput()
      process.closeInput()
      #expect(throws: PipeWriter.WriteError(code: EBADF)) { try process.write([0x61]) }
      #expect(process.waitForExit() == .exited(0))
      #expect(process.hasEnded)
    }

    @Test func statusesSignalsAndStandardErrorAreTheProgramsOwn() throws {
      let failing = try Self.shell("echo out; echo err >&2; exit 3")
      #expect(Self.readAll(failing, .output) == "out\n")
      #expect(Self.readAll(failing, .errors) == "err\n")
      #expect(failing.waitForExit() == .exited(3))

      let killed = try Self.shell("cat")
      #expect(!killed.hasEnded)
      killed.signal(SIGKILL)
      #expect(killed.waitForExit() == .signalled(SIGKILL))
      // Reaped: the pid may be another process's now, so nothing is sent.
      killed.signal(SIGKILL)
      #expect(killed.hasEnded)
    }

    /// A write to a program that has gone fails with EPIPE and raises no SIGPIPE here.
    @Test func aWriteToAProgramThatHasGoneFails() throws {
      let process = try Self.shell("exit 0")
      #expect(process.waitForExit() == .exited(0))
      #expect(throws: PipeWriter.WriteError(code: EPIPE)) {
        try process.write(Array(repeating: 0x61, count: 1_000_000))
      }
    }

    @Test func itRunsInItsDirectoryWithItsEnvironmentOnTopOfOurs() throws {
      let directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
      let process = try Self.shell(
        "pwd; echo \"$KIT_RUNNING_PROCESS_TEST\"; echo \"${PATH:+path}\"", directory: directory,
        environment: ["KIT_RUNNING_PROCESS_TEST": "a value with spaces"])
      let lines = Self.readAll(process, .output).split(separator: "\n").map(String.init)
      #expect(lines.count == 3)
      #expect(
        lines.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == directory)
      #expect(lines.dropFirst().first == "a value with spaces")
      #expect(lines.last == "path", "this process's own PATH is kept")
      #expect(process.waitForExit() == .exited(0))
    }

    @Test func aProgramThatCannotStartIsNamed() throws {
      #expect {
        try RunningProcess(executable: "/nonexistent/program", arguments: [], keepErrors: false)
      } throws: { error in
        "\(error)".contains("/nonexistent/program")
      }
      #expect(throws: ChildProcess.StartError.self) {
        try Self.shell("exit 0", directory: "/nonexistent/directory")
      }
    }
  }
#endif
