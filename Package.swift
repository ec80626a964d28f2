// swift-tools-version: 6.0
// ProfileContractKit: conformance suites, golden replays and a prose-anchor checker for the
// boundary between a summarization core and the app that hosts it. No package dependencies:
// only the toolchain's own modules.

import PackageDescription

let package = Package(
  name: "ProfileContractKit",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "ProfileContracts", targets: ["ProfileContracts"]),
    .library(name: "LanguageIdentification", targets: ["LanguageIdentification"]),
    .library(name: "ProfileAdapters", targets: ["ProfileAdapters"]),
  ],
  targets: [
    .target(name: "ProfileContracts"),
    .target(name: "LanguageIdentification"),
    .target(name: "ProfileAdapters", dependencies: ["ProfileContracts"]),
    .testTarget(name: "ProfileContractsTests", dependencies: ["ProfileContracts"]),
    .testTarget(
      name: "LanguageIdentificationTests", dependencies: ["LanguageIdentification"],
      resources: [.copy("Labelled")]),
    .executableTarget(
      name: "store-crash-child", dependencies: ["ProfileAdapters", "ProfileContracts"]),
    .testTarget(
      name: "ProfileAdaptersTests", dependencies: ["ProfileAdapters", "store-crash-child"]),
  ],
  swiftLanguageModes: [.v6]
)
