import Foundation
import ProfileAdapters
import Testing

/// Locating poppler, which needs no poppler: the error when it is missing.
@Suite struct PopplerToolsTests {
  @Test func missingPopplerIsOneLineNamingTheInstallCommand() throws {
    let directory = TemporaryDirectory("pdf")
    defer { directory.remove() }
    #expect {
      _ = try PDFDocumentProvider(
        directory: directory.url, tools: PopplerTools.locate(searchPath: "/nonexistent"))
    } throws: { error in
      let error = error as? DocumentProviderError
      return error?.code == .toolMissing && error?.message.contains("apt-get install") == true
    }
  }
}
