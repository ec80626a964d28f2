import KitSupport
import Testing

@Suite struct JSONValueTests {
  @Test func parserRejectsWhatIsNotJSON() {
    for text in [
      "", "{", "[1,]", "\"abc", "tru", "{\"a\":1 \"b\":2}", "01x", "1.5", "{\"a\":1,\"a\":2}",
      "\"\\ud800\"",
    ] {
      #expect(throws: JSONError.self, "\(text)") { try JSONValue(parsing: Array(text.utf8)) }
    }
  }

  @Test func parserReadsEscapesAndSurrogatePairs() throws {
    let value = try JSONValue(
      parsing: Array(#"["\u00e9\ud83d\ude00\n", -12, true, null, {}]"#.utf8))
    #expect(value == .array([.string("é😀\n"), .integer(-12), .bool(true), .null, .object([:])]))
  }
  @Test func subscriptReadsObjectMembersOnly() {
    let value = JSONValue.object(["a": .integer(1)])
    #expect(value["a"] == .integer(1))
    #expect(value["b"] == nil)
    #expect(JSONValue.array([.null])["a"] == nil)
  }
}
