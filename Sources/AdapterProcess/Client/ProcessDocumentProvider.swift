import Foundation
import ProfileContracts

// Adapter processes run on macOS and Linux; iOS, tvOS and watchOS have no Process.
#if os(macOS) || os(Linux)
  /// A `ProfileDocumentProviding` served by an adapter process.
  public final class ProcessDocumentProvider: ProfileDocumentProviding, Sendable {
    /// The process serving the provider.
    public let process: AdapterProcess

    /// Starts `command` and hands it a document to serve (`loadFixture {pages, pageCap}`).
    ///
    /// - Returns: the provider and the attachment ID the adapter chose for the document.
    public static func load(command: String, pages: [String], pageCap: Int?) async throws -> (
      provider: ProcessDocumentProvider, attachmentID: String
    ) {
      let process = try AdapterProcess(command: command)
      let answer = try await process.call(
        AdapterMethod.loadFixture,
        [
          "pages": .array(pages.map { .string($0) }),
          "pageCap": pageCap.map { .integer(Int64($0)) } ?? .null,
        ])
      guard case .string(let id)? = answer["attachmentID"] else {
        throw AdapterProcessError(
          "loadFixture answered \(answer) without a string attachmentID; answer {\"attachmentID\": …}"
        )
      }
      return (ProcessDocumentProvider(process: process), id)
    }

    /// A provider over a running process, which it owns: releasing the provider ends the process.
    public init(process: AdapterProcess) { self.process = process }

    /// Ends the process: each proxy owns its process.
    deinit { process.terminate() }

    /// `pageCount {attachmentID}`.
    public func pageCount(for attachmentID: String) async throws -> Int {
      try await process.call(AdapterMethod.pageCount, ["attachmentID": .string(attachmentID)])
        .decoded(as: Int.self)
    }

    /// `originalPageCount {attachmentID}`.
    public func originalPageCount(for attachmentID: String) async throws -> Int {
      try await process.call(
        AdapterMethod.originalPageCount, ["attachmentID": .string(attachmentID)]
      ).decoded(as: Int.self)
    }

    /// `page {index, attachmentID}`.
    public func page(at index: Int, for attachmentID: String) async throws -> PageContent {
      try await process.call(
        AdapterMethod.page,
        ["index": .integer(Int64(index)), "attachmentID": .string(attachmentID)]
      ).decoded(as: PageContent.self)
    }
  }
#endif
