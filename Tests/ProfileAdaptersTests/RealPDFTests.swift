import Foundation
import ProfileAdapters
import ProfileContracts
import TestSupport
import Testing

/// The PDF provider on real PDFs nobody here wrote (tools/pdf/real-pdfs.json, fetched by
/// tools/pdf/fetch-real-pdfs): counts against `pdfinfo`, the cap, and every page either text or
/// reported unreadable for a reason, exactly the pages the manifest names.
@Suite(
  .integration,
  .serialized,
  .enabled(
    if: Backends.runPDF && RealPDFs.available,
    Comment(rawValue: Backends.pdfMissing ?? RealPDFs.missing)))
struct RealPDFTests {
  @Test(arguments: RealPDFs.entries)
  func pagesAreTextOrReportedMissing(_ entry: RealPDFs.Entry) async throws {
    let documents = try PDFDocumentProvider(directory: RealPDFs.directory)
    if let expected = entry.error {
      do {
        _ = try await documents.pageCount(for: entry.name)
        Issue.record("\(entry.name) read, though the manifest says it fails with \(expected)")
      } catch let error as DocumentProviderError {
        #expect(error.code.description == expected, "\(entry.name): \(error)")
      }
      return
    }
    let original = try await documents.originalPageCount(for: entry.name)
    #expect(original == (try RealPDFs.pdfinfoPages(entry.name)), "\(entry.name)")
    #expect(original == entry.pages, "\(entry.name)")
    #expect(try await documents.pageCount(for: entry.name) == original)

    var unreadable: [String: String] = [:]
    var characters = 0
    for index in 0..<original {
      do {
        let page = try await documents.page(at: index, for: entry.name)
        #expect(page.index == index && page.pageNumber == index + 1, "\(entry.name) page \(index)")
        characters += page.text.count
      } catch let error as DocumentProviderError {
        #expect(!error.message.isEmpty && !error.message.contains("\n"))
        unreadable["\(index + 1)"] = error.code.description
      }
    }
    #expect(unreadable == entry.unreadable ?? [:], "\(entry.name): \(unreadable)")
    if unreadable.count < original {
      #expect(characters > 0, "\(entry.name) has readable pages but no text came back")
    }

    for cap in [1, 30] {
      let capped = try PDFDocumentProvider(directory: RealPDFs.directory, pageCap: cap)
      #expect(try await capped.pageCount(for: entry.name) == min(cap, original))
      #expect(try await capped.originalPageCount(for: entry.name) == original)
    }
  }
}

/// The real PDFs: the manifest, and where tools/pdf/fetch-real-pdfs put them.
enum RealPDFs {
  /// One manifest entry, with what the provider must make of it.
  struct Entry: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let producer: String
    /// The page count, for a PDF that opens.
    let pages: Int?
    /// 1-based page numbers that must be unreadable, with the error code.
    let unreadable: [String: String]?
    /// The error code of a PDF that must not open.
    let error: String?

    var testDescription: String { "\(name) (\(producer))" }
  }

  static let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../tools/pdf/real-pdfs.json").standardizedFileURL

  static let entries: [Entry] = {
    guard let data = try? Data(contentsOf: manifest) else { return [] }
    return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
  }()

  static let directory: URL = {
    if let configured = ProcessInfo.processInfo.environment["CONTRACT_KIT_REAL_PDFS"] {
      return URL(fileURLWithPath: configured, isDirectory: true)
    }
    return FileManager.default.homeDirectoryForCurrentUser
      .appendingPathComponent(".cache/contract-kit/real-pdfs", isDirectory: true)
  }()

  static let missing =
    "the real PDFs are not fetched; run tools/pdf/fetch-real-pdfs (it downloads them from Debian and PyPI)"

  /// Whether the tests run: every file is there, or backends are required (then a missing file
  /// fails).
  static let available =
    Backends.required
    || (!entries.isEmpty
      && entries.allSatisfy {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent($0.name).path)
      })

  /// `pdfinfo`'s own page count for a file.
  static func pdfinfoPages(_ name: String) throws -> Int {
    let process = Process()
    process.executableURL = try PopplerTools.locate().pdfinfo
    process.arguments = [directory.appendingPathComponent(name).path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
      .first { $0.hasPrefix("Pages:") }
    return Int(line?.dropFirst(6).trimmingCharacters(in: .whitespaces) ?? "") ?? -1
  }
}
