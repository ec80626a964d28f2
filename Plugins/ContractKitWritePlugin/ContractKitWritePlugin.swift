// `swift package --allow-writing-to-package-directory contract-kit-write ARGUMENTS`: runs
// `contract-kit ARGUMENTS` in the package's folder with write access, for the commands that
// write into the package: anchors --fix, golden record, golden review --accept, conformance
// list --write.
import Foundation
import PackagePlugin

@main
struct ContractKitWritePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let process = Process()
    process.executableURL = try context.tool(named: "contract-kit").url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    // contract-kit has printed its findings or its one-line error; pass its exit code on.
    if process.terminationStatus != 0 { exit(process.terminationStatus) }
  }
}
