import KitSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A cited file, read once: its normalized lines, and a table from a line's hash to where it
/// stands, for finding a quote that moved.
///
/// The table is two flat arrays built with the file (a bucket per hash, chained through the
/// lines), not a dictionary of arrays: a repository's files hold hundreds of thousands of lines,
/// and threads read it without a lock.
final class SourceFile: Sendable {
  /// The normalized lines.
  let lines: NormalizedLines
  /// Whether the file was not valid UTF-8 and was decoded with replacement characters.
  let lenient: Bool
  /// For each bucket (a hash's low bits), the first line in it, or -1.
  private let buckets: [Int32]
  /// For each line, the next line in its bucket, or -1.
  private let chain: [Int32]

  init(bytes: [UInt8]) {
    let (text, valid) = decodeUTF8Leniently(bytes)
    lenient = !valid
    lines = NormalizedLines(text: text)
    var size = 16
    while size < lines.count * 2 { size *= 2 }
    var buckets = [Int32](repeating: -1, count: size)
    var chain = [Int32](repeating: -1, count: lines.count)
    // Chained from the last line back, so that each bucket lists its lines in order.
    for line in stride(from: lines.count - 1, through: 0, by: -1) {
      let bucket = Int(truncatingIfNeeded: lines.hashes[line]) & (size - 1)
      chain[line] = buckets[bucket]
      buckets[bucket] = Int32(line)
    }
    self.buckets = buckets
    self.chain = chain
  }

  /// Calls `body` with each 0-based line whose hash is `hash`, in order.
  @inline(__always)
  func forEachLine(hashed hash: UInt64, _ body: (Int) -> Void) {
    var line = Int(buckets[Int(truncatingIfNeeded: hash) & (buckets.count - 1)])
    while line >= 0 {
      if lines.hashes[line] == hash { body(line) }
      line = Int(chain[line])
    }
  }

  /// The 0-based start nearest to the 0-based line `near` where `quote` stands whole; the
  /// earlier of two at the same distance.
  ///
  /// Every whole occurrence holds each of the quote's lines at its offset, so the places of one
  /// line give every candidate start: the longest line, which recurs least (a `}` recurs on every
  /// page). Starts within a few lines of `near`, where most quotes that moved stand, are tried
  /// first, in order of distance, from the hashes alone; then the places of that line, from the
  /// nearest out.
  func nearestOccurrence(of quote: NormalizedLines, near: Int) -> Int? {
    guard quote.count > 0 else { return nil }
    var key = 0
    for offset in 1..<quote.count where quote.length(offset) > quote.length(key) { key = offset }
    let wanted = quote.hashes[key]
    let hashes = lines.hashes
    func stands(_ start: Int) -> Bool {
      start >= 0 && start + key < hashes.count && hashes[start + key] == wanted
        && lines.contains(quote, at: start)
    }
    let window = 32
    for distance in 0...window {
      if stands(near - distance) { return near - distance }
      if distance > 0, stands(near + distance) { return near + distance }
    }
    var starts: [Int] = []
    forEachLine(hashed: wanted) { position in
      if position >= key, abs(position - key - near) > window { starts.append(position - key) }
    }
    // starts[..<above] are before `near`, the rest after it.
    var below = (starts.firstIndex { $0 > near } ?? starts.count) - 1
    var above = below + 1
    while below >= 0 || above < starts.count {
      let takeBelow =
        above == starts.count || (below >= 0 && near - starts[below] <= starts[above] - near)
      let start = takeBelow ? starts[below] : starts[above]
      if takeBelow { below -= 1 } else { above += 1 }
      if lines.contains(quote, at: start) { return start }
    }
    return nil
  }
}
