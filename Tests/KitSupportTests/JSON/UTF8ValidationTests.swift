import KitSupport
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

  /// One byte at or above 0x80, at any offset of a buffer of any length around the eight-byte
  /// words, makes the bytes not ASCII; without one they are.
  @Test func aHighByteAnywhereIsNotASCII() {
    for length in 0...20 {
      let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
      #expect(plain.withUnsafeBufferPointer(isASCII), "length \(length)")
      for offset in 0..<length {
        for high: UInt8 in [0x80, 0xC3, 0xFF] {
          var bytes = plain
          bytes[offset] = high
          #expect(!bytes.withUnsafeBufferPointer(isASCII), "\(high) at \(offset) of \(length)")
        }
      }
    }
  }
}
