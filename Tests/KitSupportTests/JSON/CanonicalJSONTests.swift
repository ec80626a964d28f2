import Foundation
import KitSupport
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

  /// The escaper skips eight bytes at a time when none needs escaping: every byte that does, at
  /// every offset within and across those words, in strings of every length around them, must
  /// still come out escaped as a byte-at-a-time escaper writes it.
  @Test func everyEscapeIsFoundAtEveryOffsetAndLength() throws {
    func reference(_ text: String) -> [UInt8] {
      var out: [UInt8] = [0x22]
      for byte in text.utf8 {
        switch byte {
        case 0x22: out += Array(#"\""#.utf8)
        case 0x5C: out += Array(#"\\"#.utf8)
        case 0x0A: out += Array(#"\n"#.utf8)
        case 0x0D: out += Array(#"\r"#.utf8)
        case 0x09: out += Array(#"\t"#.utf8)
        case ..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
        default: out.append(byte)
        }
      }
      return out + [0x22]
    }
    let specials: [UInt8] =
      Array(0..<0x20) + [0x22, 0x5C, 0x1F, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F]
    for length in 1...19 {
      for offset in 0..<length {
        for special in specials {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          bytes[offset] = special
          // A multi-byte letter before the special byte, where it fits, shifts the words.
          if offset >= 2 { bytes.replaceSubrange(0..<2, with: Array("é".utf8)) }
          let text = String(decoding: bytes, as: UTF8.self)
          var streamed: [UInt8] = []
          CanonicalJSON.appendString(text, to: &streamed)
          #expect(streamed == reference(text), "byte \(special) at \(offset) of \(length)")
          #expect(try JSONValue(parsing: streamed) == .string(text))
        }
      }
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
