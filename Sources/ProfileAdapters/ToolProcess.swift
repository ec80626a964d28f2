import Foundation
import KitEnvironment

// Foundation's Process runs poppler's tools; iOS, tvOS and watchOS have no Process.
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

    /// Runs `tool` with `arguments`, its output and errors going to files in `scratch` (so that
    /// neither can fill a pipe and stall it), and waits for it without blocking a thread.
    /// Cancelling the calling task terminates the process.
    package static func run(_ tool: URL, _ arguments: [String], scratch: URL) async throws -> Run {
      let name = UUID().uuidString
      let outputURL = scratch.appendingPathComponent("\(name).out")
      let errorURL = scratch.appendingPathComponent("\(name).err")
      for file in [outputURL, errorURL] {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
          throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
      }
      defer {
        try? FileManager.default.removeItem(at: outputURL)
        try? FileManager.default.removeItem(at: errorURL)
      }
      let output = try FileHandle(forWritingTo: outputURL)
      let errors = try FileHandle(forWritingTo: errorURL)
      defer {
        try? output.close()
        try? errors.close()
      }
      let process = Process()
      process.executableURL = tool
      process.arguments = arguments
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = output
      process.standardError = errors
      let status: Int32 = try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
          do {
            try process.run()
          } catch {
            process.terminationHandler = nil
            continuation.resume(throwing: error)
          }
        }
      } onCancel: {
        if process.isRunning { process.terminate() }
      }
      try Task.checkCancellation()
      let text = String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self)
      return Run(
        status: status, output: (try? Data(contentsOf: outputURL)) ?? Data(),
        errors: text.split(whereSeparator: \.isNewline).map(String.init))
    }
  }

#endif
