import KitJSON
import Testing

@Suite struct UTF8ValidationTests {
  @Test func validBytesComeBackAsTheirString() {
    #expect(validatedUTF8(Array("é 한 😀".utf8)) == "é 한 😀")
    #expect(validatedUTF8([]) == "")
  }

  @Test func invalidBytesAreRefused() {
    for bytes: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x61, 0x80, 0x62]] {
      #expect(validatedUTF8(bytes) == nil, "\(bytes)")
    }
  }

  @Test func lenientDecodingRepairsAndSaysSo() {
    let repaired = decodeUTF8Leniently([0x61, 0xFF, 0x62])
    #expect(repaired.text == "a\u{FFFD}b")
    #expect(!repaired.valid)
    let clean = decodeUTF8Leniently(Array("ok".utf8))
    #expect(clean.text == "ok" && clean.valid)
  }
}
