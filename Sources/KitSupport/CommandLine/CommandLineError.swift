/// An error the command line knows how to show: one line, an exit code, and whether the usage
/// line belongs under it. Every error a command expects adopts it, in the module of that command;
/// anything else that reaches the top is a bug in the kit and is reported as an internal error.
package protocol CommandLineError: Error {
  /// The one line after `contract-kit: error: `, naming the thing and the fix.
  var message: String { get }
  /// 2 for usage and input errors, 1 for a run that failed.
  var exitCode: Int32 { get }
  /// Whether the command's usage line and a pointer to `--help` follow the message.
  var showsUsage: Bool { get }
}

extension CommandLineError {
  package var exitCode: Int32 { ExitCode.usage }
  package var showsUsage: Bool { false }
}

/// A mistake in how the command was called: exit code 2, with the usage line.
package struct UsageError: CommandLineError {
  package let message: String
  package init(_ message: String) { self.message = message }
  package var showsUsage: Bool { true }
}

/// Bad input that is not a usage mistake and has no library error of its own (an unusable
/// scratch directory, a rule book that cannot be written): exit code 2.
package struct InputError: CommandLineError {
  package let message: String
  package init(_ message: String) { self.message = message }
}

/// What the command line prints for an error, and the code it exits with: the one mapping from
/// errors to output, in the manner of swift-argument-parser's `MessageInfo`.
package struct ErrorReport: Equatable {
  /// Lines for standard error.
  package let lines: [String]
  /// The process's exit code.
  package let exitCode: Int32

  /// The report for `error`, from the program `program` (`contract-kit`, or
  /// `contract-kit-anchors`), where `usage` is the usage line of what was run and `invocation`
  /// what to run with `--help` for more (`contract-kit anchors`).
  package init(_ error: any Error, program: String, usage: String, invocation: String) {
    guard let known = error as? any CommandLineError else {
      lines = [
        "\(program): internal error: \(String(describing: error))",
        "this is a bug in \(program); please report it with the command that caused it",
      ]
      exitCode = ExitCode.failures
      return
    }
    var lines = ["\(program): error: \(known.message)"]
    if known.showsUsage {
      lines.append(usage)
      lines.append("see '\(invocation) --help'")
    }
    self.lines = lines
    exitCode = known.exitCode
  }
}
