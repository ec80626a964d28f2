#if os(macOS) || os(Linux)
  import Foundation
  import TestSupport
  import Testing

  import CKitProcess

  @testable import KitSupport

  /// The launcher, on real programs: outputs whole and in order, inputs written while outputs
  /// are read, exit statuses and signals, and nothing of this process open in a child.
  @Suite(.integration) struct ChildProcessTests {
    static func shell(_ script: String, input: [UInt8]? = nil) -> ChildProcess.Command {
      ChildProcess.Command("/bin/sh", ["-c", script], input: input)
    }

    /// Sizes around the pipe's buffer and well past it, and a spread between.
    static let sizes =
      [0, 1, 4_095, 65_535, 65_536, 65_537, 1_000_000]
      + (1...9).map { ($0 * 2_654_435_761) % 300_000 }

    /// Every input comes back whole through `cat`, all at once: each child's input and output
    /// exceed a pipe's buffer, so a launcher that wrote inputs before reading outputs would
    /// hang here.
    @Test func inputsAndOutputsOfEverySizeComeBackWholeAndInOrder() throws {
      let inputs = Self.sizes.map { size in
        (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ size) }
      }
      let finished = try ChildProcess.runAll(
        inputs.map { ChildProcess.Command("/bin/cat", [], input: $0) })
      #expect(finished.map(\.status) == Array(repeating: 0, count: inputs.count))
      for (index, result) in finished.enumerated() {
        #expect(result.output == inputs[index], "size \(Self.sizes[index])")
      }
    }

    @Test func statusesSignalsAndStandardErrorAreTheChildsOwn() throws {
      let finished = try ChildProcess.runAll([
        Self.shell("echo out; echo err >&2"), Self.shell("exit 3"), Self.shell("kill -9 $$"),
        Self.shell("cat"),
      ])
      #expect(finished[0] == .init(status: 0, output: Array("out\n".utf8)))
      #expect(finished[1].status == 3)
      #expect(finished[2].status == 128 + 9)
      #expect(finished[3] == .init(status: 0, output: []), "no input is an empty one")
    }

    /// A child that exits without reading its input does not take this process down with a
    /// SIGPIPE; the rest of its input is dropped.
    @Test func aChildThatReadsNoInputEndsCleanly() throws {
      let finished = try ChildProcess.runAll([
        Self.shell("exit 0", input: Array(repeating: 0x61, count: 2_000_000))
      ])
      #expect(finished[0].status == 0)
    }

    /// Standard error discarded, or kept apart from the output, for sizes past a pipe's buffer
    /// on both streams at once (a launcher that read one pipe to its end before the other would
    /// hang here).
    @Test func standardErrorIsDiscardedOrKeptWhole() throws {
      for size in [0, 1, 70_000, 300_000] {
        let script = "yes o | head -c \(size); yes e | head -c \(size) >&2"
        let finished = try ChildProcess.runAll([
          ChildProcess.Command("/bin/sh", ["-c", script]),
          ChildProcess.Command("/bin/sh", ["-c", script], errors: .kept),
        ])
        // `yes` writes its letter and a newline, again and again.
        let outs = (0..<size).map { Array("o\n".utf8)[$0 % 2] }
        let errs = (0..<size).map { Array("e\n".utf8)[$0 % 2] }
        // Compared here, not in #expect, which would print the bytes.
        let discarded = finished[0] == .init(status: 0, output: outs)
        let kept = finished[1] == .init(status: 0, output: outs, errors: errs)
        #expect(discarded, "size \(size): standard error discarded")
        #expect(kept, "size \(size): standard error kept apart")
      }
    }

    /// The async run gives what runAll gives, and cancelling its task ends the program at once
    /// (a program that would otherwise sleep for a minute).
    @Test func anAsyncRunEndsItsProgramWhenCancelled() async throws {
      let finished = try await ChildProcess.run(
        ChildProcess.Command(
          "/bin/sh", ["-c", "cat; echo err >&2"], input: [1, 2, 3], errors: .kept))
      #expect(finished == .init(status: 0, output: [1, 2, 3], errors: Array("err\n".utf8)))
      let started = ContinuousClock.now
      let task = Task { try await ChildProcess.run(ChildProcess.Command("/bin/sleep", ["60"])) }
      try await Task.sleep(for: .milliseconds(200))
      task.cancel()
      await #expect(throws: CancellationError.self) { _ = try await task.value }
      #expect(ContinuousClock.now - started < .seconds(30), "the program was ended, not waited for")
      await #expect(throws: ChildProcess.StartError.self) {
        _ = try await ChildProcess.run(ChildProcess.Command("/no/such/program", []))
      }
    }

    @Test func aProgramThatCannotStartIsNamed() throws {
      #expect {
        _ = try ChildProcess.runAll([
          Self.shell("echo first"), ChildProcess.Command("/no/such/program", []),
        ])
      } throws: { error in
        "\(error)".hasPrefix("cannot start /no/such/program: ")
      }
    }

    #if os(Linux)
      /// A write to a pipe whose reader has gone returns EPIPE, and raises no SIGPIPE, where
      /// SIGPIPE would end the process: tried in a forked child, with the signal at its default
      /// there (this test process ignores it), calling only what is safe after a fork.
      @Test func aWriteToAPipeWithoutReaderRaisesNoSignal() throws {
        var ends: (Int32, Int32) = (-1, -1)
        let byte: UInt8 = 0x61
        let pid = fork()
        if pid == 0 {
          signal(SIGPIPE, SIG_DFL)
          let made = withUnsafeMutableBytes(of: &ends) {
            pipe($0.baseAddress!.assumingMemoryBound(to: Int32.self))
          }
          guard made == 0 else { _exit(2) }
          close(ends.0)
          let written = withUnsafeBytes(of: byte) { ckit_write(ends.1, $0.baseAddress, 1) }
          _exit(written < 0 && errno == EPIPE ? 0 : 1)
        }
        try #require(pid > 0)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        #expect(status & 0x7f != SIGPIPE, "the write raised SIGPIPE")
        #expect(status == 0, "status \(status)")
      }

      /// A child holds its three standard descriptors and no other of this process, not even
      /// the pipes of the children started beside it.
      @Test func aChildInheritsOnlyItsStandardDescriptors() throws {
        let descriptors = open("/dev/null", O_RDONLY)
        defer { close(descriptors) }
        let finished = try ChildProcess.runAll(
          (0..<3).map { _ in Self.shell("ls /proc/$$/fd", input: [0x0A]) })
        for result in finished {
          let open = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
          #expect(open == ["0", "1", "2"], "\(open)")
        }
      }
    #endif
  }
#endif
