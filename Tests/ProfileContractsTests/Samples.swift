import Foundation
import ProfileContracts

/// One sample of every contract value, shared by the round-trip and fixture tests.
enum Samples {
  static let command = ProfileCommand(
    profile: .document, attachmentID: "report-2026.pdf", sourceLanguage: "ko", targetLanguage: "en")

  static let receipt = ProfileExecutionReceipt(steps: [
    ProfileStepRecord(stepID: "chunk-1", attempts: 2, status: .completed),
    ProfileStepRecord(stepID: "chunk-2", attempts: 3, status: .failed(.modelFailed("busy"))),
    ProfileStepRecord(stepID: "title", attempts: 0, status: .skipped("one section")),
    ProfileStepRecord(stepID: "translate", attempts: 0, status: .notPromoted("sent 5, got 4")),
  ])

  static let summary = ProfileSummary(
    command: command, title: "Quarterly report", language: "en",
    sections: [
      .init(pages: PageRange(first: 1, last: 3), headline: "Revenue", points: ["Up 4%", "한국어 ✓"])
    ],
    coverage: PageCoverage(
      pageCount: 30, originalPageCount: 100, missingPages: [PageRange(first: 31, last: 35)]),
    withheldPoints: [WithheldPoint(text: "Sales hit $9M", unverified: ["$9M"])],
    receipt: receipt)

  static let checkpoint = ProfileCheckpoint(
    command: command, phase: "chunks:3/10", payload: Data([0, 1, 2, 255]), receipt: receipt)

  static let failures: [ProfileFailure] = [
    .invalidInput("empty document"), .contextWouldOverflow(estimatedTokens: 5120),
    .malformedModelOutput("no title"), .modelUnavailable, .modelFailed("permanent: gone"),
    .modelCallBudgetExceeded(limit: 64), .unsupportedProfile("spreadsheet"), .missingCheckpoint,
    .executionStoreUnavailable,
  ]

  static let executionErrors: [ProfileModelExecutionError] = [
    .unavailable, .transient("busy"), .rejected("too long"), .permanent("model removed"),
  ]

  static let request = ProfileModelRequest(
    stepID: "chunk-1", schema: .summaryChunk, instructions: "Summarize.",
    prompt: "Text \"quoted\"\n",
    responseTokens: 384)
}
