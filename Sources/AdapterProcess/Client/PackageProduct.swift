import Foundation

// Adapter processes run on macOS and Linux; iOS, tvOS and watchOS have no Process.
#if os(macOS) || os(Linux)
  /// An executable product of your package, built beside the tests that run it: the adapter host
  /// a test starts as an adapter process.
  ///
  /// `swift test` builds an executable target that a test target depends on into the folder it
  /// builds the tests into. Name the host in the test target's dependencies, then give
  /// `PackageProduct.command(named: "StoreHost")` to a proxy, such as
  /// ``ProcessExecutionStore/open(command:directory:environment:)``: the guide "Your adapters in
  /// your own package" shows the whole test.
  public enum PackageProduct {
    /// Why a product is not there to run.
    public struct Missing: Error, CustomStringConvertible {
      /// One line: the product, where it was looked for, and what to do.
      public let description: String
    }

    /// The folder `swift test` (or Xcode) built the running tests into: the one that holds the
    /// `.xctest` bundle on macOS (where the process is Xcode's test runner), else the test
    /// binary's own folder.
    public static var buildFolder: URL {
      #if os(macOS)
        if let bundle = Bundle.allBundles.first(where: { $0.bundleURL.pathExtension == "xctest" }) {
          return bundle.bundleURL.deletingLastPathComponent()
        }
      #endif
      var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      repeat {
        folder.deleteLastPathComponent()
      } while folder.pathExtension == "xctest"
        || ["Contents", "MacOS"].contains(folder.lastPathComponent)
      return folder
    }

    /// The executable `name`, built beside the running tests.
    ///
    /// - Throws: ``Missing`` when no executable of that name is there.
    public static func executable(named name: String) throws -> URL {
      let url = buildFolder.appendingPathComponent(name)
      guard FileManager.default.isExecutableFile(atPath: url.path) else {
        throw Missing(
          description:
            "no executable \(name) in \(buildFolder.path); add \"\(name)\" (an executable target) to this test target's dependencies, so that swift test builds it"
        )
      }
      return url
    }

    /// The command line that runs the executable `name`, quoted for the adapter process
    /// proxies (``ProcessExecutionStore/open(command:directory:environment:)`` and the others).
    ///
    /// - Throws: ``Missing`` when no executable of that name is there.
    public static func command(named name: String) throws -> String {
      ShellWords.quote(try executable(named: name).path)
    }
  }
#endif
