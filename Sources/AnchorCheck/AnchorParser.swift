#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the anchors in a Markdown doc: quoted anchors (fenced blocks whose first line is a
/// comment holding one anchor), prose anchors (`PATH:LINE[-LINE]` in text or inline code) and
/// GitHub-style links (`[x](path#L10-L20)`). URLs are masked first, so `http://host:8080/x` is
/// not an anchor, except GitHub permalinks,
/// `https://github.com/ORG/REPO/blob/COMMIT/path#L10-L20`, bare or in a link.
///
/// Any of them may name a declaration: `PATH:LINE[-LINE] (SYMBOL)`, or `PATH#SYMBOL` (in text,
/// code, a link or a quote's comment) for a file of a language the declaration scanner reads
/// (Swift, Go, Python, the C family), where a fragment is not a heading. A symbol is names
/// joined by `.`, the last one perhaps with its argument labels: `ErrorReport.render(to:)`.
///
/// The parser works on the doc's UTF-8 bytes in place, a line at a time, and never fails: any
/// text parses to some (possibly empty) list of anchors.
public enum AnchorParser {
  /// Parses `text`.
  ///
  /// - Parameters:
  ///   - text: the doc.
  ///   - knownExtensions: file extensions that exist under the root, lowercased. A bare name
  ///     without `/` counts as an anchor only when its extension is one of them, so
  ///     `example.com:8080` is not an anchor in a repository without `.com` files. `nil` accepts
  ///     any extension.
  /// - Complexity: O(n) in the length of `text`.
  public static func parse(_ text: String, knownExtensions: Set<String>? = nil) -> ParsedDoc {
    var text = text
    return text.withUTF8 { bytes in
      let scanned = scan(bytes, knownExtensions: knownExtensions)
      return ParsedDoc(
        anchors: scanned.anchors.map { found in
          var anchor = found.anchor
          if !found.quote.isEmpty {
            anchor.quoteText = String(decoding: bytes[found.quote], as: UTF8.self)
          }
          return anchor
        },
        problems: scanned.problems)
    }
  }

  /// An anchor found in a doc's bytes, its quote left in place: `anchor.quoteText` is empty, and
  /// `quote` is where the quoted text stands in the doc.
  @_spi(Benchmarks) public struct Scanned {
    @_spi(Benchmarks) public var anchor: ParsedAnchor
    /// The byte range of the quote in the doc: its lines up to the last non-blank one.
    @_spi(Benchmarks) public var quote: Range<Int>
  }

  /// Parses the UTF-8 bytes of a doc without copying them: the checker reads each quote where it
  /// stands.
  ///
  /// - Parameter proseLines: when set, only the lines it accepts are scanned for anchors: prose,
  ///   link and permalink anchors, and a quote's citation line. Each anchor lies on one line, so
  ///   a filter that accepts every line holding a wanted one loses none of them. Fences and
  ///   suppressions are read on every line.
  @_spi(Benchmarks) public static func scan(
    _ text: UnsafeBufferPointer<UInt8>, knownExtensions: Set<String>?,
    proseLines: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil
  ) -> (anchors: [Scanned], problems: [DocProblem]) {
    let lines = lineBounds(text)
    func line(_ index: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: text[lines[index]])
    }
    var anchors: [Scanned] = []
    var problems: [DocProblem] = []
    var suppressNext = false
    var index = 0
    while index < lines.count {
      let current = line(index)
      let number = index + 1
      var suppressed = suppressNext
      suppressNext = false
      if let suppression = suppressionComment(current) {
        if suppression {
          suppressed = true
          suppressNext = true
        } else {
          problems.append(
            DocProblem(
              line: number,
              message:
                "a suppression needs a reason: write <!-- anchors: ignore -- why it is stale on purpose -->"
            ))
        }
      }
      if let fence = openingFence(current) {
        // The fence's body runs to its closing fence, or to the end of an unterminated block.
        var close = index + 1
        while close < lines.count, !isClosingFence(line(close), fence) { close += 1 }
        if index + 1 < close, proseLines?(line(index + 1)) ?? true,
          let found = commentAnchor(line(index + 1))
        {
          // The quote is one slice of the doc: its lines up to the last non-blank one.
          var last = close - 1
          while last >= index + 2, isBlank(line(last)) { last -= 1 }
          let quote =
            last >= index + 2 ? lines[index + 2].lowerBound..<lines[last].upperBound : 0..<0
          anchors.append(
            Scanned(
              anchor: ParsedAnchor(
                line: number + 1, text: found.text, path: found.path, start: found.start,
                end: found.end, form: .quoted, quoteText: "", columns: found.columns,
                suppressed: suppressed, symbol: found.symbol),
              quote: quote))
        }
        index = close + 1
        continue
      }
      if proseLines?(current) ?? true {
        proseAnchors(
          current, number: number, knownExtensions: knownExtensions, suppressed: suppressed,
          into: &anchors)
      }
      index += 1
    }
    return (anchors, problems)
  }

  // MARK: - Lines and fences

  /// The byte ranges of the lines of `text`, split at `\n`, each without a `\r` before its `\n`;
  /// one trailing newline ends the last line.
  @_spi(Benchmarks) public static func lineBounds(_ text: UnsafeBufferPointer<UInt8>) -> [Range<
    Int
  >] {
    var bounds: [Range<Int>] = []
    guard let base = text.baseAddress else { return bounds }
    var start = 0
    while start < text.count {
      guard let hit = memchr(base + start, 0x0A, text.count - start) else { break }
      let end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      bounds.append(start..<(end > start && text[end - 1] == 0x0D ? end - 1 : end))
      start = end + 1
    }
    if start < text.count {
      bounds.append(start..<(text[text.count - 1] == 0x0D ? text.count - 1 : text.count))
    }
    return bounds
  }

  /// Whether a line holds only whitespace, as `Character.isWhitespace` counts it.
  static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in line {
      if byte >= 0x80 {
        // Unicode spaces, and a space a combining mark joins: the Characters decide.
        return String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace)
      }
      guard byte == 0x20 || (0x09...0x0D).contains(byte) else { return false }
    }
    return true
  }

  struct Fence {
    let character: UInt8
    let length: Int
  }

  /// A line opening a fence: up to three spaces, then three or more backticks or tildes.
  static func openingFence(_ bytes: UnsafeBufferPointer<UInt8>) -> Fence? {
    guard let first = bytes.first(where: { $0 != UInt8(ascii: " ") }),
      first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
    else { return nil }
    var i = 0
    while i < bytes.count, i < 3, bytes[i] == UInt8(ascii: " ") { i += 1 }
    guard i < bytes.count, bytes[i] == UInt8(ascii: "`") || bytes[i] == UInt8(ascii: "~") else {
      return nil
    }
    let character = bytes[i]
    var length = 0
    while i < bytes.count, bytes[i] == character {
      length += 1
      i += 1
    }
    guard length >= 3 else { return nil }
    // A backtick fence's info string may not contain a backtick.
    if character == UInt8(ascii: "`"), bytes[i...].contains(UInt8(ascii: "`")) { return nil }
    return Fence(character: character, length: length)
  }

  static func isClosingFence(_ line: UnsafeBufferPointer<UInt8>, _ fence: Fence) -> Bool {
    // Up to three spaces, a run of at least the opening's length, then only blanks.
    var spaces = 0
    var run = 0
    var afterRun = false
    for byte in line {
      if afterRun {
        guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { return false }
      } else if byte == fence.character {
        run += 1
      } else if run > 0, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        afterRun = true
      } else if run == 0, byte == UInt8(ascii: " "), spaces < 3 {
        spaces += 1
      } else {
        return false
      }
    }
    return run >= fence.length
  }

  // MARK: - Anchors

  struct Found {
    let text: String
    let path: String
    let start: Int
    let end: Int
    let columns: Range<Int>
    var symbol: String? = nil
    var permalink: ParsedAnchor.Permalink? = nil
  }

  /// A comment line holding exactly one anchor: `// P:S-E`, `# P:S-E`, `-- P:S-E`, `; P:S-E` or
  /// `<!-- P:S-E -->`.
  static func commentAnchor(_ bytes: UnsafeBufferPointer<UInt8>) -> Found? {
    var lower = 0
    var upper = bytes.count
    while lower < upper, isSpace(bytes[lower]) { lower += 1 }
    while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
    let body = bytes[lower..<upper]
    func starts(_ prefix: StaticString) -> Bool {
      prefix.withUTF8Buffer { body.starts(with: $0) }
    }
    if starts("<!--") {
      guard body.count >= 7, body.suffix(3).elementsEqual("-->".utf8) else {
        return nil
      }
      lower += 4
      upper -= 3
    } else if starts("//") || starts("--") {
      lower += 2
    } else if starts("#") || starts(";") {
      lower += 1
    } else {
      return nil
    }
    while lower < upper, isSpace(bytes[lower]) { lower += 1 }
    while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
    return wholeAnchor(bytes, lower..<upper, allowSpaces: true)
  }

  /// The anchor that is the whole of `bytes[range]`: `PATH:START[-END]`, PATH ending in an
  /// extension, perhaps followed by ` (SYMBOL)`; or `PATH#SYMBOL`. With `allowSpaces`, the path
  /// may hold spaces.
  static func wholeAnchor<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ range: Range<Int>, allowSpaces: Bool
  ) -> Found? where Bytes.Index == Int {
    if let named = namedAnchor(bytes, range, allowSpaces: allowSpaces) { return named }
    var lines = range
    var symbol: String?
    // ` (SYMBOL)` at the end, after the last ` (` (a symbol holds no space): its labels may
    // hold colons, so it goes first.
    var open = range.upperBound - 1
    while open > range.lowerBound + 1,
      !(bytes[open] == UInt8(ascii: "(") && bytes[open - 1] == UInt8(ascii: " "))
    {
      open -= 1
    }
    if range.count > 4, bytes[range.upperBound - 1] == UInt8(ascii: ")"),
      open > range.lowerBound + 1, bytes[open] == UInt8(ascii: "("),
      bytes[open - 1] == UInt8(ascii: " "),
      symbolEnd(bytes, from: open + 1, upTo: range.upperBound - 1) == range.upperBound - 1
    {
      symbol = String(decoding: bytes[(open + 1)..<(range.upperBound - 1)], as: UTF8.self)
      lines = range.lowerBound..<(open - 1)
    }
    guard let colon = bytes[lines].lastIndex(of: UInt8(ascii: ":")), colon > lines.lowerBound else {
      return nil
    }
    guard let (start, end, stop) = numbers(bytes, from: colon + 1, upTo: lines.upperBound),
      stop == lines.upperBound
    else { return nil }
    let pathBytes = bytes[lines.lowerBound..<colon]
    guard hasExtension(pathBytes), allowSpaces || !pathBytes.contains(where: isSpace),
      !pathBytes.contains(UInt8(ascii: ":"))
    else { return nil }
    return Found(
      text: String(decoding: bytes[range], as: UTF8.self),
      path: String(decoding: pathBytes, as: UTF8.self),
      start: start, end: end, columns: range, symbol: symbol)
  }

  /// `PATH#SYMBOL` as the whole of `bytes[range]`, for a file the declaration scanner reads.
  static func namedAnchor<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ range: Range<Int>, allowSpaces: Bool
  ) -> Found? where Bytes.Index == Int {
    guard let hash = bytes[range].lastIndex(of: UInt8(ascii: "#")), hash > range.lowerBound,
      symbolEnd(bytes, from: hash + 1, upTo: range.upperBound) == range.upperBound
    else { return nil }
    let pathBytes = bytes[range.lowerBound..<hash]
    guard isScanned(pathBytes), allowSpaces || !pathBytes.contains(where: isSpace),
      !pathBytes.contains(UInt8(ascii: ":")), !pathBytes.contains(UInt8(ascii: "#"))
    else { return nil }
    return Found(
      text: String(decoding: bytes[range], as: UTF8.self),
      path: String(decoding: pathBytes, as: UTF8.self), start: 0, end: 0, columns: range,
      symbol: String(decoding: bytes[(hash + 1)..<range.upperBound], as: UTF8.self))
  }

  /// Where a symbol that starts at `from` ends: names (a letter or `_`, then letters, digits
  /// and `_`) joined by single dots, the last perhaps followed by argument labels, `(a:_:)`. A
  /// dot with no name after it, or a parenthesis that is no label list, is left out. `nil` when
  /// no name starts at `from`. `L` and digits alone (`L10`) are a line, not a symbol.
  static func symbolEnd<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, from: Int, upTo limit: Int
  ) -> Int? where Bytes.Index == Int {
    func name(_ at: Int) -> Int? {
      guard at < limit, isLetter(bytes[at]) || bytes[at] == UInt8(ascii: "_") else { return nil }
      var i = at + 1
      while i < limit, isAlphanumeric(bytes[i]) || bytes[i] == UInt8(ascii: "_") { i += 1 }
      return i
    }
    guard var end = name(from) else { return nil }
    if bytes[from] == UInt8(ascii: "L"), end > from + 1,
      bytes[(from + 1)..<end].allSatisfy(isDigit)
    {
      return nil
    }
    while end < limit, bytes[end] == UInt8(ascii: "."), let next = name(end + 1) { end = next }
    // Argument labels: `(` then labels each ending in `:`, then `)`.
    if end < limit, bytes[end] == UInt8(ascii: "(") {
      var i = end + 1
      var labels = 0
      while i < limit {
        if bytes[i] == UInt8(ascii: ")") {
          if labels > 0 { end = i + 1 }
          break
        }
        var j = i
        while j < limit, isAlphanumeric(bytes[j]) || bytes[j] == UInt8(ascii: "_") { j += 1 }
        guard j < limit, bytes[j] == UInt8(ascii: ":") else { break }
        labels += 1
        i = j + 1
      }
    }
    return end
  }

  /// Whether a path ends in the extension of a language the declaration scanner reads.
  static func isScanned<Bytes: Collection<UInt8>>(_ path: Bytes) -> Bool
  where Bytes: BidirectionalCollection {
    hasExtension(path) && SourceLanguage(pathBytes: path) != .plain
  }

  /// `START[-END]` at `from`, or with `marked`, as a fragment writes it after its `L`:
  /// `START[-[L]END]`. The numbers and where they stop; a dash with no number after it is left
  /// out. Numbers are capped so that no input can overflow.
  static func numbers<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, from: Int, upTo limit: Int, marked: Bool = false
  ) -> (Int, Int, Int)? where Bytes.Index == Int {
    func digits(_ at: Int) -> (Int, Int)? {
      var i = at
      var value = 0
      while i < limit, isDigit(bytes[i]) {
        value = min(value * 10 + Int(bytes[i] - UInt8(ascii: "0")), 1_000_000_000)
        i += 1
      }
      return i > at ? (value, i) : nil
    }
    guard let (start, afterStart) = digits(from) else { return nil }
    let second =
      afterStart + 1
      + (marked && afterStart + 1 < limit && bytes[afterStart + 1] == UInt8(ascii: "L") ? 1 : 0)
    if afterStart + 1 < limit, bytes[afterStart] == UInt8(ascii: "-"),
      let (end, afterEnd) = digits(second)
    {
      return (start, end, afterEnd)
    }
    return (start, start, afterStart)
  }

  /// Whether a path ends in `.ext`: one to ten ASCII letters or digits after a dot, with
  /// something other than dots before it.
  static func hasExtension<Bytes: Collection<UInt8>>(_ path: Bytes) -> Bool
  where Bytes: BidirectionalCollection {
    guard let dot = path.lastIndex(of: UInt8(ascii: ".")) else { return false }
    let ext = path[path.index(after: dot)...]
    guard (1...10).contains(ext.count), ext.allSatisfy(isAlphanumeric),
      ext.contains(where: isLetter)
    else { return false }
    return path[..<dot].contains { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "/") }
  }

  /// The extension of a path, lowercased.
  static func pathExtension(_ path: String) -> String {
    let bytes = path.utf8
    guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return "" }
    return String(decoding: bytes[bytes.index(after: dot)...], as: UTF8.self).lowercased()
  }

  /// Appends the prose and link anchors on one line outside fences to `anchors`, in the order
  /// they stand.
  static func proseAnchors(
    _ original: UnsafeBufferPointer<UInt8>, number: Int, knownExtensions: Set<String>?,
    suppressed: Bool, into anchors: inout [Scanned]
  ) {
    guard mayHoldAnchor(original) else { return }
    // Detection runs on a copy with URLs blanked out, when the line has one; text is always
    // taken from the original, and a span that holds part of a URL is never an anchor, unless
    // the URL is a permalink.
    guard find(schemeSeparator, in: original, from: 0) != nil else {
      return proseAnchors(
        original, masked: nil, number: number, knownExtensions: knownExtensions,
        suppressed: suppressed, into: &anchors)
    }
    let firstOnLine = anchors.count
    for found in permalinks(original) {
      var parsed = anchor(found, line: number, form: .permalink)
      parsed.suppressed = suppressed
      anchors.append(Scanned(anchor: parsed, quote: 0..<0))
    }
    let permalinkCount = anchors.count - firstOnLine
    var masked = Array(original)
    maskURLs(&masked)
    masked.withUnsafeBufferPointer {
      proseAnchors(
        original, masked: $0, number: number, knownExtensions: knownExtensions,
        suppressed: suppressed, into: &anchors)
    }
    if permalinkCount > 0, anchors.count - firstOnLine > permalinkCount {
      anchors[firstOnLine...].sort { $0.anchor.columns.lowerBound < $1.anchor.columns.lowerBound }
    }
  }

  /// The GitHub permalinks on a line, in order:
  /// `https://github.com/ORG/REPO/blob/COMMIT/PATH#L10[-L20]`, where COMMIT is 7 to 40
  /// hexadecimal digits (a branch name is not pinned, so its link is no permalink), PATH is
  /// percent-decoded, and a query (`?plain=1`) may stand before the fragment. Scheme and host
  /// are read in any case. Sentence punctuation after the fragment ends the URL; anything else
  /// there (`#L10C5`) makes it no permalink.
  static func permalinks(_ bytes: UnsafeBufferPointer<UInt8>) -> [Found] {
    var found: [Found] = []
    var from = 0
    while let separator = find(schemeSeparator, in: bytes, from: from) {
      from = separator + 3
      // Where the URL starts and ends, as `maskURLs` sees it.
      var start = separator
      while start > 0, isSchemeByte(bytes[start - 1]) { start -= 1 }
      var end = separator + 3
      while end < bytes.count, !endsURL(bytes[end]) { end += 1 }
      // A `://` without a scheme is no URL, and the search goes on inside what follows it.
      guard start < separator else { continue }
      if let permalink = permalink(bytes, start..<end, scheme: separator) {
        found.append(permalink)
      }
      from = end
    }
    return found
  }

  /// The permalink that the URL `bytes[url]` (its `://` at `scheme`) is, if it is one.
  private static func permalink(
    _ bytes: UnsafeBufferPointer<UInt8>, _ url: Range<Int>, scheme: Int
  ) -> Found? {
    func lowercased(_ range: Range<Int>) -> String {
      String(decoding: bytes[range].map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
    guard ["https", "http"].contains(lowercased(url.lowerBound..<scheme)) else { return nil }
    var i = scheme + 3
    // One path segment of bytes that `allowed` accepts, then `/`.
    func segment(_ allowed: (UInt8) -> Bool) -> Range<Int>? {
      let begin = i
      while i < url.upperBound, allowed(bytes[i]) { i += 1 }
      guard i > begin, i < url.upperBound, bytes[i] == UInt8(ascii: "/") else { return nil }
      defer { i += 1 }
      return begin..<i
    }
    guard let host = segment({ $0 != UInt8(ascii: "/") }),
      ["github.com", "www.github.com"].contains(lowercased(host)),
      let owner = segment({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") }),
      let repository = segment({
        isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
          || $0 == UInt8(ascii: ".")
      }),
      let blob = segment({ isLetter($0) }), lowercased(blob) == "blob",
      let commit = segment(isHexDigit), (7...40).contains(commit.count)
    else { return nil }
    let pathStart = i
    while i < url.upperBound, bytes[i] != UInt8(ascii: "#"), bytes[i] != UInt8(ascii: "?") {
      i += 1
    }
    let pathEnd = i
    if i < url.upperBound, bytes[i] == UInt8(ascii: "?") {
      while i < url.upperBound, bytes[i] != UInt8(ascii: "#") { i += 1 }
    }
    guard pathEnd > pathStart, bytes[pathEnd - 1] != UInt8(ascii: "/"), i + 2 < url.upperBound,
      bytes[i] == UInt8(ascii: "#"), bytes[i + 1] == UInt8(ascii: "L")
    else { return nil }
    guard let (first, last, stop) = numbers(bytes, from: i + 2, upTo: url.upperBound, marked: true)
    else { return nil }
    i = stop
    // Only sentence punctuation may follow: `see https://…#L3.`
    guard bytes[i..<url.upperBound].allSatisfy({ isSentencePunctuation($0) }) else { return nil }
    let path = percentDecoded(String(decoding: bytes[pathStart..<pathEnd], as: UTF8.self))
    // A path git can be asked about on one line: no control characters.
    guard !path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
    return Found(
      text: String(decoding: bytes[url.lowerBound..<i], as: UTF8.self), path: path,
      start: first, end: last, columns: url.lowerBound..<i,
      permalink: ParsedAnchor.Permalink(
        owner: String(decoding: bytes[owner], as: UTF8.self),
        repository: String(decoding: bytes[repository], as: UTF8.self),
        commit: String(decoding: bytes[commit], as: UTF8.self),
        base: String(decoding: bytes[url.lowerBound..<commit.lowerBound], as: UTF8.self)))
  }

  /// ``proseAnchors(_:number:knownExtensions:suppressed:into:)``, given the line with its URLs
  /// blanked out when it has any.
  private static func proseAnchors(
    _ original: UnsafeBufferPointer<UInt8>, masked: UnsafeBufferPointer<UInt8>?,
    number: Int, knownExtensions: Set<String>?, suppressed: Bool, into anchors: inout [Scanned]
  ) {
    let bytes = masked ?? original
    func unmasked(_ range: Range<Int>) -> Bool {
      masked == nil || bytes[range].elementsEqual(original[range])
    }
    let firstOnLine = anchors.count
    func append(_ found: Found, form: ParsedAnchor.Form) {
      var parsed = anchor(found, line: number, form: form)
      parsed.suppressed = suppressed
      anchors.append(Scanned(anchor: parsed, quote: 0..<0))
    }
    // Which bytes the plain scan may use; allocated when a code span or link claims some.
    var claimed: [Bool] = []
    func claim(_ range: Range<Int>) {
      if claimed.isEmpty { claimed = [Bool](repeating: false, count: bytes.count) }
      for k in range { claimed[k] = true }
    }

    // Inline code spans whose whole content is an anchor may hold spaces in the path.
    var i = 0
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "`") else {
        i += 1
        continue
      }
      var run = 0
      while i + run < bytes.count, bytes[i + run] == UInt8(ascii: "`") { run += 1 }
      let open = i + run
      var j = open
      var close: Int?
      while j < bytes.count {
        if bytes[j] == UInt8(ascii: "`") {
          var other = 0
          while j + other < bytes.count, bytes[j + other] == UInt8(ascii: "`") { other += 1 }
          if other == run {
            close = j
            break
          }
          j += other
        } else {
          j += 1
        }
      }
      guard let close else { break }
      var lower = open
      var upper = close
      while lower < upper, isSpace(bytes[lower]) { lower += 1 }
      while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
      if unmasked(lower..<upper),
        let found = wholeAnchor(original, lower..<upper, allowSpaces: true),
        found.path.utf8.contains(UInt8(ascii: " "))
      {
        if accepts(found.path, knownExtensions) { append(found, form: .prose) }
        claim(lower..<upper)
      }
      i = close + run
    }

    // Links: [label](path#L10-L20).
    i = 0
    while i + 1 < bytes.count {
      guard bytes[i] == UInt8(ascii: "]"), bytes[i + 1] == UInt8(ascii: "(") else {
        i += 1
        continue
      }
      let open = i + 2
      // The destination's own `)`: parentheses inside it come in pairs (CommonMark), as in
      // `(A.swift#Box.init(_:))`.
      var depth = 0
      var found: Int?
      for k in open..<bytes.count {
        if bytes[k] == UInt8(ascii: "(") {
          depth += 1
        } else if bytes[k] == UInt8(ascii: ")") {
          if depth == 0 {
            found = k
            break
          }
          depth -= 1
        }
      }
      guard let close = found else { break }
      var lower = open
      var upper = close
      if lower < upper, bytes[lower] == UInt8(ascii: "<"), bytes[upper - 1] == UInt8(ascii: ">") {
        lower += 1
        upper -= 1
      }
      if unmasked(lower..<upper), let found = linkAnchor(original, lower..<upper),
        accepts(found.path, knownExtensions)
      {
        append(found, form: .link)
        claim(lower..<upper)
      }
      i = close + 1
    }

    // Plain PATH:LINE[-LINE], in text and inside other code spans.
    func free(_ k: Int) -> Bool { claimed.isEmpty || !claimed[k] }
    i = 0
    while i < bytes.count {
      defer { i += 1 }
      guard bytes[i] == UInt8(ascii: ":"), free(i), i + 1 < bytes.count, isDigit(bytes[i + 1])
      else { continue }
      var start = i
      while start > 0, free(start - 1), isPathByte(bytes[start - 1]) { start -= 1 }
      // Trailing punctuation before the colon is not part of a path.
      guard start < i, hasExtension(bytes[start..<i]) else { continue }
      guard let (first, last, stop) = numbers(bytes, from: i + 1, upTo: bytes.count) else {
        continue
      }
      if stop < bytes.count, isAlphanumeric(bytes[stop]) || bytes[stop] == UInt8(ascii: "_") {
        continue
      }
      guard unmasked(start..<stop) else { continue }
      let path = String(decoding: original[start..<i], as: UTF8.self)
      guard accepts(path, knownExtensions) else { continue }
      // ` (SYMBOL)` right after the range names the declaration.
      var end = stop
      var symbol: String?
      if stop + 3 < bytes.count, bytes[stop] == UInt8(ascii: " "),
        bytes[stop + 1] == UInt8(ascii: "("),
        let close = symbolEnd(bytes, from: stop + 2, upTo: bytes.count), close < bytes.count,
        bytes[close] == UInt8(ascii: ")"), free(close), unmasked(stop..<(close + 1))
      {
        symbol = String(decoding: original[(stop + 2)..<close], as: UTF8.self)
        end = close + 1
      }
      append(
        Found(
          text: String(decoding: original[start..<end], as: UTF8.self), path: path, start: first,
          end: last, columns: start..<end, symbol: symbol),
        form: .prose)
      i = end - 1
    }

    // PATH#SYMBOL, in text and inside other code spans, for a file of a scanned language.
    i = 0
    while i < bytes.count {
      defer { i += 1 }
      guard bytes[i] == UInt8(ascii: "#"), free(i),
        let stop = symbolEnd(bytes, from: i + 1, upTo: bytes.count)
      else { continue }
      var start = i
      while start > 0, free(start - 1), isPathByte(bytes[start - 1]) { start -= 1 }
      guard start < i, isScanned(bytes[start..<i]) else { continue }
      if stop < bytes.count, isPathByte(bytes[stop]), bytes[stop] != UInt8(ascii: ".") {
        continue
      }
      guard unmasked(start..<stop) else { continue }
      let path = String(decoding: original[start..<i], as: UTF8.self)
      guard accepts(path, knownExtensions) else { continue }
      append(
        Found(
          text: String(decoding: original[start..<stop], as: UTF8.self), path: path, start: 0,
          end: 0, columns: start..<stop,
          symbol: String(decoding: original[(i + 1)..<stop], as: UTF8.self)),
        form: .prose)
      i = stop - 1
    }
    if anchors.count - firstOnLine > 1 {
      anchors[firstOnLine...].sort { $0.anchor.columns.lowerBound < $1.anchor.columns.lowerBound }
    }
  }

  /// Whether a line can hold an anchor at all: every form has a `:` before a digit (`PATH:LINE`)
  /// or a `#` before a letter or `_` (`path#L10`, `path#Symbol`). Most prose lines have neither
  /// and are not scanned.
  static func mayHoldAnchor(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard line.count >= 3 else { return false }
    for index in 0..<(line.count - 1) {
      switch line[index] {
      case UInt8(ascii: ":"):
        if isDigit(line[index + 1]) { return true }
      case UInt8(ascii: "#"):
        if isLetter(line[index + 1]) || line[index + 1] == UInt8(ascii: "_") { return true }
      default: continue
      }
    }
    return false
  }

  /// `path#L10`, `path#L10-L20` or `path#SYMBOL` (percent-decoded), when `bytes[range]` is one.
  static func linkAnchor(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Found? {
    if let named = namedAnchor(bytes, range, allowSpaces: false) {
      return Found(
        text: named.text, path: percentDecoded(named.path), start: 0, end: 0, columns: range,
        symbol: named.symbol)
    }
    guard let hash = bytes[range].firstIndex(of: UInt8(ascii: "#")), hash > range.lowerBound,
      hash + 2 < range.upperBound, bytes[hash + 1] == UInt8(ascii: "L")
    else { return nil }
    let pathBytes = bytes[range.lowerBound..<hash]
    guard !pathBytes.contains(where: isSpace), hasExtension(pathBytes) else { return nil }
    guard
      let (start, end, stop) = numbers(bytes, from: hash + 2, upTo: range.upperBound, marked: true),
      stop == range.upperBound
    else { return nil }
    return Found(
      text: String(decoding: bytes[range], as: UTF8.self),
      path: percentDecoded(String(decoding: pathBytes, as: UTF8.self)), start: start, end: end,
      columns: range)
  }

  private static func anchor(_ found: Found, line: Int, form: ParsedAnchor.Form) -> ParsedAnchor {
    ParsedAnchor(
      line: line, text: found.text, path: found.path, start: found.start, end: found.end,
      form: form, quoteText: "", columns: found.columns, suppressed: false, symbol: found.symbol,
      permalink: found.permalink)
  }

  /// Whether a path counts: any path with a `/`, and bare names with a known extension.
  private static func accepts(_ path: String, _ knownExtensions: Set<String>?) -> Bool {
    guard let knownExtensions, !path.utf8.contains(UInt8(ascii: "/")) else { return true }
    return knownExtensions.contains(pathExtension(path))
  }

  /// Whether a byte may stand in a URL's scheme, before `://`.
  @inline(__always) static func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "-")
  }

  /// Whether a byte ends a URL in prose: whitespace, a closing bracket, a backtick or a quote.
  @inline(__always) static func endsURL(_ byte: UInt8) -> Bool {
    isSpace(byte) || byte == UInt8(ascii: ")") || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "\"")
      || byte == UInt8(ascii: "'")
  }

  /// Blanks out `scheme://…` up to whitespace or a closing bracket, keeping byte offsets.
  static func maskURLs(_ bytes: inout [UInt8]) {
    var i = 0
    while i + 2 < bytes.count {
      guard bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: "/"),
        bytes[i + 2] == UInt8(ascii: "/")
      else {
        i += 1
        continue
      }
      var start = i
      while start > 0, isSchemeByte(bytes[start - 1]) { start -= 1 }
      guard start < i else {
        i += 3
        continue
      }
      var end = i + 3
      while end < bytes.count, !endsURL(bytes[end]) { end += 1 }
      for k in start..<end { bytes[k] = UInt8(ascii: " ") }
      i = end
    }
  }

  /// `<!-- anchors: ignore -- reason -->`: `true` with a reason, `false` without one, `nil`
  /// when the line holds no such comment.
  static func suppressionComment(_ line: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard line.contains(UInt8(ascii: "<")) else { return nil }
    guard let open = find(suppressionOpener, in: line, from: 0) else {
      return nil
    }
    let after = open + suppressionOpener.count
    guard let close = find(commentCloser, in: line, from: after) else { return false }
    let inside = String(decoding: line[after..<close], as: UTF8.self)[...].trimmingWhitespace()
    guard inside.hasPrefix("--") else { return false }
    return !inside.dropFirst(2).trimmingWhitespace().isEmpty
  }

  static let schemeSeparator = Array("://".utf8)
  static let suppressionOpener = Array("<!-- anchors: ignore".utf8)
  static let commentCloser = Array("-->".utf8)

  /// The first position of `needle` in `bytes` at or after `from`.
  static func find<Bytes: RandomAccessCollection<UInt8>>(
    _ needle: [UInt8], in bytes: Bytes, from: Int
  ) -> Int? where Bytes.Index == Int {
    guard !needle.isEmpty, bytes.count >= needle.count, from <= bytes.count - needle.count else {
      return nil
    }
    var i = from
    while i <= bytes.count - needle.count {
      if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }

  static func percentDecoded(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var bytes: [UInt8] = []
    let source = Array(text.utf8)
    var i = 0
    while i < source.count {
      if source[i] == UInt8(ascii: "%"), i + 2 < source.count,
        let value = UInt8(String(decoding: source[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        i += 3
      } else {
        bytes.append(source[i])
        i += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  // MARK: - Bytes

  @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
  @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }
  @inline(__always) static func isAlphanumeric(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte)
  }
  @inline(__always) static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66)
  }
  @inline(__always) static func isSentencePunctuation(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";")
      || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
  }
  /// Bytes a prose path may hold: ASCII letters and digits, `_ . / - ~ + @`, and any non-ASCII.
  @inline(__always) static func isPathByte(_ byte: UInt8) -> Bool {
    isAlphanumeric(byte) || byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "~")
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "@")
  }
}

extension Substring {
  func trimmingWhitespace() -> Substring {
    var lower = startIndex
    var upper = endIndex
    while lower < upper, self[lower].isWhitespace { lower = index(after: lower) }
    while upper > lower, self[index(before: upper)].isWhitespace { upper = index(before: upper) }
    return self[lower..<upper]
  }
}
