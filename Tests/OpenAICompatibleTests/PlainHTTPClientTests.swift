import Foundation
import Testing

@testable import OpenAICompatible

/// The socket client's answer parsing, and the bounded schema.
@Suite struct PlainHTTPClientTests {
  static func transport(_ kind: OpenAINativeError.Transport, _ detail: String) -> OpenAINativeError
  {
    .transport(kind, url: "u", detail: detail)
  }

  @Test func contentLengthChunkedAndCutShortAnswers() throws {
    let sized = try PlainHTTPClient.parse(
      Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}".utf8),
      transport: Self.transport)
    #expect(sized.status == 200 && sized.body == Data("{}".utf8))
    #expect(sized.headers["content-type"] == "application/json")
    let chunked = try PlainHTTPClient.parse(
      Data(
        "HTTP/1.1 503 Busy\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n"
          .utf8),
      transport: Self.transport)
    #expect(chunked.status == 503 && chunked.body == Data(#"{"a":1}"#.utf8))
    #expect(throws: OpenAINativeError.self) {
      _ = try PlainHTTPClient.parse(
        Data("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}".utf8), transport: Self.transport)
    }
    #expect(throws: OpenAINativeError.self) {
      _ = try PlainHTTPClient.parse(Data("HTTP/1.1 200 OK\r\n".utf8), transport: Self.transport)
    }
  }

  @Test func aBoundedSchemaFitsItsTokens() {
    let open = OpenAICompatibleModelExecutor.jsonSchema(.summaryChunk)
    #expect(
      ((open["properties"] as? [String: Any])?["title"] as? [String: Any])?["maxLength"] == nil)
    let bounded = OpenAICompatibleModelExecutor.jsonSchema(.summaryChunk, boundedTo: 384)
    let properties = bounded["properties"] as? [String: Any]
    #expect((properties?["title"] as? [String: Any])?["maxLength"] as? Int == 96)
    let points = properties?["points"] as? [String: Any]
    #expect(points?["maxItems"] as? Int == 5)
    #expect((points?["items"] as? [String: Any])?["maxLength"] as? Int == 48)
    let title = OpenAICompatibleModelExecutor.jsonSchema(.summaryTitle, boundedTo: 48)
    #expect(
      ((title["properties"] as? [String: Any])?["title"] as? [String: Any])?["maxLength"] as? Int
        == 12)
    #expect((title["properties"] as? [String: Any])?["points"] == nil)
  }

  @Test func aBoundedTranslationSchemaBoundsEachStringByItsText() {
    let texts = ["Hello.", "", String(repeating: "요", count: 40)]
    let list =
      (OpenAICompatibleTranslator.schema(texts, bounded: true)["properties"]
      as? [String: Any])?["translations"] as? [String: Any]
    #expect(list?["minItems"] as? Int == 3 && list?["maxItems"] as? Int == 3)
    let lengths = (list?["prefixItems"] as? [[String: Any]])?.map { $0["maxLength"] as? Int }
    #expect(lengths == [28, 16, 96])
    #expect(list?["items"] == nil, "llama.cpp reads items before prefixItems")
    #expect(
      OpenAICompatibleTranslator.budget(texts, bounded: true) == 64 + 3 * 8 + 3 * (28 + 16 + 96))
    let unbounded =
      (OpenAICompatibleTranslator.schema(texts, bounded: false)["properties"]
      as? [String: Any])?["translations"] as? [String: Any]
    #expect(unbounded?["prefixItems"] == nil)
    #expect(OpenAICompatibleTranslator.budget(texts, bounded: false) == 64 + 2 * (6 + 120))
  }
}
