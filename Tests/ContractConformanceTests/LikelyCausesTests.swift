import ContractConformance
import Testing

@testable import ContractConformanceCore

/// One bug reads as one bug (issue 50): a failure whose promise depends on another rule that
/// failed too names that rule instead of giving advice of its own, and the root comes first.
@Suite struct LikelyCausesTests {
  static func failed(_ id: String) -> CheckResult {
    CheckResult(id: id, level: .required, status: .failed, message: "\(id) broke")
  }

  @Test func aFailureWhoseRootFailedNamesItAndTheRootKeepsItsAdvice() {
    // In an order that puts the dependents first: the report still leads with the root.
    let report = ConformanceReport(
      suite: "translator",
      results: [
        Self.failed("translator.blank"), Self.failed("translator.duplicates"),
        Self.failed("translator.order"),
        CheckResult(id: "translator.count", level: .required, status: .passed, message: "ok"),
      ],
      seed: 7)
    #expect(LikelyCauses.rootsFirst(report).map(\.id).first == "translator.order")
    let blank = report.issueText(report.results[0])
    #expect(blank.contains("Also failing, likely the same cause: translator.order"), "\(blank)")
    #expect(!blank.contains("When it fails:"))
    let order = report.issueText(report.results[2])
    #expect(order.contains("When it fails: "), "\(order)")
    #expect(!order.contains("likely the same cause"))
    #expect(
      report.renderText().contains(
        "(also failing, likely the same cause: translator.order, which failed too; fix it first)"))
  }

  @Test func theRootIsFollowedToItsOwnRoot() {
    let report = ConformanceReport(
      suite: "translator",
      results: ["translator.count", "translator.order", "translator.blank"].map(Self.failed),
      seed: 7)
    #expect(LikelyCauses.root(of: "translator.blank", in: report) == "translator.count")
    #expect(LikelyCauses.root(of: "translator.count", in: report) == nil)
  }

  @Test func anUnrelatedFailureKeepsItsOwnAdvice() {
    let report = ConformanceReport(
      suite: "store", results: ["store.keys", "store.crash"].map(Self.failed), seed: 7)
    #expect(LikelyCauses.root(of: "store.keys", in: report) == nil)
    #expect(report.issueText(report.results[0]).contains("When it fails: "))
  }

  /// The issue's own example: an empty file read as one page fails document.empty, with the
  /// right advice, and document.capReported, whose advice about caps misled.
  @Test func anEmptyDocumentReadAsOnePageLeadsWithTheEmptyRule() async {
    let report = await ConformanceSettings.$scoped.withValue(
      ConformanceSettings(selection: ["document.empty", "document.capReported"])
    ) {
      await DocumentProviderConformance(timeout: testTimeout) { fixture in
        (MemoryProvider(fixture, mutant: .emptyAsOnePage), "doc")
      }.run()
    }
    let failures = LikelyCauses.rootsFirst(report).map(\.id)
    #expect(failures.first == "document.empty", "\(report.renderText())")
    let capped = report.result("document.capReported")
    #expect(capped?.status == .failed, "\(report.renderText())")
    #expect(
      capped.map { report.issueText($0) }?.contains(
        "Also failing, likely the same cause: document.empty") == true)
  }
}
