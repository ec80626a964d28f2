import ContractConformanceCore
import Foundation
import ProfileAdapters
import Testing

@testable import ContractConformance

/// What a failure attaches to its test: the whole message, and a generated input's rule, seed,
/// choices and regressions line.
@Suite struct AttachmentTests {
  /// Run by `AttachmentCommandTests` with `--attachments-path`, which finds the file: the
  /// issues are recorded inside a known issue, so this test passes whatever it records.
  @Test func aFailingGeneratedInputIsAttached() async throws {
    // A folder of its own: a developer's CONTRACT_KIT_REGRESSIONS would replay a kept input,
    // which carries no new one.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "contract-kit-regressions-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = await ConformanceSettings.$scoped.withValue(
      ConformanceSettings(seed: 1, selection: ["translator.count"], regressions: folder)
    ) {
      await TranslatorConformance(pairs: TranslatorConformanceTests.pairs, timeout: testTimeout) {
        TranslatorMutant.splitsAtLineBreaks.make()
      }.run()
    }
    let result = try #require(report.result("translator.count"))
    let kept = try #require(result.regression)
    let attachment = try #require(report.attachment(for: result))
    #expect(attachment.hasPrefix("translator.count [required] failed (suite translator)\n"))
    #expect(attachment.contains("\n  seed: 1\n"))
    #expect(attachment.contains("\n  \(kept.line)\n"))
    #expect(attachment.hasSuffix(result.message + "\n"))
    withKnownIssue { report.recordIssues() }
  }

  /// A short failure with no generated input says it all in its issue: nothing is attached.
  @Test func aShortFailureOfAFixedInputAttachesNothing() {
    let report = ConformanceReport(
      suite: "store",
      results: [CheckResult(id: "store.keys", level: .required, status: .failed, message: "m")],
      seed: 7)
    #expect(report.attachment(for: report.results[0]) == nil)
    let long = String(repeating: "word ", count: 400)
    let shortened = ConformanceReport(
      suite: "store",
      results: [CheckResult(id: "store.keys", level: .required, status: .failed, message: long)],
      seed: 7)
    #expect(shortened.attachment(for: shortened.results[0])?.hasSuffix(long + "\n") == true)
  }

  /// A failing store check carries its store's folder as it left it, before the sandbox is
  /// removed: attached, in the JSON, and under --verbose; a passing one carries none.
  @Test func aFailingStoreCheckCarriesItsFolder() async throws {
    let rule = try #require(ExecutionStoreConformance.rules.first { $0.id == "store.replace" })
    let failing = await ExecutionStoreConformance(durability: .durable, timeout: testTimeout) {
      try StoreMutant.keepsFirst.make($0)
    }.run(rule)
    let result = try #require(failing.result("store.replace"))
    #expect(result.status == .failed)
    let folder = try #require(result.storeFolder)
    // Every file by its path in the sandbox, its size, and a short record as its text.
    #expect(folder.hasPrefix("outer/inner/store/checkpoint-"), "\(folder)")
    #expect(folder.contains(" bytes\n    {"), "\(folder)")
    #expect(folder.contains("chunks:1/3"), "\(folder)")
    #expect(!folder.contains(FileManager.default.temporaryDirectory.path))
    let attachment = try #require(failing.attachment(for: result))
    #expect(
      attachment.hasSuffix(
        "the store's folder as the check left it (its sandbox is removed):\n\(folder)\n"))
    #expect(failing.renderText(verbose: true).contains("the store's folder as the check left it:"))
    #expect(!failing.renderText().contains("the store's folder"))
    let decoded = try JSONDecoder().decode(
      ConformanceReport.self, from: Data(try failing.renderJSON().utf8))
    #expect(decoded.result("store.replace")?.storeFolder == folder)

    let passing = await ExecutionStoreConformance(durability: .durable, timeout: testTimeout) {
      try FileExecutionStore(directory: $0)
    }.run(rule)
    #expect(passing.result("store.replace")?.status == .passed)
    #expect(passing.result("store.replace")?.storeFolder == nil)
  }

  /// A listing keeps to its limit, names what it left out, and shows bytes that are not short
  /// text in hex.
  @Test func aFolderListingIsBoundedAndShowsBinaryInHex() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "contract-kit-listing-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    #expect(StoreFolderListing.render(root) == nil)
    try Data([0, 1, 0xFF]).write(to: root.appendingPathComponent("binary"))
    try Data(repeating: 0x41, count: 4096).write(to: root.appendingPathComponent("long"))
    for index in 0..<1000 {
      try Data("record \(index)".utf8).write(to: root.appendingPathComponent("r\(index)"))
    }
    let listing = try #require(StoreFolderListing.render(root))
    #expect(listing.hasPrefix("binary: 3 bytes\n    00 01 ff\nlong: 4096 bytes\n    41 41"))
    #expect(listing.utf8.count <= StoreFolderListing.limit + 100)
    #expect(listing.hasSuffix(" more files"), "\(listing.suffix(200))")
  }
}
