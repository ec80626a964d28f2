import Foundation

/// Runs a program to its end and hands back what it printed, for tests that read a tool's output.
public enum ProcessOutput {
  /// A program that exited other than 0: what it was, its status and its standard error.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// What `executable`, run with `arguments`, printed on standard output.
  ///
  /// - Throws: a ``Failure`` when it exits other than 0, or what starting it threw.
  @discardableResult
  public static func run(_ executable: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description:
          "\(executable) \(arguments.first ?? "") exited \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))"
      )
    }
    return data
  }
}
