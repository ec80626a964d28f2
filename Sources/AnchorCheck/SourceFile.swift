import Foundation
import ProfileContracts

/// A cited file, read once: its normalized lines, and on demand a map from a normalized line to
/// where it stands, for finding a quote that moved.
final class SourceFile: @unchecked Sendable {
  /// Lines stripped at both ends with inner whitespace runs collapsed; CRLF and LF alike; one
  /// trailing newline does not make a line.
  let lines: [String]
  /// Whether the file was not valid UTF-8 and was decoded with replacement characters.
  let lenient: Bool
  private let lock = NSLock()
  private var positionsStorage: [String: [Int]]?

  init(data: Data) {
    let (text, valid) = decodeUTF8Leniently([UInt8](data))
    lenient = !valid
    lines = AnchorParser.splitLines(text).map(normalizeLine)
  }

  /// 0-based positions of each normalized line.
  var positions: [String: [Int]] {
    lock.lock()
    defer { lock.unlock() }
    if let positionsStorage { return positionsStorage }
    var map: [String: [Int]] = [:]
    map.reserveCapacity(lines.count)
    for (index, line) in lines.enumerated() { map[line, default: []].append(index) }
    positionsStorage = map
    return map
  }

  /// 0-based starts where `quote` stands whole.
  func occurrences(of quote: [String]) -> [Int] {
    guard let first = quote.first, let starts = positions[first] else { return [] }
    return starts.filter { start in
      start + quote.count <= lines.count && zip(quote.indices, start...).allSatisfy { quote[$0.0] == lines[$0.1] }
    }
  }
}

/// A line stripped at both ends, with each run of ASCII whitespace collapsed to one space.
func normalizeLine<S: StringProtocol>(_ line: S) -> String {
  let count = line.utf8.count
  return String(unsafeUninitializedCapacity: count) { out in
    var written = 0
    var pendingSpace = false
    for byte in line.utf8 {
      if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B {
        pendingSpace = written > 0
      } else {
        if pendingSpace {
          out[written] = 0x20
          written += 1
        }
        pendingSpace = false
        out[written] = byte
        written += 1
      }
    }
    return written
  }
}
