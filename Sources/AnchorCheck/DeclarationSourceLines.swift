// Line bookkeeping shared by all scanners.

/// Maps byte offsets to 1-based line numbers.
///
/// Lines are separated by `"\n"` (so `"\r\n"` is one break, the `"\r"` being trailing
/// whitespace); a trailing newline does not start an extra line.
struct SourceLines {
  /// The byte offset at which each line starts; `lineStarts[0]` is line 1.
  private(set) var lineStarts: [Int] = []

  /// The number of lines (0 for empty text).
  var count: Int { lineStarts.count }

  /// The 1-based line of each byte: scanners ask for a line at every token, so the answer is
  /// a lookup, not a search.
  private var lineOfByte: [Int32] = []

  init(bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    lineStarts.append(0)
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
      if index + 1 < bytes.count { lineStarts.append(index + 1) }
    }
    // Each line's bytes get its number, a run at a time.
    lineOfByte = [Int32](repeating: 0, count: bytes.count)
    lineOfByte.withUnsafeMutableBufferPointer { numbers in
      for (line, start) in lineStarts.enumerated() {
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        numbers[start..<end].update(repeating: Int32(line + 1))
      }
    }
  }

  /// The 1-based line holding byte `offset`, clamped to `1...max(count, 1)`.
  func line(at offset: Int) -> Int {
    guard offset >= 0, !lineOfByte.isEmpty else { return 1 }
    guard offset < lineOfByte.count else { return lineStarts.count }
    return Int(lineOfByte[offset])
  }
}

/// What each line holds, for walking up from a declaration over the comments above it.
struct LineMarks {
  /// `code[l]`: line `l` holds part of a token (including any line of a multi-line string).
  private var code: [Bool]
  /// `comment[l]`: line `l` holds part of a comment.
  private var comment: [Bool]
  /// `origin[l]`: the line where the block comment covering the start of line `l` began,
  /// or 0 if line `l` does not start inside a block comment.
  private var origin: [Int]

  init(lineCount: Int) {
    code = Array(repeating: false, count: lineCount + 2)
    comment = Array(repeating: false, count: lineCount + 2)
    origin = Array(repeating: 0, count: lineCount + 2)
  }

  /// Whether line `line` holds code.
  func hasCode(_ line: Int) -> Bool { line >= 0 && line < code.count && code[line] }

  /// Marks lines `first...last` as holding code.
  mutating func markCode(_ first: Int, _ last: Int) {
    guard first >= 0, first <= last, last < code.count else { return }
    for line in first...last { code[line] = true }
  }

  /// Marks lines `first...last` as holding one comment that starts on line `first`.
  mutating func markComment(_ first: Int, _ last: Int) {
    guard first >= 0, first <= last, last < comment.count else { return }
    for line in first...last {
      comment[line] = true
      if line > first && origin[line] == 0 { origin[line] = first }
    }
  }

  /// The first line of a declaration whose first token (attribute, modifier or keyword)
  /// is on `line`: walks up over the comment-only lines directly above, stopping at a
  /// blank line or a line with code. `firstOnLine` says whether nothing but comments
  /// precedes that token on its line; if something does, the declaration starts on `line`.
  func start(firstTokenLine line: Int, firstOnLine: Bool) -> Int {
    guard firstOnLine, line > 0, line < code.count else { return max(line, 1) }
    var start = line
    // A block comment ending just before the first token, e.g. `/** doc */ func f()`.
    let lineOrigin = origin[line]
    if lineOrigin > 0 && lineOrigin < line {
      if code[lineOrigin] { return start }
      start = lineOrigin
    }
    var above = start - 1
    while above >= 1 {
      if code[above] || !comment[above] { break }
      let from = origin[above]
      if from > 0 && from < above {
        // Inside a block comment: it counts only if nothing precedes it on its first line.
        if code[from] { break }
        start = from
        above = from - 1
      } else {
        start = above
        above -= 1
      }
    }
    return start
  }
}
