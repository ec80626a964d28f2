import Foundation

/// Runs the package's own executables from tests.
enum ChildProcess {
  /// The directory that holds the built products next to the test bundle.
  static let productsDirectory: URL = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    while url.pathComponents.count > 1 {
      url.deleteLastPathComponent()
      if url.pathExtension != "xctest" && !["Contents", "MacOS"].contains(url.lastPathComponent) {
        return url
      }
    }
    return url
  }()

  /// Starts `name` with `arguments`, its standard output piped back.
  static func start(_ name: String, _ arguments: [String]) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent(name)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    return (process, output)
  }

  /// Runs `name` to its end: its exit status and standard output.
  static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let (process, pipe) = try start(name, arguments)
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
