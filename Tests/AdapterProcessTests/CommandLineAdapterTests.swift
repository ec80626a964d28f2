import ContractConformance
import Foundation
import TestSupport
import Testing

/// `contract-kit conformance run --adapter-command`, as a user runs it on the Python examples.
@Suite(.integration) struct CommandLineAdapterTests {
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = Products.directory.appendingPathComponent("contract-kit")
    process.arguments = arguments
    process.currentDirectoryURL = RealCrashTests.root
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test(
    .enabled(
      if: Backends.runPython, "python3 is not installed; install it with tools/install-backends"),
    arguments: [
      ("store", "Conformance/examples/store.py"), ("document", "Conformance/examples/document.py"),
    ])
  func thePythonExamplesPassTheirSuiteFromTheCommandLine(suite: String, script: String) throws {
    let python = try #require(Backends.python3, "python3 not found")
    let result = try Self.run([
      "conformance", "run", "--suite", suite, "--adapter-command", "\(python) \(script)",
    ])
    #expect(result.status == 0, "\(result.output)")
    let rules = RuleBook.suites.first { $0.name == suite }?.rules.count ?? 0
    #expect(
      result.output.contains(
        "\(suite) (\(python) \(script)): \(rules) passed, 0 failed, 0 skipped"))
    // The limit follows the adapter's measured speed, and the report says so.
    #expect(result.output.contains("note: each check's limit: "), "\(result.output)")
    #expect(result.output.contains("60 times one measured use ("), "\(result.output)")
  }

  /// --check-timeout sets each check's limit of an adapter in its own process, and the report
  /// says it was given.
  @Test(
    .enabled(
      if: Backends.runPython, "python3 is not installed; install it with tools/install-backends"))
  func aGivenCheckTimeoutIsEachChecksLimit() throws {
    let python = try #require(Backends.python3, "python3 not found")
    let result = try Self.run([
      "conformance", "run", "--suite", "document", "--rule", "document.text",
      "--adapter-command", "\(python) Conformance/examples/document.py", "--check-timeout", "30",
    ])
    #expect(result.status == 0, "\(result.output)")
    #expect(
      result.output.contains("note: each check's limit: 30.00 s, as given"), "\(result.output)")
  }

  @Test func aMissingSuiteOrAnEmptyCommandIsAUsageError() throws {
    let missing = try Self.run(["conformance", "run", "--adapter-command", "python3 x.py"])
    #expect(missing.status == 2)
    #expect(
      missing.output.hasPrefix(
        "contract-kit: error: --adapter-command checks one adapter; pass --suite with it"))
    let empty = try Self.run(["conformance", "run", "--suite", "store", "--adapter-command", " "])
    #expect(empty.status == 2)
    #expect(
      empty.output.hasPrefix("contract-kit: error: --adapter-command: the adapter command is empty")
    )
    let unclosed = try Self.run([
      "conformance", "run", "--suite", "store", "--adapter-command", "python3 'x",
    ])
    #expect(unclosed.status == 2)
    #expect(unclosed.output.contains("ends inside a quote or after a backslash; close it"))
  }
}
