#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `swift package contract-kit` may do: the plugin verb `contract-kit` asks for no
/// permission, so a command that writes into the package is refused there and pointed at
/// `contract-kit-write`, the verb that asks for write access. `swift run contract-kit` is not a
/// plugin and writes as it always has.
package enum PluginAccess {
  /// Set by the read-only plugin verb.
  package static let readOnlyVariable = "CONTRACT_KIT_PLUGIN_READ_ONLY"

  /// Whether this run may write into the package.
  package static var canWrite: Bool { KitEnvironment.value(readOnlyVariable) != "1" }

  /// Throws when the read-only plugin runs `what`, a command that writes into the package.
  package static func requireWrite(_ what: String) throws(InputError) {
    guard !canWrite else { return }
    throw InputError(
      "\(what) writes into the package, and the contract-kit plugin verb may not; \(writeCommand)")
  }

  /// What to run instead of the read-only plugin verb when a command is to write.
  package static let writeCommand =
    "run swift package --allow-writing-to-package-directory contract-kit-write with the same arguments"
}
