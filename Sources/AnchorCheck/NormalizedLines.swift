/// Lines as the checker compares them: each stripped at both ends with runs of whitespace
/// collapsed to one space, CRLF and LF alike, one trailing newline not making a line. Stored as one
/// byte buffer with a 64-bit hash per line, so a file of thousands of lines costs three arrays,
/// not thousands of strings.
struct NormalizedLines: Sendable {
  private(set) var storage: [UInt8] = []
  private(set) var offsets: [Int] = [0]
  private(set) var hashes: [UInt64] = []

  /// The number of lines.
  var count: Int { hashes.count }

  /// The lines of a whole text, split at `\n`.
  init(text bytes: UnsafeBufferPointer<UInt8>) {
    storage.reserveCapacity(bytes.count)
    var start = 0
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0A {
        append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        start = index + 1
      }
      index += 1
    }
    if start < bytes.count { append(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count])) }
  }

  /// The lines of a text held in a string, such as a doc's quote.
  init(text: String) {
    var text = text
    self = text.withUTF8 { NormalizedLines(text: $0) }
  }

  /// Lines given one by one.
  init<Lines: Sequence>(lines: Lines) where Lines.Element: StringProtocol {
    for line in lines {
      var line = String(line)
      line.withUTF8 { append($0) }
    }
  }

  private mutating func append(_ line: UnsafeBufferPointer<UInt8>) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var pendingSpace = false
    var wrote = false
    for byte in line {
      if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B {
        pendingSpace = wrote
        continue
      }
      if pendingSpace {
        storage.append(0x20)
        hash = (hash ^ 0x20) &* 0x100_0000_01b3
        pendingSpace = false
      }
      storage.append(byte)
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      wrote = true
    }
    offsets.append(storage.count)
    hashes.append(hash)
  }

  /// The bytes of line `index` (0-based).
  func bytes(_ index: Int) -> ArraySlice<UInt8> { storage[offsets[index]..<offsets[index + 1]] }

  /// Line `index` as a string, for messages and diffs.
  func string(_ index: Int) -> String { String(decoding: bytes(index), as: UTF8.self) }

  /// Lines `range` as strings.
  func strings(_ range: Range<Int>) -> [String] { range.map(string) }

  /// Whether line `index` equals line `other` of `lines`.
  func line(_ index: Int, equals other: Int, of lines: NormalizedLines) -> Bool {
    hashes[index] == lines.hashes[other] && bytes(index) == lines.bytes(other)
  }

  /// Whether all of `lines` stands at `start` (0-based) in these lines.
  func contains(_ lines: NormalizedLines, at start: Int) -> Bool {
    guard start >= 0, start + lines.count <= count else { return false }
    for offset in 0..<lines.count where !line(start + offset, equals: offset, of: lines) { return false }
    return true
  }
}
