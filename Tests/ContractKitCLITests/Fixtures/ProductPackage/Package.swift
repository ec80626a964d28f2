// swift-tools-version:6.0
// A user's package in miniature, for `--adapter-product`: an adapter host (DocHost, a document
// provider over the kit's JSON-RPC protocol, in memory), an executable that is no adapter
// (Hello), and a library (Lib).
import PackageDescription

let package = Package(
  name: "ProductPackage",
  products: [
    .executable(name: "DocHost", targets: ["DocHost"]),
    .executable(name: "Hello", targets: ["Hello"]),
    .library(name: "Lib", targets: ["Lib"]),
  ],
  targets: [
    .executableTarget(name: "DocHost"),
    .executableTarget(name: "Hello"),
    .target(name: "Lib"),
  ]
)
