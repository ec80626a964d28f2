// Serves one of the kit's bundled adapters over JSON-RPC on standard input and output, as any
// adapter process would: `adapter-host-example store|document|translator|executor`.
//
//   swift run contract-kit conformance run --suite store \
//     --adapter-command "$(swift build --show-bin-path)/adapter-host-example store"
import AdapterHost
import ContractConformanceCore
import Foundation
import ProfileAdapters

let usage = "usage: adapter-host-example store|document|translator|executor"
switch CommandLine.arguments.dropFirst().first {
case "store":
  await AdapterHost.store { directory in try FileExecutionStore(directory: directory) }.serve()
case "document":
  await AdapterHost.documents { pages, pageCap in
    // One text file per document, each page ended by a form feed, in a folder of its own.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adapter-host-example-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try TextDocumentProvider.file(pages: pages).write(
      to: folder.appendingPathComponent("document.txt"))
    return (try TextDocumentProvider(directory: folder, pageCap: pageCap), "document.txt")
  }.serve()
case "translator":
  await AdapterHost.translator { SampleCorpusTranslator() }.serve()
case "executor":
  await AdapterHost.executor { ExtractiveModelExecutor() }.serve()
default:
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(2)
}
