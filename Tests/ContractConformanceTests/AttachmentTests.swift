import ContractConformanceCore
import Foundation
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
}
