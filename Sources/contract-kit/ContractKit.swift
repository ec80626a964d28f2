import Foundation

/// The `contract-kit` command: parsing, wiring and printing over the kit's libraries.
enum ContractKit {
  static let usage =
    "usage: contract-kit <command> [options]   (commands: check, conformance, anchors, golden, summarize)"

  static let help = """
    contract-kit: check a summarization core's adapters and decisions against the contract.

    \(usage)

    Commands:
      check                       Run every gate the kit has and print one line per gate.
      conformance list            List the conformance rules (text, markdown or json).
      conformance run             Run the conformance suites against the bundled adapters.
      anchors                     Find stale path:line citations in Markdown docs, and fix moved ones.
      golden replay|record|list   Replay the reference core's recorded boundary calls, without a model.
      summarize FILE              Run the reference core on a text file (progress survives Ctrl-C).

    Run 'contract-kit <command> --help' for a command's options.
    Exit codes: 0 everything passed, 1 failures found, 2 usage or input error.
    """

  /// Runs the command line and returns the exit code. Every error is rendered here.
  static func main(_ arguments: [String]) async -> Int32 {
    var arguments = Arguments(arguments)
    let command = arguments.nextPositional()
    do {
      switch command {
      case nil:
        if arguments.wantsHelp() {
          Output.print(help)
          return ExitCode.ok
        }
        throw UsageError("no command given")
      case "help":
        Output.print(help)
        return ExitCode.ok
      case "check":
        return try await CheckCommand.run(&arguments)
      case "conformance":
        return try await ConformanceCommand.run(&arguments)
      case "anchors":
        return try AnchorsCommand.run(&arguments)
      case "summarize":
        return try await SummarizeCommand.run(&arguments)
      case "golden":
        return try await GoldenCommand.run(&arguments)
      case let other?:
        throw UsageError(
          "unknown command '\(other)'; use check, conformance, anchors, golden or summarize")
      }
    } catch let error as UsageError {
      Output.error("contract-kit: error: \(error.message)")
      Output.error(usageLine(for: command))
      Output.error("see 'contract-kit\(command.map { " \($0)" } ?? "") --help'")
      return ExitCode.usage
    } catch let error as InputError {
      Output.error("contract-kit: error: \(error.message)")
      return ExitCode.usage
    } catch {
      Output.error("contract-kit: error: \(error)")
      return ExitCode.usage
    }
  }

  private static func usageLine(for command: String?) -> String {
    switch command {
    case "check": CheckCommand.usage
    case "conformance": ConformanceCommand.usage
    case "anchors": AnchorsCommand.usage
    case "summarize": SummarizeCommand.usage
    case "golden": GoldenCommand.usage
    default: usage
    }
  }
}
