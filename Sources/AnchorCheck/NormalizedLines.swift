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

  /// The lines of a whole text, split at `\n`, in one pass that writes straight into the buffer.
  init(text bytes: UnsafeBufferPointer<UInt8>) {
    var offsets = [0]
    var hashes: [UInt64] = []
    storage = [UInt8](unsafeUninitializedCapacity: bytes.count) { out, written in
      written = Self.normalize(bytes, into: out, offsets: &offsets, hashes: &hashes)
    }
    self.offsets = offsets
    self.hashes = hashes
  }

  /// Replaces the lines with those of `bytes`, reusing the buffers: one value can hold each quote
  /// of a doc in turn without allocating for each.
  mutating func reset(text bytes: UnsafeBufferPointer<UInt8>) {
    offsets.removeAll(keepingCapacity: true)
    offsets.append(0)
    hashes.removeAll(keepingCapacity: true)
    // The buffer only grows; `offsets` say which bytes are lines.
    if storage.count < bytes.count {
      storage = [UInt8](repeating: 0, count: Swift.max(bytes.count, storage.count * 2))
    }
    var offsets = self.offsets
    var hashes = self.hashes
    self.offsets = []
    self.hashes = []
    storage.withUnsafeMutableBufferPointer { out in
      _ = Self.normalize(bytes, into: out, offsets: &offsets, hashes: &hashes)
    }
    self.offsets = offsets
    self.hashes = hashes
  }

  /// The same lines in buffers of their own size: a copy to keep of a reused value.
  func compacted() -> NormalizedLines {
    // Through buffer pointers: `Array(slice)` of a whole array would share its buffer.
    NormalizedLines(
      storage: storage.withUnsafeBufferPointer { Array($0[..<offsets[offsets.count - 1]]) },
      offsets: offsets.withUnsafeBufferPointer(Array.init),
      hashes: hashes.withUnsafeBufferPointer(Array.init))
  }

  private init(storage: [UInt8], offsets: [Int], hashes: [UInt64]) {
    self.storage = storage
    self.offsets = offsets
    self.hashes = hashes
  }

  /// Writes the normalized lines of `bytes` into `out`, appending each line's end offset and
  /// hash; returns the bytes written.
  private static func normalize(
    _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
    offsets: inout [Int], hashes: inout [UInt64]
  ) -> Int {
    var count = 0
    var lineStart = 0
    var pendingSpace = false
    var wrote = false
    var index = 0
    func endLine() {
      offsets.append(count)
      hashes.append(hash(UnsafeBufferPointer(rebasing: out[lineStart..<count])))
      lineStart = count
      pendingSpace = false
      wrote = false
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      // Newlines and whitespace are all at or below a space: one comparison for most bytes.
      if byte <= 0x20 {
        if byte == 0x0A {
          endLine()
          continue
        }
        if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B {
          pendingSpace = wrote
          continue
        }
      }
      if pendingSpace {
        out[count] = 0x20
        count += 1
        pendingSpace = false
      }
      out[count] = byte
      count += 1
      wrote = true
    }
    // The last line, unless the text ended with its newline.
    if bytes.count > 0, bytes[bytes.count - 1] != 0x0A { endLine() }
    return count
  }

  /// A line's hash: eight bytes at a time, multiplied and folded. Lines with equal hashes are
  /// compared byte for byte before they count as equal.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return hash }
    var offset = 0
    while offset + 8 <= bytes.count {
      hash = (hash ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
      hash ^= hash >> 29
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count {
      tail |= UInt64(bytes[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = (hash ^ tail) &* prime
    return hash ^ (hash >> 32)
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
    let start = storage.count
    var pendingSpace = false
    var wrote = false
    for byte in line {
      if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B {
        pendingSpace = wrote
        continue
      }
      if pendingSpace {
        storage.append(0x20)
        pendingSpace = false
      }
      storage.append(byte)
      wrote = true
    }
    offsets.append(storage.count)
    hashes.append(storage.withUnsafeBufferPointer { Self.hash(.init(rebasing: $0[start...])) })
  }

  /// The bytes of line `index` (0-based).
  func bytes(_ index: Int) -> ArraySlice<UInt8> { storage[offsets[index]..<offsets[index + 1]] }

  /// The length in bytes of line `index`.
  func length(_ index: Int) -> Int { offsets[index + 1] - offsets[index] }

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
    for offset in 0..<lines.count where !line(start + offset, equals: offset, of: lines) {
      return false
    }
    return true
  }
}
