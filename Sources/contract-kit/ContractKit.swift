import AnchorCheck
import Foundation
import KitSupport

/// The `contract-kit` command: parsing, wiring and printing over the kit's libraries.
enum ContractKit {
  /// Every command, in the order help lists them.
  static let commands: [any Subcommand.Type] = [
    CheckCommand.self, ConformanceCommand.self, AnchorsCommand.self, GoldenCommand.self,
    SummarizeCommand.self,
  ]

  static var names: [String] { commands.map { $0.name } }

  static let usage =
    "usage: contract-kit <command> [options]   (commands: \(names.joined(separator: ", ")))"

  static let help: String = {
    let overview = commands.flatMap { $0.overview }
    let lines = overview.map { entry in
      "  " + entry.synopsis.padding(toLength: 28, withPad: " ", startingAt: 0) + entry.summary
    }
    return """
      contract-kit: check a summarization core's adapters and decisions against the contract.

      \(usage)

      Commands:
      \(lines.joined(separator: "\n"))

      Run 'contract-kit <command> --help' for a command's options, 'contract-kit --version' for
      the kit's version.
      Exit codes: 0 everything passed, 1 failures found, 2 usage or input error.
      """
  }()

  /// Runs the command line and returns the exit code. Every error is rendered here, once.
  static func main(_ arguments: [String]) async -> Int32 {
    if arguments == ["--version"] {
      Output.print("contract-kit \(KitVersion.current)")
      return ExitCode.ok
    }
    var arguments = Arguments(arguments)
    let name = arguments.nextPositional()
    let command = commands.first { $0.name == name }
    do {
      if name == "help" || (name == nil && arguments.wantsHelp()) {
        Output.print(help)
        return ExitCode.ok
      }
      guard let command else {
        guard let name else { throw UsageError("no command given") }
        let choices = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        throw UsageError("unknown command '\(name)'; use \(choices)")
      }
      if arguments.wantsHelp() {
        Output.print(command.help)
        return ExitCode.ok
      }
      return try await command.run(&arguments)
    } catch {
      let report = ErrorReport(error, command: command)
      for line in report.lines { Output.error(line) }
      return report.exitCode
    }
  }
}
