// `swift package contract-kit ARGUMENTS`: runs `contract-kit ARGUMENTS` in the package's folder,
// as `swift run contract-kit` would, without write access to the package. A command that writes
// into it (anchors --fix, golden record, golden review --accept, conformance list --write) is
// refused with the line that runs it through `contract-kit-write` instead.
//
// The products the command runs as adapters (`--adapter-product NAME`, and the "product"s of
// contract-kit.json for `check`) are built here, through SwiftPM's own plugin API: SwiftPM holds
// the package's build folder while a plugin runs, so contract-kit cannot build them itself. Their
// paths, or why one could not be built, go to contract-kit in CONTRACT_KIT_BUILT_PRODUCTS.
import Foundation
import PackagePlugin

@main
struct ContractKitPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var environment = ProcessInfo.processInfo.environment.merging([
      "CONTRACT_KIT_PLUGIN_READ_ONLY": "1"
    ]) { $1 }
    let products = Self.products(arguments, in: context.package.directoryURL)
    if !products.isEmpty {
      var built: [String: [String: String]] = [:]
      for name in products {
        built[name] = try build(name)
      }
      let data = try JSONSerialization.data(withJSONObject: built, options: [.sortedKeys])
      environment["CONTRACT_KIT_BUILT_PRODUCTS"] = String(decoding: data, as: UTF8.self)
    }
    let process = Process()
    process.executableURL = try context.tool(named: "contract-kit").url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    // contract-kit has printed its findings or its one-line error; pass its exit code on.
    if process.terminationStatus != 0 { exit(process.terminationStatus) }
  }

  /// Builds the product `name` (debug): `{"path": …}` for its executable, or `{"error": …}`
  /// saying why there is none, for contract-kit to report.
  private func build(_ name: String) throws -> [String: String] {
    let result: PackageManager.BuildResult
    do {
      result = try packageManager.build(
        .product(name), parameters: PackageManager.BuildParameters(configuration: .debug))
    } catch {
      return ["error": "\(error)"]
    }
    guard result.succeeded else {
      let lines = result.logText.split(whereSeparator: \.isNewline).map(String.init)
      // SwiftPM prints some errors (no such product) itself, above, and not into the log.
      return ["error": lines.last { $0.contains("error:") } ?? "SwiftPM's error is above"]
    }
    guard let executable = result.builtArtifacts.first(where: { $0.kind == .executable }) else {
      return ["error": "it built no executable"]
    }
    return ["path": executable.url.path]
  }

  /// The products `arguments` runs as adapters: each `--adapter-product NAME`, and for `check`,
  /// every "product" of the package's contract-kit.json (read loosely: contract-kit itself
  /// reports a malformed file).
  static func products(_ arguments: [String], in package: URL) -> [String] {
    var names: [String] = []
    var words = arguments[...]
    while let word = words.popFirst() {
      if word == "--adapter-product", let name = words.popFirst() {
        names.append(name)
      } else if word.hasPrefix("--adapter-product=") {
        names.append(String(word.dropFirst("--adapter-product=".count)))
      }
    }
    if arguments.first == "check",
      let data = try? Data(contentsOf: package.appendingPathComponent("contract-kit.json")),
      let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let adapters = top["adapters"] as? [[String: Any]]
    {
      names += adapters.compactMap { $0["product"] as? String }
    }
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }
}
