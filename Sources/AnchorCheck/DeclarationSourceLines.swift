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

  /// The 1-based line of each byte, when built: scanners that ask for a line at every token,
  /// in any order, get a lookup, not a search. Empty without it.
  private var lineOfByte: [Int32] = []

  /// The lines of `bytes`; with `indexingBytes`, a table of every byte's line too, which costs
  /// four bytes a byte. Without it, ``line(at:)`` searches, and a ``LineCursor`` walks.
  init(bytes: [UInt8], indexingBytes: Bool = true) {
    guard !bytes.isEmpty else { return }
    var starts = [0]
    bytes.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") {
        if index + 1 < buffer.count { starts.append(index + 1) }
      }
    }
    lineStarts = starts
    guard indexingBytes else { return }
    // Each line's bytes get its number, a run at a time.
    lineOfByte = [Int32](repeating: 0, count: bytes.count)
    lineOfByte.withUnsafeMutableBufferPointer { numbers in
      for (line, start) in starts.enumerated() {
        let end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        numbers[start..<end].update(repeating: Int32(line + 1))
      }
    }
  }

  /// The 1-based line holding byte `offset`, clamped to `1...max(count, 1)`.
  func line(at offset: Int) -> Int {
    guard offset >= 0, !lineStarts.isEmpty else { return 1 }
    if !lineOfByte.isEmpty {
      guard offset < lineOfByte.count else { return lineStarts.count }
      return Int(lineOfByte[offset])
    }
    // The last line starting at or before `offset`.
    var low = 0
    var high = lineStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle }
    }
    return low + 1
  }
}

/// The lines of offsets asked in mostly rising order, as a lexer asks for them: each answer is
/// a walk from the last one, not a search or a table. Answers as ``SourceLines/line(at:)``.
struct LineCursor {
  private let starts: [Int]
  /// The 0-based line of the last answer.
  private var current = 0

  init(_ lines: SourceLines) { starts = lines.lineStarts }

  /// The 1-based line holding byte `offset`, clamped to `1...max(count, 1)`.
  mutating func line(at offset: Int) -> Int {
    guard offset >= 0, !starts.isEmpty else { return 1 }
    while current + 1 < starts.count, starts[current + 1] <= offset { current += 1 }
    while current > 0, starts[current] > offset { current -= 1 }
    return current + 1
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
