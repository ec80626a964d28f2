// `swift package contract-kit ARGUMENTS`: runs `contract-kit ARGUMENTS` in the package's folder,
// as `swift run contract-kit` would, without write access to the package. A command that writes
// into it (anchors --fix, golden record, golden review --accept, conformance list --write) is
// refused with the line that runs it through `contract-kit-write` instead.
import Foundation
import PackagePlugin

@main
struct ContractKitPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let process = Process()
    process.executableURL = try context.tool(named: "contract-kit").url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    process.environment = ProcessInfo.processInfo.environment.merging([
      "CONTRACT_KIT_PLUGIN_READ_ONLY": "1"
    ]) { $1 }
    try process.run()
    process.waitUntilExit()
    // contract-kit has printed its findings or its one-line error; pass its exit code on.
    if process.terminationStatus != 0 { exit(process.terminationStatus) }
  }
}
