// The app of the guide "Checking your own adapter", so that the guide's tests build and pass as
// written: each adapter stands in for one of an app's own, over one of the kit's reference
// adapters. Not a product; only GuideExamplesTests imports it.
import ContractConformance
import Foundation
import KitSupport
import ProfileAdapters
import ProfileContracts
import ReferenceSuites

/// The app's translator: the kit's phrasebook translator, the one the suite's samples speak.
public typealias MyTranslator = SampleCorpusTranslator

/// The app's durable store: the kit's file store.
public typealias MyStore = FileExecutionStore

/// Where the app keeps imported documents: plain-text files in a folder of its own.
public final class MyDocuments: Sendable {
  /// The app's one document library.
  public static let shared = MyDocuments()

  /// The folder documents are imported into.
  public let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "MyApp-documents-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
  private let imported = Counter()

  private init() {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // The test process's folder goes with it: one a run would pile up in the temporary folder.
    atexit { try? FileManager.default.removeItem(at: MyDocuments.shared.folder) }
  }

  /// Imports a document of `pages` and returns its attachment ID.
  public func importTestDocument(pages: [String]) async throws -> String {
    let name = "document-\(imported.next()).txt"
    try TextDocumentProvider.file(pages: pages).write(to: folder.appendingPathComponent(name))
    return name
  }
}

/// The app's document provider: the kit's text provider over the app's library.
public struct MyDocumentProvider: ProfileDocumentProviding {
  private let provider: TextDocumentProvider

  /// A provider that reads at most `pageCap` pages of a document.
  public init(pageCap: Int?) throws {
    provider = try TextDocumentProvider(directory: MyDocuments.shared.folder, pageCap: pageCap)
  }

  public func pageCount(for attachmentID: String) async throws -> Int {
    try await provider.pageCount(for: attachmentID)
  }

  public func originalPageCount(for attachmentID: String) async throws -> Int {
    try await provider.originalPageCount(for: attachmentID)
  }

  public func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    try await provider.page(at: index, for: attachmentID)
  }
}

/// An error of the app's own model runtime.
public enum MyNativeError: Error, Sendable {
  /// The runtime is busy with another request: worth retrying.
  case busy
}

/// The app's model executor: the kit's extractive executor, with one native error of its own.
public struct MyExecutor: ProfileModelExecuting {
  private let model = ExtractiveModelExecutor()

  /// An executor.
  public init() {}

  /// Narrows the app's native errors to the four kinds; the rest as the extractive executor does.
  public static func map(_ error: any Error) -> ProfileModelExecutionError {
    if case MyNativeError.busy? = error as? MyNativeError {
      return .transient("the runtime is busy")
    }
    return ExtractiveModelExecutor.map(error)
  }

  public func generate(_ request: ProfileModelRequest) async throws -> Data {
    do {
      return try await model.generate(request)
    } catch {
      throw Self.map(error)
    }
  }
}
