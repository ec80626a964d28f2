import AnchorCheck
import GoldenReplay
import OpenAICompatible
import ProfileAdapters

/// An error the command line knows how to show: one line, an exit code, and whether the usage
/// line belongs under it. Every error the CLI expects adopts it here, in one place; anything else
/// that reaches `main` is a bug in the kit and is reported as an internal error.
protocol CommandLineError: Error {
  /// The one line after `contract-kit: error: `, naming the thing and the fix.
  var message: String { get }
  /// 2 for usage and input errors, 1 for a run that failed.
  var exitCode: Int32 { get }
  /// Whether the command's usage line and a pointer to `--help` follow the message.
  var showsUsage: Bool { get }
}

extension CommandLineError {
  var exitCode: Int32 { ExitCode.usage }
  var showsUsage: Bool { false }
}

/// A mistake in how the command was called: exit code 2, with the usage line.
struct UsageError: CommandLineError {
  let message: String
  init(_ message: String) { self.message = message }
  var showsUsage: Bool { true }
}

/// Bad input that is not a usage mistake and has no library error of its own (an unusable
/// scratch directory, a rule book that cannot be written): exit code 2.
struct InputError: CommandLineError {
  let message: String
  init(_ message: String) { self.message = message }
}

// The library errors the command line meets are all about what it was given (a folder, a file,
// a config, a store directory), so they keep the default: exit code 2, their own one line.
extension GoldenError: CommandLineError {}

extension AnchorConfigError: CommandLineError {}

extension AnchorInputError: CommandLineError {}

extension DocumentProviderError: CommandLineError {}

extension ExecutionStoreError: CommandLineError {}

extension OpenAICompatibleServerProblem: CommandLineError {
  var message: String {
    switch self {
    case .unreachable(let url, let detail):
      return
        "no model server answers at \(url) (\(detail)); start one (tools/llm-server start prints its URL) or correct --base-url"
    case .notTheAPI(let url, _, let detail):
      return
        "\(url) is not an OpenAI-compatible API (\(detail)); --base-url should be the API root that chat/completions hangs off, such as http://127.0.0.1:8080/v1"
    case .needsKey(let url, let status, let message):
      return
        "\(url) answered HTTP \(status) (\(message)); set OPENAI_API_KEY to a key this server accepts"
    case .unknownModel(let model, let served, let url):
      let list = served.isEmpty ? "no models" : served.joined(separator: ", ")
      return
        "the server at \(url) does not serve model '\(model)'; it serves \(list): pass one with --model-name"
    case .failed(let url, let status, let message):
      return "\(url) answered HTTP \(status) (\(message)); see the server's log"
    }
  }
}

/// What the command line prints for an error, and the code it exits with: the one mapping from
/// errors to output, in the manner of swift-argument-parser's `MessageInfo`.
struct ErrorReport: Equatable {
  /// Lines for standard error.
  let lines: [String]
  /// The process's exit code.
  let exitCode: Int32

  /// The report for `error`, thrown while running `command` (nil: before a command was known).
  init(_ error: any Error, command: (any Subcommand.Type)?) {
    guard let known = error as? any CommandLineError else {
      lines = [
        "contract-kit: internal error: \(String(describing: error))",
        "this is a bug in contract-kit; please report it with the command that caused it",
      ]
      exitCode = ExitCode.failures
      return
    }
    var lines = ["contract-kit: error: \(known.message)"]
    if known.showsUsage {
      lines.append(command?.usage ?? ContractKit.usage)
      lines.append("see 'contract-kit\(command.map { " \($0.name)" } ?? "") --help'")
    }
    self.lines = lines
    exitCode = known.exitCode
  }
}
