// Serves one of the kit's bundled adapters over JSON-RPC on standard input and output, as any
// adapter process would: `adapter-host-example store|document|translator|executor`.
//
//   swift run contract-kit conformance run --suite store \
//     --adapter-command "$(swift build --show-bin-path)/adapter-host-example store"
import AdapterProcess
import Foundation
import ProfileAdapters
import ReferenceSuites

let usage = "usage: adapter-host-example store|document|translator|executor"
switch CommandLine.arguments.dropFirst().first {
case "store":
  await AdapterHost.store { directory in try FileExecutionStore(directory: directory) }.serve()
case "document":
  // Each document is a text file, its pages ended by form feeds, in a folder of this process's
  // own, which goes when the process does: at the end of its input, or at the SIGTERM a proxy
  // sends when it is released.
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "adapter-host-example-\(UUID().uuidString)", isDirectory: true)
  // One queue removes it, so the two ends never race: the process exits once it is gone.
  let cleanup = DispatchQueue(label: "adapter-host-example.cleanup")
  signal(SIGTERM, SIG_IGN)
  let termination = DispatchSource.makeSignalSource(signal: SIGTERM, queue: cleanup)
  termination.setEventHandler {
    try? FileManager.default.removeItem(at: folder)
    exit(0)
  }
  termination.resume()
  await AdapterHost.documents { pages, pageCap in
    let document = folder.appendingPathComponent(UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: document, withIntermediateDirectories: true)
    try TextDocumentProvider.file(pages: pages).write(
      to: document.appendingPathComponent("document.txt"))
    return (try TextDocumentProvider(directory: document, pageCap: pageCap), "document.txt")
  }.serve()
  cleanup.sync { try? FileManager.default.removeItem(at: folder) }
case "translator":
  await AdapterHost.translator { SampleCorpusTranslator() }.serve()
case "executor":
  await AdapterHost.executor { ExtractiveModelExecutor() }.serve()
default:
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(2)
}
