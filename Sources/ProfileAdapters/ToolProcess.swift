import Foundation
import KitSupport

// Poppler's tools run as child processes; iOS, tvOS and watchOS have none.
#if os(macOS) || os(Linux)

  /// Runs a command-line tool (poppler's, or a fixture producer) to the end, for the package's own
  /// modules.
  package enum ToolProcess {
    /// The first executable called `name` in the colon-separated `searchPath`, or `nil`.
    package static func find(_ name: String, in searchPath: String) -> URL? {
      ExecutableSearch.find(name, in: searchPath).map { URL(fileURLWithPath: $0) }
    }

    /// One finished run of a tool.
    package struct Run: Sendable {
      /// The exit status.
      package let status: Int32
      /// What it wrote to standard output.
      package let output: Data
      /// What it wrote to standard error, as lines.
      package let errors: [String]

      /// The lines that report errors rather than warnings; for poppler, `Syntax Error`,
      /// `Internal Error`, `I/O Error` and `Command Line Error`.
      package var errorLines: [String] {
        errors.filter { $0.contains("Error") && !$0.hasPrefix("Syntax Warning") }
      }
    }

    /// Runs `tool` with `arguments` to its end, its output and errors read whole (both pipes at
    /// once, so that neither can fill and stall it), without holding a thread of the caller's.
    /// Cancelling the calling task terminates the process.
    package static func run(_ tool: URL, _ arguments: [String]) async throws -> Run {
      let finished = try await ChildProcess.run(
        ChildProcess.Command(tool.path, arguments, errors: .kept))
      let text = String(decoding: finished.errors, as: UTF8.self)
      return Run(
        status: finished.status, output: Data(finished.output),
        errors: text.split(whereSeparator: \.isNewline).map(String.init))
    }
  }

#endif
