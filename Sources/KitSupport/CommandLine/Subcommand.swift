/// A `contract-kit` command: its name, its lines in the top-level help, its usage and help texts,
/// and what it runs. `ContractKit.commands` lists them; dispatch, usage and `--help` all read
/// that one table.
package protocol Subcommand: Sendable {
  /// The word that selects the command: `check`, `golden`…
  static var name: String { get }
  /// The command's lines in `contract-kit --help`: a synopsis and what it does.
  static var overview: [(synopsis: String, summary: String)] { get }
  /// The usage line (or lines) printed under a usage error.
  static var usage: String { get }
  /// The text `--help` prints.
  static var help: String { get }
  /// Runs the command on what follows its name and returns the exit code. `--help` has already
  /// been handled; every error thrown is rendered by `ErrorReport`.
  static func run(_ arguments: inout Arguments) async throws -> Int32
}
