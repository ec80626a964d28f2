import KitSupport
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// Normalized lines as the checker compares them, from the three ways they are built: a whole
/// text, a reused buffer, and lines one by one. All must
/// equal the plain definition: split at `\n`, whitespace runs collapsed to one space, both ends
/// trimmed, one trailing newline not making a line.
@Suite struct NormalizedLinesTests {
  static func reference(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if bytes.last == 0x0A { lines.removeLast() }
    if bytes.isEmpty { return [] }
    let blank: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0C, 0x0B]
    return lines.map { line in
      line.split(whereSeparator: blank.contains).map(Array.init).joined(separator: [0x20]).map {
        $0
      }
    }
  }

  static func lines(_ normalized: NormalizedLines) -> [[UInt8]] {
    (0..<normalized.count).map { Array(normalized.bytes($0)) }
  }

  /// Mixes of plain bytes (ASCII and not), each kind of whitespace, newlines and control
  /// characters, of every length up to 40, from a fixed seed.
  @Test func everyWayOfBuildingMatchesTheDefinition() {
    let alphabet: [UInt8] = [
      0x61, 0x62, 0x7A, 0x21, 0x7E, 0xC3, 0xA9, 0x20, 0x09, 0x0D, 0x0C, 0x0B, 0x0A, 0x01, 0x1F,
    ]
    var state: UInt64 = 0x2026_1130
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var reused = NormalizedLines(lines: [String]())
    for length in 0...40 {
      for _ in 0..<60 {
        // Mostly plain bytes, so that runs of eight occur.
        let bytes = (0..<length).map { _ in
          next() % 3 == 0 ? alphabet[next() % alphabet.count] : alphabet[next() % 5]
        }
        let expected = Self.reference(bytes)
        let whole = bytes.withUnsafeBufferPointer { NormalizedLines(text: $0) }
        bytes.withUnsafeBufferPointer { reused.reset(text: $0) }
        var split = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if bytes.last == 0x0A { split.removeLast() }
        let oneByOne = NormalizedLines(
          lines: bytes.isEmpty ? [] : split.map { String(decoding: $0, as: UTF8.self) })
        #expect(Self.lines(whole) == expected, "\(bytes)")
        #expect(Self.lines(reused) == expected, "\(bytes)")
        #expect(whole.hashes == reused.hashes, "\(bytes)")
        // Lines given one by one are decoded as text first: compared where that is lossless.
        if validatedUTF8(bytes) != nil {
          #expect(Self.lines(oneByOne) == expected, "\(bytes)")
          #expect(oneByOne.hashes == whole.hashes, "\(bytes)")
        }
      }
    }
  }
}
