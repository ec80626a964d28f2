// swift-tools-version: 6.0
// The kit's benchmarks and research tools, beside the library as swift-collections keeps its own:
// the bench executables, the anchor parser's fuzz harness with its reference parser, and the
// adapters' HTTP requests for the model comparison. They reach the kit through its products
// only, as a user's package would; what they need of its internals is `@_spi(Benchmarks)`.
// The scripts beside this file build and run them (see docs/Benchmarks.md).

import PackageDescription

let package = Package(
  name: "ProfileContractKitBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "ProfileContractKit", path: "..")],
  targets: [
    // Golden replay speed: the kit's corpus and a generated one, replayed and only decoded.
    .executableTarget(
      name: "bench-golden",
      dependencies: [
        .product(name: "GoldenReplayTesting", package: "ProfileContractKit"),
        .product(name: "ProfileAdapters", package: "ProfileContractKit"),
        .product(name: "ProfileContracts", package: "ProfileContractKit"),
        .product(name: "ProfileCore", package: "ProfileContractKit"),
      ]),
    // The file store's save, load and reopen times across record sizes.
    .executableTarget(
      name: "bench-store",
      dependencies: [
        .product(name: "ProfileAdapters", package: "ProfileContractKit"),
        .product(name: "ProfileContracts", package: "ProfileContractKit"),
      ]),
    // The PDF provider's page reads on real and generated PDFs.
    .executableTarget(
      name: "bench-pdf",
      dependencies: [.product(name: "ProfileAdapters", package: "ProfileContractKit")]),
    // Not a bench: the adapters' HTTP requests, for llm/compare-models.py to send.
    .executableTarget(
      name: "model-requests",
      dependencies: [
        .product(name: "ContractConformance", package: "ProfileContractKit"),
        .product(name: "GoldenReplayTesting", package: "ProfileContractKit"),
        .product(name: "OpenAICompatible", package: "ProfileContractKit"),
        .product(name: "ProfileContracts", package: "ProfileContractKit"),
        .product(name: "ProfileCore", package: "ProfileContractKit"),
      ]),
    // The language identifier's accuracy on the labelled evaluation set (langid/evaluate.py).
    .executableTarget(
      name: "langid-eval",
      dependencies: [.product(name: "ProfileCore", package: "ProfileContractKit")]),
    // The anchor parser's and the declaration scanner's libFuzzer harness. ./fuzz-anchors builds
    // it with coverage and libFuzzer (CONTRACT_KIT_FUZZ); a plain build replays files.
    .executableTarget(
      name: "fuzz-anchors",
      dependencies: [.product(name: "AnchorCheck", package: "ProfileContractKit")]),
  ],
  swiftLanguageModes: [.v6]
)
