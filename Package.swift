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
    // The four adapter protocols and every value that crosses them (re-exports KitJSON).
    .library(name: "ProfileContracts", targets: ["ProfileContracts"]),
    // The four conformance suites, for a test target (re-exports the suites' core and
    // LanguageIdentification).
    .library(name: "ContractConformance", targets: ["ContractConformance"]),
    // Golden replays of a core's decisions, for a test target (re-exports GoldenReplay).
    .library(name: "GoldenReplayTesting", targets: ["GoldenReplayTesting"]),
    // The prose-anchor checker.
    .library(name: "AnchorCheck", targets: ["AnchorCheck"]),
    // The reference core over the four protocols (re-exports LanguageIdentification).
    .library(name: "ProfileCore", targets: ["ProfileCore"]),
    // The reference adapters: stores, text and PDF providers, the extractive executor.
    .library(name: "ProfileAdapters", targets: ["ProfileAdapters"]),
    // An executor and a translator over OpenAI-compatible model servers.
    .library(name: "OpenAICompatible", targets: ["OpenAICompatible"]),
    // Adapters out of process: AdapterHost serves one over JSON-RPC on stdio, AdapterProcess
    // starts one and calls it (macOS and Linux).
    .library(name: "AdapterProcess", targets: ["AdapterProcess", "AdapterHost"]),
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
    // Canonical JSON, JSONValue and UTF-8 validation: no dependencies, used by every module that
    // reads or writes JSON.
    .target(name: "KitJSON"),
    .target(name: "ProfileContracts", dependencies: ["KitJSON"]),
    // One finding model (an ID, a level, a location, expected, actual, advice) and the reports
    // every check shares: SARIF 2.1.0, GitHub annotations, XML text for JUnit.
    .target(name: "KitFindings", dependencies: ["KitJSON"]),
    .target(name: "LanguageIdentification"),
    // The kit's settings from the environment, under their names and with xcodebuild's
    // TEST_RUNNER_ prefix, and the one PATH lookup.
    .target(name: "KitEnvironment"),
    // The package's one lock, shared value, counter and thread start, without Foundation.
    .target(name: "Locking"),
    .target(
      name: "ProfileAdapters",
      dependencies: ["ProfileContracts", "Locking", "KitEnvironment", "KitProcess"]),
    // The one place that picks Swift Testing or XCTest for a failure, for the two testing modules.
    .target(name: "TestingBridge"),
    // The suites and reports, free of any test framework so the CLI can link them. The
    // power-loss check's file-operation recorder is C, a resource it compiles at run time.
    .target(
      name: "ContractConformanceCore",
      dependencies: [
        "ProfileContracts", "LanguageIdentification", "AdapterSupervision", "Locking",
        "KitEnvironment", "KitFindings", "KitProcess",
      ],
      resources: [.copy("PowerLoss/FileOperationRecorder.c")]),
    // What users import: the core re-exported (with the language identifiers the translator suite
    // takes and the store suite's crash harness), plus recordIssues() for XCTest and Swift
    // Testing.
    .target(
      name: "ContractConformance",
      dependencies: [
        "ContractConformanceCore", "LanguageIdentification", "AdapterSupervision", "TestingBridge",
        "KitEnvironment",
      ]),
    // The kit's process launcher (posix_spawn, poll, waitpid) for the programs it runs to their
    // end, git first; macOS and Linux only.
    .target(name: "CKitProcess"),
    .target(name: "KitProcess", dependencies: ["CKitProcess", "Locking"]),
    .target(
      name: "AnchorCheck",
      dependencies: ["KitJSON", "KitFindings", "KitProcess", "KitEnvironment", "Locking"]),
    .target(name: "ProfileCore", dependencies: ["ProfileContracts", "LanguageIdentification"]),
    // Recording and replay of boundary calls, over any core and whatever offline model it is
    // given.
    .target(
      name: "GoldenReplay",
      dependencies: ["ProfileContracts", "KitJSON", "Locking", "KitEnvironment", "KitFindings"]),
    // GoldenReplay plus recordIssue() for XCTest and Swift Testing, for users' test targets, and
    // the runner over the kit's offline model (ProfileAdapters' ExtractiveModelExecutor).
    .target(
      name: "GoldenReplayTesting",
      dependencies: ["GoldenReplay", "ProfileAdapters", "TestingBridge"]),
    // The kit's own wiring, for the CLI, the tests and the benchmarks: the suites over the
    // bundled adapters, and the reference core over golden adapters.
    .target(
      name: "ReferenceSuites",
      dependencies: [
        "ContractConformanceCore", "ProfileAdapters", "LanguageIdentification", "GoldenReplay",
        "ProfileCore", "AdapterProcess", "OpenAICompatible", "KitEnvironment", "Locking",
        "ProfileContracts", "KitProcess",
      ]),
    // JSON-RPC 2.0 over stdio: the wire format, the host an adapter process serves with, and the
    // proxies the suites call an adapter process through.
    .target(name: "AdapterWire", dependencies: ["ProfileContracts"]),
    .target(name: "AdapterHost", dependencies: ["AdapterWire", "ProfileContracts", "Locking"]),
    // What the suites learn from an adapter process without knowing how it runs: the breakdowns
    // noted during a check (AdapterFaults) and the store suite's crash harness.
    .target(name: "AdapterSupervision", dependencies: ["ProfileContracts", "Locking"]),
    .target(
      name: "AdapterProcess",
      dependencies: [
        "AdapterWire", "AdapterSupervision", "ProfileContracts", "Locking", "KitProcess",
      ]),
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
        "ProfileAdapters", "ProfileContracts",
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
    .testTarget(
      name: "KitProcessTests", dependencies: ["KitProcess", "CKitProcess", "TestSupport"]),
    .testTarget(name: "KitEnvironmentTests", dependencies: ["KitEnvironment"]),
    .testTarget(
      name: "KitFindingsTests", dependencies: ["KitFindings", "KitJSON", "KitEnvironment"]),
    .testTarget(name: "ProfileContractsTests", dependencies: ["ProfileContracts"]),
    .testTarget(
      name: "LanguageIdentificationTests", dependencies: ["LanguageIdentification"],
      resources: [.copy("Labelled")]),
    .testTarget(
      name: "ContractConformanceTests",
      dependencies: [
        "ContractConformance", "ProfileAdapters", "ReferenceSuites", "Locking", "KitEnvironment",
        "TestSupport", "ContractConformanceCore", "ProfileContracts",
      ]),
    .testTarget(
      name: "AnchorCheckTests", dependencies: ["AnchorCheck", "KitJSON", "Locking", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ProfileCoreTests",
      dependencies: [
        "ProfileCore", "ProfileContracts", "ProfileAdapters", "LanguageIdentification", "Locking",
        "KitEnvironment",
      ]),
    .testTarget(
      name: "GoldenReplayTests",
      dependencies: [
        "GoldenReplay", "GoldenReplayTesting", "ProfileCore", "ProfileContracts", "ReferenceSuites",
        "TestSupport", "KitJSON",
      ]),
    .testTarget(
      name: "ContractKitCLITests",
      dependencies: [
        "contract-kit", "contract-kit-anchors", "KitCommandLine", "AnchorsCommandLine",
        "ReferenceSuites", "TestSupport", "ContractConformanceCore", "GoldenReplayTesting",
        "AnchorCheck", "GoldenReplay", "ProfileAdapters", "ProfileContracts", "ProfileCore",
      ]),
    // Deliberately broken adapters served out of process, for the crash-isolation tests.
    .executableTarget(
      name: "adapter-host-fixtures",
      dependencies: [
        "AdapterHost", "ProfileAdapters", "ContractConformanceCore", "Locking", "ProfileContracts",
      ],
      path: "Tests/Executables/adapter-host-fixtures"),
    // Which runtime tools (python3, poppler, the PDF fixture producer) the tests can use.
    .target(
      name: "TestSupport", dependencies: ["ProfileAdapters", "ReferenceSuites", "KitEnvironment"],
      path: "Tests/TestSupport", exclude: ["Fixtures"]),
    .testTarget(
      name: "AdapterProcessTests",
      dependencies: [
        "AdapterProcess", "AdapterHost", "AdapterWire", "ContractConformance", "ProfileAdapters",
        "adapter-host-example", "adapter-host-fixtures", "contract-kit", "TestSupport", "Locking",
        "KitJSON", "ProfileContracts", "ContractConformanceCore",
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
        "ProfileAdapters", "store-crash-child", "ReferenceSuites", "TestSupport", "KitEnvironment",
        "ProfileContracts",
      ]),
    // The app of the guide "Checking your own adapter": stand-ins over the reference adapters,
    // so that the guides' Swift blocks, each a quote of a GuideExamplesTests file, build and run.
    .target(
      name: "MyApp",
      dependencies: ["ContractConformance", "ProfileAdapters", "ProfileContracts", "Locking"],
      path: "Tests/Examples/MyApp"),
    .testTarget(
      name: "GuideExamplesTests",
      dependencies: [
        "MyApp", "ContractConformance", "ProfileAdapters", "ProfileContracts", "ProfileCore",
        "OpenAICompatible", "AnchorCheck", "GoldenReplayTesting", "KitEnvironment",
        "ReferenceSuites", "TestSupport",
      ]),
    // The benchmarks (tools/bench-*): release-build executables that print figures and ratios.
    // Targets of this package, not products, so they reach the kit's internal wiring.
    .executableTarget(
      name: "bench-golden",
      dependencies: [
        "GoldenReplay", "ProfileAdapters", "ProfileContracts", "ProfileCore", "ReferenceSuites",
      ],
      path: "tools/benchmarks/bench-golden"),
    .executableTarget(
      name: "bench-store", dependencies: ["ProfileAdapters", "ProfileContracts"],
      path: "tools/benchmarks/bench-store"),
    .executableTarget(
      name: "bench-pdf", dependencies: ["ProfileAdapters"], path: "tools/benchmarks/bench-pdf"),
    // Not a bench: the adapters' HTTP requests, for tools/llm/compare-models.py to send.
    .executableTarget(
      name: "model-requests",
      dependencies: [
        "ContractConformanceCore", "GoldenReplay", "KitJSON", "OpenAICompatible",
        "ProfileContracts", "ProfileCore",
      ],
      path: "tools/benchmarks/model-requests"),
    .executableTarget(
      name: "langid-eval", dependencies: ["LanguageIdentification"],
      path: "tools/benchmarks/langid-eval"),
    // The anchor parser's and the declaration scanner's libFuzzer harness. tools/fuzz-anchors/run
    // builds it with coverage and libFuzzer (CONTRACT_KIT_FUZZ); a plain build replays files.
    .executableTarget(
      name: "fuzz-anchors", dependencies: ["AnchorCheck"], path: "tools/fuzz-anchors",
      exclude: ["corpus", "run"]),
  ],
  swiftLanguageModes: [.v6]
)
