import Foundation
import OpenAICompatible
import Testing

/// The native error's one-line messages: each kind names where it happened and what to do, and
/// kinds and transport reasons compare by value (they are structs, so new ones can be added).
@Suite struct OpenAINativeErrorTests {
  static let url = "http://127.0.0.1:8080/v1/chat/completions"

  @Test(arguments: [
    (
      OpenAINativeError.Transport.connectionRefused,
      "no server answers at \(url); start it (tools/llm-server start) or fix --base-url"
    ),
    (.hostNotFound, "the host of \(url) is not found; fix --base-url"),
    (.timedOut, "\(url) did not answer in time; try again, or raise the timeout"),
    (
      .connectionLost,
      "the connection to \(url) broke during the call; check that the server is still running"
    ),
    (.other, "cannot reach \(url): unsupported URL"),
  ])
  func eachTransportReasonHasItsOwnLine(reason: OpenAINativeError.Transport, line: String) {
    let error = OpenAINativeError.transport(reason, url: Self.url, detail: "unsupported URL")
    #expect(error.description == line)
    #expect(error == .transport(reason, url: Self.url, detail: "unsupported URL"))
    #expect(error != .transport(reason, url: Self.url, detail: "another detail"))
  }

  @Test func theReasonsAreDistinctAndNamed() {
    let reasons: [OpenAINativeError.Transport] = [
      .connectionRefused, .hostNotFound, .timedOut, .connectionLost, .other,
    ]
    #expect(Set(reasons).count == reasons.count)
    #expect(
      reasons.map(\.description) == [
        "connectionRefused", "hostNotFound", "timedOut", "connectionLost", "other",
      ])
  }

  @Test func answersThatAreNotACompletionSayWhatToCheck() {
    #expect(
      OpenAINativeError.http(
        status: 429, type: "rate_limit", code: nil, message: "slow down", retryAfter: "2",
        url: Self.url
      ).description == "\(Self.url) answered HTTP 429 (rate_limit): slow down; retry after 2")
    #expect(
      OpenAINativeError.notJSON(status: 404, contentType: "text/html", url: Self.url).description
        == "\(Self.url) answered HTTP 404 with text/html, not JSON; check that --base-url names the API (such as http://127.0.0.1:8080/v1)"
    )
    #expect(
      OpenAINativeError.noContent(url: Self.url, detail: "no choices").description
        == "\(Self.url) answered without a chat completion (no choices); check that --base-url names an OpenAI-compatible API"
    )
    #expect(
      OpenAINativeError.contentFilter.description
        == "the server's content filter stopped the answer")
    #expect(OpenAINativeError.refusal("no").description == "the model refused: no")
    #expect(OpenAINativeError.refusal("no") != .refusal("yes"))
  }
}
