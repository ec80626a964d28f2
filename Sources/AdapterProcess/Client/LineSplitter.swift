import Foundation

/// Splits a byte stream into lines of at most `limit` bytes. A longer line is reported once and
/// read past without being kept, so what the splitter holds never exceeds `limit` plus one
/// chunk, whatever the stream.
struct LineSplitter {
  let limit: Int
  private var buffer: [UInt8] = []
  /// Whether the current line passed the limit: its bytes are dropped up to its end.
  private var skipping = false
  /// The most bytes held at once, for tests.
  private(set) var peak = 0

  init(limit: Int) { self.limit = limit }

  mutating func feed(_ chunk: Data, onLine: (String) -> Void, onTooLong: () -> Void) {
    var start = chunk.startIndex
    while start < chunk.endIndex {
      guard let newline = chunk[start...].firstIndex(of: 0x0A) else {
        take(chunk[start...], onTooLong: onTooLong)
        break
      }
      take(chunk[start..<newline], onTooLong: onTooLong)
      if !skipping { onLine(String(decoding: buffer, as: UTF8.self)) }
      buffer.removeAll(keepingCapacity: buffer.count <= 1 << 16)
      skipping = false
      start = newline + 1
    }
  }

  /// The last line, if the stream ended without a line break.
  mutating func finish(onLine: (String) -> Void) {
    if !buffer.isEmpty, !skipping { onLine(String(decoding: buffer, as: UTF8.self)) }
    buffer = []
  }

  private mutating func take(_ bytes: Data.SubSequence, onTooLong: () -> Void) {
    guard !skipping else { return }
    if buffer.count + bytes.count > limit {
      skipping = true
      buffer = []
      onTooLong()
      return
    }
    buffer.append(contentsOf: bytes)
    peak = max(peak, buffer.count)
  }
}
