import Foundation
import ProfileContracts
import Testing

@Suite struct CanonicalJSONTests {
  private func roundTrip<Value: Codable & Equatable>(_ value: Value) throws {
    let data = try CanonicalJSON.encode(value)
    #expect(try CanonicalJSON.decode(Value.self, from: data) == value)
    let pretty = try CanonicalJSON.encode(value, pretty: true)
    #expect(try CanonicalJSON.decode(Value.self, from: pretty) == value)
  }

  @Test func everyContractValueRoundTrips() throws {
    try roundTrip(Samples.command)
    try roundTrip(
      ProfileCommand(profile: .note, attachmentID: "", sourceLanguage: nil, targetLanguage: "ko"))
    try roundTrip(Samples.receipt)
    try roundTrip(Samples.summary)
    try roundTrip(Samples.checkpoint)
    try roundTrip(Samples.request)
    try roundTrip(PageContent(index: 0, pageNumber: 5, text: "שלום 👋"))
    try roundTrip(PageRange(first: 1, last: 1))
    try roundTrip(ProfileIdentifier.voiceTranscript)
    try roundTrip(SummaryChunkAnswer(title: "t", points: []))
    try roundTrip(SummaryTitleAnswer(title: "t"))
    for schema in ProfileModelSchema.allCases { try roundTrip(schema) }
    for failure in Samples.failures { try roundTrip(failure) }
    for error in Samples.executionErrors { try roundTrip(error) }
  }

  @Test func keysAreSortedAndOutputIsCompact() throws {
    let text = String(decoding: try CanonicalJSON.encode(Samples.command), as: UTF8.self)
    #expect(
      text
        == #"{"attachmentID":"report-2026.pdf","profile":"document","sourceLanguage":"ko","targetLanguage":"en"}"#
    )
  }

  @Test func prettyFormIsTwoSpaceIndentedWithTrailingNewline() throws {
    let text = String(
      decoding: try CanonicalJSON.encode(PageRange(first: 2, last: 4), pretty: true), as: UTF8.self)
    #expect(text == "{\n  \"first\": 2,\n  \"last\": 4\n}\n")
  }

  @Test func enumsUseTheKindForm() throws {
    let transient = String(
      decoding: try CanonicalJSON.encode(ProfileModelExecutionError.transient("busy")),
      as: UTF8.self)
    #expect(transient == #"{"kind":"transient","message":"busy"}"#)
    let overflow = String(
      decoding: try CanonicalJSON.encode(ProfileFailure.contextWouldOverflow(estimatedTokens: 9)),
      as: UTF8.self)
    #expect(overflow == #"{"estimatedTokens":9,"kind":"contextWouldOverflow"}"#)
    let status = String(
      decoding: try CanonicalJSON.encode(ProfileStepStatus.failed(.modelUnavailable)), as: UTF8.self
    )
    #expect(status == #"{"failure":{"kind":"modelUnavailable"},"kind":"failed"}"#)
  }

  @Test func derivedCoverageFlags() {
    let capped = PageCoverage(pageCount: 30, originalPageCount: 100, missingPages: [])
    #expect(capped.isCapped && capped.isComplete)
    let whole = PageCoverage(pageCount: 3, originalPageCount: 3, missingPages: [PageRange(page: 2)])
    #expect(!whole.isCapped && !whole.isComplete)
  }
}
