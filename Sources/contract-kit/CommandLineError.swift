import AnchorCheck
import GoldenReplay
import KitSupport
import OpenAICompatible
import ProfileAdapters

// The library errors the command line meets are all about what it was given (a folder, a file,
// a config, a store directory), so they keep the default: exit code 2, their own one line. The
// anchor checker's are adopted in AnchorCheck, beside its command (AnchorsCommand.swift).
extension GoldenError: CommandLineError {}

extension DocumentProviderError: CommandLineError {}

extension ExecutionStoreError: CommandLineError {}

extension OpenAICompatibleServerProblem: CommandLineError {
  package var message: String {
    switch storage {
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

extension ErrorReport {
  /// The report for `error`, thrown while running `command` of `contract-kit` (nil: before a
  /// command was known).
  init(_ error: any Error, command: (any Subcommand.Type)?) {
    self.init(
      error, program: "contract-kit", usage: command?.usage ?? ContractKit.usage,
      invocation: "contract-kit" + (command.map { " \($0.name)" } ?? ""))
  }
}
