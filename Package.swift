// swift-tools-version: 6.0
// ProfileContractKit: conformance suites, golden replays and a prose-anchor checker for the
// boundary between a summarization core and the app that hosts it. No package dependencies:
// only the toolchain's own modules.

import PackageDescription

let package = Package(
  name: "ProfileContractKit",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    // Eight libraries, each a job a user has; every other target is internal.
    // The four adapter protocols and every value that crosses them (with the JSON types).
    .library(name: "ProfileContracts", targets: ["ProfileContracts"]),
    // The four conformance suites, for a test target (with the language identifiers the
    // translator suite takes).
    .library(name: "ContractConformance", targets: ["ContractConformance"]),
    // Golden replays of a core's decisions, for a test target (re-exports GoldenReplay).
    .library(name: "GoldenReplayTesting", targets: ["GoldenReplayTesting"]),
    // The prose-anchor checker.
    .library(name: "AnchorCheck", targets: ["AnchorCheck"]),
    // The reference core over the four protocols, with its language identifiers.
    .library(name: "ProfileCore", targets: ["ProfileCore"]),
    // The reference adapters: stores, text and PDF providers, the extractive executor.
    .library(name: "ProfileAdapters", targets: ["ProfileAdapters"]),
    // An executor and a translator over OpenAI-compatible model servers.
    .library(name: "OpenAICompatible", targets: ["OpenAICompatible"]),
    // Adapters out of process: AdapterHost serves one over JSON-RPC on stdio, AdapterProcess
    // starts one and calls it (macOS and Linux).
    .library(name: "AdapterProcess", targets: ["AdapterProcess"]),
    .executable(name: "contract-kit", targets: ["contract-kit"]),
    // `contract-kit anchors` alone, for CI gates: it links only the anchor checker, so it starts
    // without the model-server client (on Linux, FoundationNetworking and libcurl).
    .executable(name: "contract-kit-anchors", targets: ["contract-kit-anchors"]),
    // The bundled adapters served over JSON-RPC, an example of AdapterHost.
    .executable(name: "adapter-host-example", targets: ["adapter-host-example"]),
    // swift package contract-kit …: the CLI as a command plugin, read-only, and
    // swift package --allow-writing-to-package-directory contract-kit-write … for --fix,
    // recording and accepting.
    .plugin(name: "ContractKitPlugin", targets: ["ContractKitPlugin"]),
    .plugin(name: "ContractKitWritePlugin", targets: ["ContractKitWritePlugin"]),
  ],
  targets: [
    // The kit's own support, for every module and neither product's business: canonical JSON
    // (re-exported by ProfileContracts), the one lock, the settings from the environment, the
    // findings and their reports (SARIF, GitHub annotations, JUnit), the process launcher's Swift
    // side, and the command line's plumbing.
    .target(name: "KitSupport", dependencies: ["CKitProcess"]),
    // The process launcher (posix_spawn, pipes, writes that cannot raise SIGPIPE), in C for the
    // GNU extensions Swift's Glibc module does not show; macOS and Linux only.
    .target(name: "CKitProcess"),
    .target(name: "ProfileContracts", dependencies: ["KitSupport"]),
    // The reference core, with the language identifiers it re-proves translations with (the
    // translator suite judges with the same ones).
    .target(name: "ProfileCore", dependencies: ["ProfileContracts"]),
    .target(name: "ProfileAdapters", dependencies: ["ProfileContracts", "KitSupport"]),
    // An executor and a translator over OpenAI-compatible chat-completions servers.
    .target(name: "OpenAICompatible", dependencies: ["ProfileContracts", "KitSupport"]),
    // Adapters out of process: the JSON-RPC wire format, the host an adapter process serves
    // with, the proxies that start one and call it (macOS and Linux), and what the suites learn
    // from one (its breakdowns, the store suite's crash harness).
    .target(name: "AdapterProcess", dependencies: ["ProfileContracts", "KitSupport"]),
    // The suites and reports, free of any test framework so the command line can link them. The
    // file-operation recorder is C that store.powerLoss compiles at run time with the toolchain's
    // clang: a resource, never linked into the kit.
    .target(
      name: "ContractConformanceCore",
      dependencies: ["ProfileContracts", "ProfileCore", "AdapterProcess", "KitSupport"],
      resources: [.copy("PowerLoss/FileOperationRecorder.c")]),
    // What users import: the suites, plus recordIssues() for XCTest and Swift Testing.
    .target(
      name: "ContractConformance",
      dependencies: [
        "ContractConformanceCore", "ProfileCore", "AdapterProcess", "GoldenReplayTesting",
        "KitSupport",
      ]),
    // Recording and replay of boundary calls, over any core and whatever offline model it is
    // given.
    .target(name: "GoldenReplay", dependencies: ["ProfileContracts", "KitSupport"]),
    // GoldenReplay plus recordIssue() for XCTest and Swift Testing, and the one place that picks
    // the test framework (ContractConformance reports through it too).
    .target(name: "GoldenReplayTesting", dependencies: ["GoldenReplay"]),
    // The prose-anchor checker, and `anchors`, the one command both executables run.
    .target(name: "AnchorCheck", dependencies: ["KitSupport"]),
    // The kit's own wiring, for the command line and the tests: the suites over the bundled
    // adapters (with the phrasebook translator), the reference core over golden adapters, and
    // the PDF fixtures.
    .target(
      name: "ReferenceSuites",
      dependencies: [
        "ContractConformanceCore", "ProfileAdapters", "GoldenReplay", "ProfileCore",
        "AdapterProcess", "OpenAICompatible", "KitSupport", "ProfileContracts",
      ]),
    .executableTarget(
      name: "contract-kit",
      dependencies: [
        "ReferenceSuites", "ContractConformanceCore", "AnchorCheck", "ProfileCore",
        "ProfileAdapters", "ProfileContracts", "GoldenReplay", "AdapterProcess", "OpenAICompatible",
        "KitSupport",
      ]),
    .executableTarget(name: "contract-kit-anchors", dependencies: ["AnchorCheck", "KitSupport"]),
    // The bundled adapters served over JSON-RPC: an example of AdapterProcess's host.
    .executableTarget(
      name: "adapter-host-example",
      dependencies: ["AdapterProcess", "ProfileAdapters", "ReferenceSuites"],
      path: "Examples/adapter-host-example"),
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
    .testTarget(
      name: "KitSupportTests", dependencies: ["KitSupport", "CKitProcess", "TestSupport"]),
    .testTarget(name: "ProfileContractsTests", dependencies: ["ProfileContracts"]),
    .testTarget(
      name: "LanguageIdentificationTests", dependencies: ["ProfileCore"],
      resources: [.copy("Labelled")]),
    .testTarget(
      name: "ContractConformanceTests",
      dependencies: [
        "ContractConformance", "ProfileAdapters", "ReferenceSuites", "KitSupport", "TestSupport",
        "ContractConformanceCore", "ProfileContracts",
      ]),
    .testTarget(
      name: "AnchorCheckTests", dependencies: ["AnchorCheck", "KitSupport", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ProfileCoreTests",
      dependencies: ["ProfileCore", "ProfileContracts", "ProfileAdapters", "KitSupport"]),
    .testTarget(
      name: "GoldenReplayTests",
      dependencies: [
        "GoldenReplay", "GoldenReplayTesting", "ProfileAdapters", "ProfileCore", "ProfileContracts",
        "ReferenceSuites", "TestSupport", "KitSupport",
      ]),
    .testTarget(
      name: "ContractKitCLITests",
      dependencies: [
        "contract-kit", "contract-kit-anchors", "KitSupport", "AnchorCheck", "ReferenceSuites",
        "AdapterProcess",
        "TestSupport", "ContractConformanceCore", "GoldenReplayTesting", "GoldenReplay",
        "ProfileAdapters", "ProfileContracts", "ProfileCore",
      ],
      exclude: ["Fixtures"]),
    // Deliberately broken adapters served out of process, for the crash-isolation tests.
    .executableTarget(
      name: "adapter-host-fixtures",
      dependencies: [
        "AdapterProcess", "ProfileAdapters", "ContractConformanceCore", "KitSupport",
        "ProfileContracts", "ReferenceSuites", "TestSupport",
      ],
      path: "Tests/Executables/adapter-host-fixtures"),
    // Which runtime tools (python3, poppler, the PDF fixture producer) the tests can use.
    .target(
      name: "TestSupport",
      dependencies: ["ProfileAdapters", "ProfileContracts", "ReferenceSuites", "KitSupport"],
      path: "Tests/TestSupport", exclude: ["Fixtures"]),
    .testTarget(
      name: "AdapterProcessTests",
      dependencies: [
        "AdapterProcess", "ContractConformance", "ProfileAdapters", "adapter-host-example",
        "adapter-host-fixtures", "contract-kit", "TestSupport", "KitSupport", "ProfileContracts",
        "ContractConformanceCore", "ReferenceSuites",
      ],
      exclude: ["Fixtures"]),
    // The child the file store's crash test kills with SIGKILL in the middle of saves.
    .executableTarget(
      name: "store-crash-child", dependencies: ["ProfileAdapters", "ProfileContracts"],
      path: "Tests/Executables/store-crash-child"),
    .testTarget(
      name: "OpenAICompatibleTests",
      dependencies: ["OpenAICompatible", "ContractConformance", "TestSupport", "ProfileContracts"]),
    .testTarget(
      name: "ProfileAdaptersTests",
      dependencies: [
        "ProfileAdapters", "store-crash-child", "ReferenceSuites", "TestSupport", "KitSupport",
        "ProfileContracts",
      ]),
    // The app of the guide "Checking your own adapter": stand-ins over the reference adapters,
    // so that the guides' Swift blocks, each a quote of a GuideExamplesTests file, build and run.
    .target(
      name: "MyApp",
      dependencies: [
        "ContractConformance", "ProfileAdapters", "ProfileContracts", "KitSupport",
        "ReferenceSuites",
      ],
      path: "Tests/Examples/MyApp"),
    .testTarget(
      name: "GuideExamplesTests",
      dependencies: [
        "MyApp", "ContractConformance", "ProfileAdapters", "ProfileContracts", "ProfileCore",
        "OpenAICompatible", "AnchorCheck", "GoldenReplayTesting", "KitSupport", "ReferenceSuites",
        "TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
