import Foundation
import ProfileContracts
import Testing

/// Hand-written JSON, as a user or a golden file would write it, decodes to the expected values;
/// bad JSON names the coding path.
@Suite struct FixtureDecodingTests {
  private func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
    try CanonicalJSON.decode(type, from: Data(text.utf8))
  }

  @Test func handWrittenSummaryDecodes() throws {
    let text = """
      {
        "command": {"profile": "document", "attachmentID": "report-2026.pdf",
                    "sourceLanguage": "ko", "targetLanguage": "en"},
        "title": "Quarterly report", "language": "en",
        "sections": [{"pages": {"first": 1, "last": 3}, "headline": "Revenue",
                      "points": ["Up 4%", "한국어 ✓"]}],
        "coverage": {"pageCount": 30, "originalPageCount": 100,
                     "missingPages": [{"first": 31, "last": 35}]},
        "withheldPoints": [{"text": "Sales hit $9M", "unverified": ["$9M"]}],
        "receipt": {"steps": [
          {"stepID": "chunk-1", "attempts": 2, "status": {"kind": "completed"}},
          {"stepID": "chunk-2", "attempts": 3,
           "status": {"kind": "failed", "failure": {"kind": "modelFailed", "message": "busy"}}},
          {"stepID": "title", "attempts": 0, "status": {"kind": "skipped", "reason": "one section"}},
          {"stepID": "translate", "attempts": 0,
           "status": {"kind": "notPromoted", "reason": "sent 5, got 4"}}
        ]}
      }
      """
    #expect(try decode(ProfileSummary.self, text) == Samples.summary)
  }

  @Test func handWrittenCheckpointDecodesItsBase64Payload() throws {
    let text = """
      {"command": {"profile": "note", "attachmentID": "n1", "targetLanguage": "ko"},
       "phase": "chunks:1/2", "payload": "AAEC/w==", "receipt": {"steps": []}}
      """
    let checkpoint = try decode(ProfileCheckpoint.self, text)
    #expect(checkpoint.payload == Data([0, 1, 2, 255]))
    #expect(checkpoint.command.sourceLanguage == nil)
    #expect(checkpoint.command.profile == .note)
  }

  @Test func handWrittenFailuresDecode() throws {
    let fixtures: [(String, ProfileFailure)] = [
      (#"{"kind": "invalidInput", "message": "empty document"}"#, .invalidInput("empty document")),
      (
        #"{"kind": "contextWouldOverflow", "estimatedTokens": 5120}"#,
        .contextWouldOverflow(estimatedTokens: 5120)
      ),
      (#"{"kind": "modelCallBudgetExceeded", "limit": 64}"#, .modelCallBudgetExceeded(limit: 64)),
      (
        #"{"kind": "unsupportedProfile", "profile": "spreadsheet"}"#,
        .unsupportedProfile("spreadsheet")
      ),
      (#"{"kind": "missingCheckpoint"}"#, .missingCheckpoint),
    ]
    for (text, expected) in fixtures { #expect(try decode(ProfileFailure.self, text) == expected) }
    #expect(
      try decode(ProfileModelExecutionError.self, #"{"kind":"transient","message":"busy"}"#)
        == .transient("busy"))
    #expect(try decode(ProfileModelExecutionError.self, #"{"kind":"unavailable"}"#) == .unavailable)
  }

  private func error<Value: Decodable>(_ type: Value.Type, _ text: String) -> JSONError? {
    do {
      _ = try decode(type, text)
      return nil
    } catch let error as JSONError {
      return error
    } catch {
      Issue.record("expected JSONError, got \(error)")
      return nil
    }
  }

  @Test func unknownKindNamesThePathAndTheChoices() {
    let found = error(
      ProfileExecutionReceipt.self,
      #"{"steps": [{"stepID": "a", "attempts": 1, "status": {"kind": "done"}}]}"#)
    #expect(found?.path == "$.steps[0].status.kind")
    #expect(
      found?.message
        == "unknown kind \"done\"; expected one of completed, failed, skipped, notPromoted")
  }

  @Test func wrongTypeNamesThePath() {
    let found = error(
      ProfileExecutionReceipt.self,
      #"{"steps": [{"stepID": "a", "attempts": "two", "status": {"kind": "completed"}}]}"#)
    #expect(found?.path == "$.steps[0].attempts")
    #expect(found?.message == "expected Int")
  }

  @Test func missingKeyNamesThePath() {
    let found = error(ProfileCommand.self, #"{"profile": "note", "attachmentID": "x"}"#)
    #expect(found?.path == "$")
    #expect(found?.message == "missing key \"targetLanguage\"")
    let nested = error(
      PageCoverage.self,
      #"{"pageCount": 1, "originalPageCount": 1, "missingPages": [{"first": 1}]}"#)
    #expect(nested?.path == "$.missingPages[0]")
  }

  @Test func syntaxErrorNamesThePathAndLine() {
    let found = error(PageRange.self, "{\"first\": 1,\n \"last\": }")
    #expect(found?.path == "$.last")
    #expect(found?.message == "unexpected character '}'; expected a value (line 2)")
  }
}
