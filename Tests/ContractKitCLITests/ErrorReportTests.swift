import AnchorCheck
import Foundation
import GoldenReplay
import KitSupport
import ProfileAdapters
import TestSupport
import Testing

@testable import contract_kit

/// Every error the command line can meet, by type: the binary's exit code and its first line.
@Suite struct ErrorReportTests {
  struct Case: Sendable, CustomTestStringConvertible {
    /// The error type the case provokes.
    let type: String
    let arguments: [String]
    let status: Int32
    let firstLine: String
    let showsUsage: Bool
    var testDescription: String { "\(type): contract-kit " + arguments.joined(separator: " ") }
  }

  static let badConfig: String = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "anchors-bad-\(ProcessInfo.processInfo.processIdentifier).json")
    try? Data(#"{"inclde": []}"#.utf8).write(to: url)
    return url.path
  }()

  static let cases: [Case] = [
    Case(
      type: "UsageError", arguments: ["golden", "replay", "--format", "yaml"], status: 2,
      firstLine: "contract-kit: error: unknown value 'yaml' for --format", showsUsage: true),
    Case(
      type: "InputError", arguments: ["conformance", "run", "--scratch", "/no/such/dir"], status: 2,
      firstLine: "contract-kit: error: scratch directory /no/such/dir does not exist",
      showsUsage: false),
    Case(
      type: "GoldenError", arguments: ["golden", "list", "--dir", "/no/such/golden"], status: 2,
      firstLine: "contract-kit: error: golden folder /no/such/golden cannot be read",
      showsUsage: false),
    Case(
      type: "AnchorConfigError", arguments: ["anchors", "--config", badConfig], status: 2,
      firstLine: "contract-kit: error: ", showsUsage: false),
    Case(
      type: "AnchorInputError", arguments: ["anchors", "--root", "/no/such/root"], status: 2,
      firstLine: "contract-kit: error: ", showsUsage: false),
    Case(
      type: "DocumentProviderError", arguments: ["summarize", "/no/such/folder/report.txt"],
      status: 2, firstLine: "contract-kit: error: ", showsUsage: false),
    Case(
      type: "ExecutionStoreError",
      arguments: ["summarize", "Package.swift", "--store", "/etc/hostname"], status: 2,
      firstLine: "contract-kit: error: store directory /etc/hostname", showsUsage: false),
  ]

  @Test(.integration, arguments: cases)
  func eachErrorTypeExitsWithItsCodeAndOneLine(_ testCase: Case) throws {
    let result = try ContractKitBinary.run(testCase.arguments)
    #expect(result.status == testCase.status, "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty, "errors go to standard error only")
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix(testCase.firstLine) == true, "stderr: \(result.stderr)")
    #expect(lines.first?.contains("internal error") == false)
    // One line, plus the usage and a pointer to --help for usage mistakes only.
    if testCase.showsUsage {
      #expect(lines[1].hasPrefix("usage: contract-kit \(testCase.arguments[0])"))
      #expect(lines.dropLast().last == "see 'contract-kit \(testCase.arguments[0]) --help'")
    } else {
      #expect(lines.count == 2 && lines.last == "", "stderr: \(result.stderr)")
    }
  }

  struct Unexpected: Error, CustomStringConvertible {
    var description: String { "something the kit did not plan for" }
  }

  @Test func anUnexpectedErrorIsAnInternalErrorWithExitCodeOne() {
    let report = ErrorReport(Unexpected(), command: GoldenCommand.self)
    #expect(report.exitCode == 1)
    #expect(
      report.lines.first == "contract-kit: internal error: something the kit did not plan for")
    #expect(report.lines.count == 2)
  }

  @Test func usageErrorsPointAtTheirCommandsHelp() {
    let report = ErrorReport(UsageError("no good"), command: CheckCommand.self)
    #expect(
      report.lines == [
        "contract-kit: error: no good", "usage: contract-kit check",
        "see 'contract-kit check --help'",
      ])
    #expect(report.exitCode == 2)
    let topLevel = ErrorReport(UsageError("no command given"), command: nil)
    #expect(topLevel.lines.last == "see 'contract-kit --help'")
  }

  @Test func libraryErrorsKeepTheirOwnMessage() {
    let store = ExecutionStoreError(
      code: .corruptRecord, path: "/s/x", message: "record /s/x is torn; remove it")
    #expect(
      ErrorReport(store, command: SummarizeCommand.self)
        == ErrorReport(InputError("record /s/x is torn; remove it"), command: nil))
    let golden = ErrorReport(GoldenError("a.json: bad"), command: GoldenCommand.self)
    #expect(golden.lines == ["contract-kit: error: a.json: bad"] && golden.exitCode == 2)
  }

  @Test func helpListsEveryCommandOfTheTable() {
    for command in ContractKit.commands {
      for entry in command.overview {
        #expect(ContractKit.help.contains("  \(entry.synopsis)"), "\(entry.synopsis)")
      }
    }
    #expect(
      ContractKit.usage.hasSuffix("(commands: check, conformance, anchors, golden, summarize)"))
  }
}
