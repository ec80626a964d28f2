import Foundation
import ProfileAdapters
import ProfileContracts
import Testing

@Suite struct TextDocumentProviderTests {
  @Test func formFeedsSplitPagesAndTheCapKeepsBothCounts() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("doc.txt", (1...100).map { "page \($0)" }.joined(separator: "\u{0C}"))
    let provider = try TextDocumentProvider(directory: directory.url, pageCap: 30)
    #expect(try await provider.pageCount(for: "doc.txt") == 30)
    #expect(try await provider.originalPageCount(for: "doc.txt") == 100)
    let last = try await provider.page(at: 29, for: "doc.txt")
    #expect(last == PageContent(index: 29, pageNumber: 30, text: "page 30"))
    await #expect(throws: DocumentProviderError.self) {
      try await provider.page(at: 30, for: "doc.txt")
    }
  }

  @Test func withoutFormFeedsPagesAreEveryNLines() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("lines.txt", "a\nb\nc\nd\ne\n")
    let provider = try TextDocumentProvider(directory: directory.url, linesPerPage: 2)
    #expect(try await provider.pageCount(for: "lines.txt") == 3)
    #expect(try await provider.page(at: 0, for: "lines.txt").text == "a\nb")
    #expect(try await provider.page(at: 2, for: "lines.txt").text == "e")
  }

  @Test func anEmptyFileHasNoPages() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("empty.txt", "")
    let provider = try TextDocumentProvider(directory: directory.url)
    #expect(try await provider.pageCount(for: "empty.txt") == 0)
    #expect(try await provider.originalPageCount(for: "empty.txt") == 0)
  }

  @Test(arguments: ["../outside.txt", "/etc/passwd", "a/../../outside.txt", "link.txt"])
  func idsThatEscapeTheDirectoryAreRefused(id: String) async throws {
    let parent = TemporaryDirectory()
    defer { parent.remove() }
    try parent.write("outside.txt", "secret")
    let inner = parent.url.appendingPathComponent("docs")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: inner.appendingPathComponent("link.txt"),
      withDestinationURL: parent.url.appendingPathComponent("outside.txt"))
    let provider = try TextDocumentProvider(directory: inner)
    await #expect {
      try await provider.pageCount(for: id)
    } throws: { error in
      (error as? DocumentProviderError)?.code == .attachmentOutsideDirectory
    }
  }

  @Test func unknownAndNonUTF8AttachmentsThrowClearErrors() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try Data([0x66, 0xFF, 0xFE, 0x00]).write(to: directory.url.appendingPathComponent("bin.txt"))
    let provider = try TextDocumentProvider(directory: directory.url)
    do {
      _ = try await provider.pageCount(for: "bin.txt")
      Issue.record("expected notUTF8")
    } catch let error as DocumentProviderError {
      #expect(error.code == .notUTF8)
      #expect(error.message.contains("bin.txt") && error.message.contains("UTF-8"))
    }
    do {
      _ = try await provider.pageCount(for: "nope.txt")
      Issue.record("expected unknownAttachment")
    } catch let error as DocumentProviderError {
      #expect(error.code == .unknownAttachment)
    }
  }

  @Test func aMissingDirectoryIsRefused() {
    #expect(throws: DocumentProviderError.self) {
      try TextDocumentProvider(directory: URL(fileURLWithPath: "/nonexistent-pck-dir"))
    }
  }
}
