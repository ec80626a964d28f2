import Foundation
import KitJSON

/// A cited file, read once: its normalized lines, and on demand a map from a line's hash to
/// where it stands, for finding a quote that moved.
final class SourceFile: @unchecked Sendable {
  /// The normalized lines.
  let lines: NormalizedLines
  /// Whether the file was not valid UTF-8 and was decoded with replacement characters.
  let lenient: Bool
  private let lock = NSLock()
  private var positionsStorage: [UInt64: [Int]]?

  init(bytes: [UInt8]) {
    let (text, valid) = decodeUTF8Leniently(bytes)
    lenient = !valid
    lines = NormalizedLines(text: text)
  }

  /// 0-based positions of each line, by its hash.
  var positions: [UInt64: [Int]] {
    lock.lock()
    defer { lock.unlock() }
    if let positionsStorage { return positionsStorage }
    var map: [UInt64: [Int]] = [:]
    map.reserveCapacity(lines.count)
    for (index, hash) in lines.hashes.enumerated() { map[hash, default: []].append(index) }
    positionsStorage = map
    return map
  }

  /// 0-based starts where `quote` stands whole.
  func occurrences(of quote: NormalizedLines) -> [Int] {
    guard quote.count > 0, let starts = positions[quote.hashes[0]] else { return [] }
    return starts.filter { lines.contains(quote, at: $0) }
  }
}
