// swift-tools-version: 6.0
// The kit's benchmarks: release-build executables that print figures and ratios. Run them through
// the scripts beside this folder (tools/bench-*), not as tests.
import PackageDescription

let package = Package(
  name: "ContractKitBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "ProfileContractKit", path: "../..")],
  targets: [
    .executableTarget(
      name: "bench-golden",
      dependencies: [
        .product(name: "GoldenReplay", package: "ProfileContractKit"),
        .product(name: "ProfileContracts", package: "ProfileContractKit"),
        .product(name: "ProfileCore", package: "ProfileContractKit"),
        .product(name: "ReferenceSuites", package: "ProfileContractKit"),
      ]),
    .executableTarget(
      name: "bench-store",
      dependencies: [
        .product(name: "ProfileAdapters", package: "ProfileContractKit"),
        .product(name: "ProfileContracts", package: "ProfileContractKit"),
      ]),
    .executableTarget(
      name: "bench-pdf",
      dependencies: [.product(name: "ProfileAdapters", package: "ProfileContractKit")]),
    .executableTarget(
      name: "langid-eval",
      dependencies: [.product(name: "LanguageIdentification", package: "ProfileContractKit")]),
  ],
  swiftLanguageModes: [.v6]
)
