import AdapterProcess
import ContractConformanceCore
import Foundation
import KitSupport

/// An executable product of the user's package, built and run as an adapter over JSON-RPC:
/// `--adapter-product NAME`, and `"product"` in `contract-kit.json`.
///
/// From the command line, the product is built with `swift build --product NAME` in the current
/// directory. Under the command plugin, which holds the package's build folder while it runs,
/// the plugin builds it through SwiftPM's own plugin API and passes its path in
/// ``builtVariable``; this never runs SwiftPM then.
enum AdapterProduct {
  /// The environment variable the plugin passes built products in: a JSON object from each
  /// product's name to its executable's path.
  static let builtVariable = "CONTRACT_KIT_BUILT_PRODUCTS"

  /// The command that runs the product `name` of the package in `directory` as an adapter,
  /// after building it and checking that it answers a request.
  ///
  /// - Throws: ``InputError`` when there is no such product, it is not an executable, it does
  ///   not build, or it does not answer a request (it exits, or writes something else).
  static func command(_ name: String, in directory: URL) async throws -> String {
    let path = try await build(name, in: directory)
    let command = ShellWords.quote(path)
    try await probe(name, command: command)
    return command
  }

  /// Builds `name` and returns its executable's path.
  private static func build(_ name: String, in directory: URL) async throws -> String {
    if let built = KitEnvironment.value(builtVariable) {
      let products = try? JSONDecoder().decode(
        [String: [String: String]].self, from: Data(built.utf8))
      guard let product = products?[name] else {
        throw InputError(
          "the plugin built no product \(name) (\(builtVariable) is \(built)); pass --adapter-product NAME to swift package contract-kit"
        )
      }
      if let path = product["path"] { return try executable(name, path) }
      let reason = product["error"] ?? "no reason given"
      if reason == "it built no executable" {
        throw InputError(
          "product \(name) is not an executable (it built no executable); name an .executable product, the host that serves your adapter"
        )
      }
      throw InputError(
        "could not build product \(name): \(reason); name an executable product of this package's Package.swift, and fix its build"
      )
    }
    if KitEnvironment.value(PluginAccess.readOnlyVariable) == "1" {
      throw InputError(
        "\(name) was not built by the plugin, and the plugin's SwiftPM cannot build it again; run swift package contract-kit with --adapter-product NAME or contract-kit.json naming it"
      )
    }
    let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    guard let swift = ExecutableSearch.find("swift", in: searchPath) else {
      throw InputError(
        "--adapter-product needs swift on PATH to build \(name); add the toolchain to PATH, or pass --adapter-command with the built executable"
      )
    }
    let package = ["--package-path", directory.path]
    let build = try await ChildProcess.run(
      ChildProcess.Command(swift, ["build"] + package + ["--product", name], errors: .kept))
    guard build.status == 0 else {
      let lines =
        (String(decoding: build.errors, as: UTF8.self) + "\n"
        + String(decoding: build.output, as: UTF8.self))
        .split(whereSeparator: \.isNewline).map(String.init)
      if lines.contains(where: { $0.contains("no product named") }) {
        throw InputError(
          "no product \(name) in the package at \(directory.path); name an executable product of its Package.swift (the host that serves your adapter)"
        )
      }
      // The compiler's own line (`File.swift:3:5: error: …`), not the excerpt under it.
      let reason =
        (lines.first { $0.contains(": error: ") } ?? lines.last { $0.contains("error:") }
        ?? lines.last)?.trimmingCharacters(in: .whitespaces) ?? "exit \(build.status)"
      throw InputError(
        "swift build --product \(name) failed: \(reason); fix the build, then run again")
    }
    let bin = try await ChildProcess.run(
      ChildProcess.Command(swift, ["build"] + package + ["--show-bin-path"]))
    let folder = String(decoding: bin.output, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return try executable(name, URL(fileURLWithPath: folder).appendingPathComponent(name).path)
  }

  /// `path`, when an executable is there.
  private static func executable(_ name: String, _ path: String) throws -> String {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw InputError(
        "product \(name) is not an executable (nothing to run at \(path)); name an .executable product, the host that serves your adapter"
      )
    }
    return path
  }

  /// Starts the product and sends it one request no adapter serves: any answer, an error
  /// included, shows it speaks the protocol. One that exits first is not an adapter.
  private static func probe(_ name: String, command: String) async throws {
    let process: AdapterProcess
    do {
      process = try AdapterProcess(command: command)
    } catch {
      throw InputError("product \(name) does not start: \(error); check that it runs on its own")
    }
    defer { process.terminate() }
    let ended: String? =
      await withTimeout(.seconds(30)) {
        do {
          _ = try await process.call("contract-kit.probe", [:])
          return nil
        } catch let error as AdapterProcessError {
          return error.message
        } catch {
          return nil  // an error answer: it speaks JSON-RPC
        }
      } ?? nil
    if let ended {
      throw InputError(
        "product \(name) did not answer a request as an adapter does (\(ended)); it must serve the kit's adapter protocol on standard input and output, as AdapterHost does"
      )
    }
  }
}
