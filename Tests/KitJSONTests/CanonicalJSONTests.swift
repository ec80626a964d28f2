import Foundation
import KitJSON
import Testing

@Suite struct CanonicalJSONTests {
  @Test func stringsEscapeOnlyWhatJSONRequires() throws {
    let text = String(
      decoding: try CanonicalJSON.encode("a/b \"q\" \\ \n\t\u{01} é 한"), as: UTF8.self)
    #expect(text == #""a/b \"q\" \\ \n\t\u0001 é 한""#)
  }

  @Test func keysSortByUTF8BytesNotLocale() throws {
    let value = JSONValue.object(["b": .null, "B": .null, "a": .null, "é": .null, "Z": .null])
    let text = String(decoding: CanonicalJSON.render(value), as: UTF8.self)
    #expect(text == #"{"B":null,"Z":null,"a":null,"b":null,"é":null}"#)
  }

  @Test func floatingPointValuesAreRefused() {
    #expect(throws: JSONError.self) { try CanonicalJSON.encode(["x": 1.5]) }
  }
  @Test func theStringEscaperWritesWhatTheWriterWrites() throws {
    // Every byte below 0x80 once, then multi-byte text: the escaper the anchors report streams
    // with and the canonical writer must agree byte for byte.
    let samples = [
      String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self), "", "plain", "é 한 😀 \u{7F}",
      "quote \" backslash \\ end",
    ]
    for sample in samples {
      var streamed: [UInt8] = []
      CanonicalJSON.appendString(sample, to: &streamed)
      #expect(streamed == [UInt8](CanonicalJSON.render(.string(sample))))
      #expect(CanonicalJSON.quoted(sample) == String(decoding: streamed, as: UTF8.self))
      #expect(try JSONValue(parsing: streamed) == .string(sample))
    }
  }

  @Test func appendingKeepsWhatWasThere() {
    var output = Array("x=".utf8)
    CanonicalJSON.appendString("a\tb", to: &output)
    #expect(String(decoding: output, as: UTF8.self) == #"x="a\tb""#)
  }

  @Test func encodingErrorsNameTheJSONPath() {
    struct Box: Encodable { let values: [String: Double] }
    let error = #expect(throws: JSONError.self) {
      try CanonicalJSON.encode(Box(values: ["odd key": 0.5]))
    }
    #expect(error?.path == #"$.values["odd key"]"#)
    #expect(error?.message == "floating-point value 0.5; the canonical form has integers only")
  }
}
