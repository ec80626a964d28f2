// swift-tools-version: 6.0
// ProfileContractKit: conformance suites, golden replays and a prose-anchor checker for the
// boundary between a summarization core and the app that hosts it. No package dependencies:
// only the toolchain's own modules.

import PackageDescription

let package = Package(
  name: "ProfileContractKit",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "KitJSON", targets: ["KitJSON"]),
    .library(name: "ProfileContracts", targets: ["ProfileContracts"]),
    .library(name: "LanguageIdentification", targets: ["LanguageIdentification"]),
    .library(name: "ProfileAdapters", targets: ["ProfileAdapters"]),
    .library(name: "ContractConformance", targets: ["ContractConformance"]),
    .library(name: "ProfileCore", targets: ["ProfileCore"]),
    .library(name: "AnchorCheck", targets: ["AnchorCheck"]),
    .library(name: "GoldenReplay", targets: ["GoldenReplay"]),
    .library(name: "GoldenReplayTesting", targets: ["GoldenReplayTesting"]),
    // The kit's own wiring (the suites over the bundled adapters, the reference core over golden
    // adapters), a product so that tools/benchmarks drives the core exactly as the tests do.
    .library(name: "ReferenceSuites", targets: ["ReferenceSuites"]),
    .library(name: "AdapterHost", targets: ["AdapterHost"]),
    .library(name: "AdapterProcess", targets: ["AdapterProcess"]),
    .library(name: "OpenAICompatible", targets: ["OpenAICompatible"]),
    .executable(name: "contract-kit", targets: ["contract-kit"]),
    // `contract-kit anchors` alone, for CI gates: it links only the anchor checker, so it starts
    // without the model-server client (on Linux, FoundationNetworking and libcurl).
    .executable(name: "contract-kit-anchors", targets: ["contract-kit-anchors"]),
    .executable(name: "adapter-host-example", targets: ["adapter-host-example"]),
    // swift package contract-kit …: the CLI as a command plugin, read-only, and
    // swift package --allow-writing-to-package-directory contract-kit-write … for --fix,
    // recording and accepting.
    .plugin(name: "ContractKitPlugin", targets: ["ContractKitPlugin"]),
    .plugin(name: "ContractKitWritePlugin", targets: ["ContractKitWritePlugin"]),
  ],
  targets: [
    // Canonical JSON, JSONValue and UTF-8 validation: no dependencies, used by every module that
    // reads or writes JSON.
    .target(name: "KitJSON"),
    .target(name: "ProfileContracts", dependencies: ["KitJSON"]),
    .target(name: "LanguageIdentification"),
    // The kit's settings from the environment, under their names and with xcodebuild's
    // TEST_RUNNER_ prefix.
    .target(name: "KitEnvironment"),
    // The package's one lock helper.
    .target(name: "Locking"),
    .target(name: "ProfileAdapters", dependencies: ["ProfileContracts", "Locking"]),
    // The one place that picks Swift Testing or XCTest for a failure, for the two testing modules.
    .target(name: "TestingBridge"),
    // The suites and reports, free of any test framework so the CLI can link them.
    .target(
      name: "ContractConformanceCore",
      dependencies: [
        "ProfileContracts", "LanguageIdentification", "AdapterProcess", "Locking", "KitEnvironment",
      ]),
    // What users import: the core re-exported, plus recordIssues() for XCTest and Swift Testing.
    .target(
      name: "ContractConformance",
      dependencies: ["ContractConformanceCore", "TestingBridge", "KitEnvironment"]),
    // The kit's process launcher (posix_spawn, poll, waitpid) for the programs it runs to their
    // end, git first; macOS and Linux only.
    .target(name: "CKitProcess"),
    .target(name: "KitProcess", dependencies: ["CKitProcess"]),
    .target(name: "AnchorCheck", dependencies: ["KitJSON", "KitProcess", "Locking"]),
    .target(name: "ProfileCore", dependencies: ["ProfileContracts", "LanguageIdentification"]),
    // Recording and replay of boundary calls; ProfileAdapters supplies the offline model it
    // records from.
    .target(
      name: "GoldenReplay", dependencies: ["ProfileContracts", "ProfileAdapters", "KitEnvironment"]),
    // GoldenReplay plus recordIssue() for XCTest and Swift Testing, for users' test targets.
    .target(name: "GoldenReplayTesting", dependencies: ["GoldenReplay", "TestingBridge"]),
    // The kit's own wiring, for the CLI, the tests and the benchmarks: the suites over the
    // bundled adapters, and the reference core over golden adapters.
    .target(
      name: "ReferenceSuites",
      dependencies: [
        "ContractConformanceCore", "ProfileAdapters", "LanguageIdentification", "GoldenReplay",
        "ProfileCore", "AdapterProcess", "OpenAICompatible", "KitEnvironment",
      ]),
    // JSON-RPC 2.0 over stdio: the wire format, the host an adapter process serves with, and the
    // proxies the suites call an adapter process through.
    .target(name: "AdapterWire", dependencies: ["ProfileContracts"]),
    .target(name: "AdapterHost", dependencies: ["AdapterWire", "ProfileContracts", "Locking"]),
    .target(name: "AdapterProcess", dependencies: ["AdapterWire", "ProfileContracts", "Locking"]),
    // An executor and a translator over OpenAI-compatible chat-completions servers.
    .target(
      name: "OpenAICompatible", dependencies: ["ProfileContracts", "Locking", "KitEnvironment"]),
    .executableTarget(
      name: "adapter-host-example",
      dependencies: ["AdapterHost", "ProfileAdapters", "ContractConformanceCore"]),
    .executableTarget(
      name: "contract-kit",
      dependencies: [
        "ReferenceSuites", "ContractConformanceCore", "AnchorCheck", "ProfileCore",
        "ProfileAdapters",
        "LanguageIdentification", "GoldenReplay", "AdapterProcess", "OpenAICompatible", "Locking",
        "KitEnvironment", "KitCommandLine", "AnchorsCommandLine",
      ]),
    // The command line's plumbing, shared by both executables: arguments, output, errors and
    // their exit codes, and the subcommand protocol.
    .target(name: "KitCommandLine", dependencies: ["KitEnvironment", "Locking"]),
    // `anchors`, the one command both executables run.
    .target(name: "AnchorsCommandLine", dependencies: ["AnchorCheck", "KitCommandLine"]),
    .executableTarget(
      name: "contract-kit-anchors", dependencies: ["AnchorsCommandLine", "KitCommandLine"]),
    .plugin(
      name: "ContractKitPlugin",
      capability: .command(
        intent: .custom(
          verb: "contract-kit",
          description:
            "Run contract-kit (check, conformance, anchors, golden, summarize) on this package, without writing to it"
        )),
      dependencies: ["contract-kit"]),
    .plugin(
      name: "ContractKitWritePlugin",
      capability: .command(
        intent: .custom(
          verb: "contract-kit-write",
          description:
            "Run contract-kit on this package with write access: anchors --fix, golden record, golden review --accept"
        ),
        permissions: [
          .writeToPackageDirectory(
            reason:
              "contract-kit rewrites cited line numbers (anchors --fix), records golden scenarios and accepts reviewed runs in this package"
          )
        ]),
      dependencies: ["contract-kit"]),
    .testTarget(name: "KitJSONTests", dependencies: ["KitJSON"]),
    .testTarget(name: "KitProcessTests", dependencies: ["KitProcess", "CKitProcess"]),
    .testTarget(name: "KitEnvironmentTests", dependencies: ["KitEnvironment"]),
    .testTarget(name: "ProfileContractsTests", dependencies: ["ProfileContracts"]),
    .testTarget(
      name: "LanguageIdentificationTests", dependencies: ["LanguageIdentification"],
      resources: [.copy("Labelled")]),
    .testTarget(
      name: "ContractConformanceTests",
      dependencies: ["ContractConformance", "ProfileAdapters", "ReferenceSuites", "Locking"]),
    .testTarget(
      name: "AnchorCheckTests", dependencies: ["AnchorCheck", "KitJSON", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ProfileCoreTests",
      dependencies: [
        "ProfileCore", "ProfileContracts", "ProfileAdapters", "LanguageIdentification", "Locking",
      ]),
    .testTarget(
      name: "GoldenReplayTests",
      dependencies: [
        "GoldenReplay", "GoldenReplayTesting", "ProfileCore", "ProfileContracts", "ReferenceSuites",
      ]),
    .testTarget(
      name: "ContractKitCLITests",
      dependencies: [
        "contract-kit", "contract-kit-anchors", "KitCommandLine", "AnchorsCommandLine",
        "ReferenceSuites", "TestSupport", "ContractConformanceCore",
      ]),
    // Deliberately broken adapters served out of process, for the crash-isolation tests.
    .executableTarget(
      name: "adapter-host-fixtures",
      dependencies: ["AdapterHost", "ProfileAdapters", "ContractConformanceCore", "Locking"]),
    // Which runtime tools (python3, poppler, the PDF fixture producer) the tests can use.
    .target(
      name: "TestSupport", dependencies: ["ProfileAdapters", "ReferenceSuites"],
      path: "Tests/TestSupport", exclude: ["Fixtures"]),
    .testTarget(
      name: "AdapterProcessTests",
      dependencies: [
        "AdapterProcess", "AdapterHost", "AdapterWire", "ContractConformance", "ProfileAdapters",
        "adapter-host-example", "adapter-host-fixtures", "contract-kit", "TestSupport",
      ],
      exclude: ["Fixtures"]),
    .executableTarget(
      name: "store-crash-child", dependencies: ["ProfileAdapters", "ProfileContracts"]),
    .testTarget(
      name: "OpenAICompatibleTests",
      dependencies: ["OpenAICompatible", "ContractConformance", "TestSupport"]),
    .testTarget(
      name: "ProfileAdaptersTests",
      dependencies: ["ProfileAdapters", "store-crash-child", "ReferenceSuites", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
