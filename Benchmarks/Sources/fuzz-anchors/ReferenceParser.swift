// The anchor parser as it stood before it parsed bytes in place (commit 1f2921d): the oracle
// Benchmarks/fuzz-anchors holds AnchorParser to. Every doc must parse to the same anchors and problems
// under both. Part of the fuzz-anchors target only, never of a product.

@_spi(Benchmarks) import AnchorCheck

/// Finds the anchors in a Markdown doc: quoted anchors (fenced blocks whose first line is a
/// comment holding one `PATH:START[-END]`), prose anchors (`PATH:LINE[-LINE]` in text or inline
/// code) and GitHub-style links (`[x](path#L10-L20)`). URLs are masked first, so
/// `http://host:8080/x` is not an anchor, except GitHub permalinks (taught separately).
///
/// The parser works on UTF-8 bytes a line at a time and never fails: any text parses to some
/// (possibly empty) list of anchors.
enum ReferenceParser {
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
    let lines = splitLines(text)
    var anchors: [ParsedAnchor] = []
    var problems: [DocProblem] = []
    var suppressNext = false
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let number = index + 1
      var suppressed = suppressNext
      suppressNext = false
      if let suppression = suppressionComment(line) {
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
      if let fence = openingFence(line) {
        // The fence's body runs to its closing fence, or to the end of an unterminated block.
        var close = index + 1
        while close < lines.count, !isClosingFence(lines[close], fence) { close += 1 }
        if index + 1 < close, let found = commentAnchor(lines[index + 1]) {
          // The quote is one slice of the doc: its lines up to the last non-blank one.
          var last = close - 1
          while last >= index + 2, lines[last].allSatisfy(\.isWhitespace) { last -= 1 }
          let quote =
            last >= index + 2
            ? String(text[lines[index + 2].startIndex..<lines[last].endIndex]) : ""
          anchors.append(
            ParsedAnchor(
              line: number + 1, text: found.text, path: found.path, start: found.start,
              end: found.end,
              form: .quoted, quoteText: quote, columns: found.columns, suppressed: suppressed,
              symbol: found.symbol))
        }
        index = close + 1
        continue
      }
      anchors += proseAnchors(line, number: number, knownExtensions: knownExtensions).map {
        var anchor = $0
        anchor.suppressed = suppressed
        return anchor
      }
      index += 1
    }
    return ParsedDoc(anchors: anchors, problems: problems)
  }

  // MARK: - Lines and fences

  /// Splits at `\n`, dropping a `\r` before it; one trailing newline ends the last line.
  static func splitLines(_ text: String) -> [Substring] {
    // By bytes: "\r\n" is one Character, so splitting Characters at "\n" would miss it.
    var text = text
    text.makeContiguousUTF8()
    let utf8 = text.utf8
    var bounds: [(Int, Int)] = []
    utf8.withContiguousStorageIfAvailable { bytes in
      var start = 0
      var index = 0
      while index < bytes.count {
        if bytes[index] == 0x0A {
          bounds.append((start, index > start && bytes[index - 1] == 0x0D ? index - 1 : index))
          start = index + 1
        }
        index += 1
      }
      if start < bytes.count {
        bounds.append((start, bytes[bytes.count - 1] == 0x0D ? bytes.count - 1 : bytes.count))
      }
    }
    let base = utf8.startIndex
    return bounds.map { bound in
      Substring(utf8[utf8.index(base, offsetBy: bound.0)..<utf8.index(base, offsetBy: bound.1)])
    }
  }

  struct Fence {
    let character: UInt8
    let length: Int
  }

  /// A line opening a fence: up to three spaces, then three or more backticks or tildes.
  static func openingFence(_ line: Substring) -> Fence? {
    guard let first = line.utf8.first(where: { $0 != UInt8(ascii: " ") }),
      first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
    else { return nil }
    let bytes = Array(line.utf8)
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

  static func isClosingFence(_ line: Substring, _ fence: Fence) -> Bool {
    // Up to three spaces, a run of at least the opening's length, then only blanks.
    var spaces = 0
    var run = 0
    var afterRun = false
    for byte in line.utf8 {
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
  static func commentAnchor(_ line: Substring) -> Found? {
    let bytes = Array(line.utf8)
    var lower = 0
    var upper = bytes.count
    while lower < upper, isSpace(bytes[lower]) { lower += 1 }
    while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
    let body = bytes[lower..<upper]
    func starts(_ prefix: String) -> Bool { body.starts(with: prefix.utf8) }
    if starts("<!--") {
      guard body.count >= 7, body.suffix(3).elementsEqual("-->".utf8) else { return nil }
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

  /// The anchor that is the whole of `bytes[range]`: `PATH:START[-END]`, perhaps followed by
  /// ` (SYMBOL)`, or `PATH#SYMBOL`. With `allowSpaces`, the path may hold spaces.
  static func wholeAnchor(_ bytes: [UInt8], _ range: Range<Int>, allowSpaces: Bool) -> Found? {
    let whole = Array(bytes[range])
    // PATH#SYMBOL: the symbol is everything after the last `#`.
    if let hash = whole.lastIndex(of: UInt8(ascii: "#")), hash > 0,
      symbolLength(whole[(hash + 1)...]) == whole.count - hash - 1
    {
      let path = whole[..<hash]
      if isScanned(path), allowSpaces || !path.contains(where: isSpace),
        !path.contains(UInt8(ascii: ":")), !path.contains(UInt8(ascii: "#"))
      {
        return Found(
          text: String(decoding: whole, as: UTF8.self), path: String(decoding: path, as: UTF8.self),
          start: 0, end: 0, columns: range,
          symbol: String(decoding: whole[(hash + 1)...], as: UTF8.self))
      }
    }
    // PATH:LINES (SYMBOL): a ` (` whose rest, but for a last `)`, is all symbol.
    var body = range
    var symbol: String?
    let opens = whole.indices.dropFirst().filter {
      whole[$0] == UInt8(ascii: "(") && whole[$0 - 1] == 0x20
    }
    if whole.count > 4, whole.last == UInt8(ascii: ")"), let open = opens.last, open > 1,
      let length = symbolLength(whole[(open + 1)..<(whole.count - 1)]),
      length == whole.count - 2 - open
    {
      symbol = String(decoding: whole[(open + 1)..<(whole.count - 1)], as: UTF8.self)
      body = range.lowerBound..<(range.lowerBound + open - 1)
    }
    guard let colon = bytes[body].lastIndex(of: UInt8(ascii: ":")), colon > body.lowerBound else {
      return nil
    }
    guard let (start, end, stop) = numbers(bytes, from: colon + 1, upTo: body.upperBound),
      stop == body.upperBound
    else { return nil }
    let pathBytes = bytes[body.lowerBound..<colon]
    guard hasExtension(pathBytes), allowSpaces || !pathBytes.contains(where: isSpace),
      !pathBytes.contains(UInt8(ascii: ":"))
    else { return nil }
    return Found(
      text: String(decoding: bytes[range], as: UTF8.self),
      path: String(decoding: pathBytes, as: UTF8.self),
      start: start, end: end, columns: range, symbol: symbol)
  }

  /// The length of the symbol at the start of `bytes` (`Name(.Name)*`, then perhaps `(label:…)`),
  /// or `nil` when none starts there or the first name is a line (`L12`).
  static func symbolLength(_ bytes: ArraySlice<UInt8>) -> Int? {
    let text = Array(bytes)
    func isNameByte(_ byte: UInt8) -> Bool { isAlphanumeric(byte) || byte == UInt8(ascii: "_") }
    func isNameStart(_ at: Int) -> Bool {
      at < text.count && (isLetter(text[at]) || text[at] == UInt8(ascii: "_"))
    }
    guard isNameStart(0) else { return nil }
    var names: [Range<Int>] = []
    var at = 0
    repeat {
      let begin = at
      while at < text.count, isNameByte(text[at]) { at += 1 }
      names.append(begin..<at)
      guard at + 1 < text.count, text[at] == UInt8(ascii: "."), isNameStart(at + 1) else { break }
      at += 1
    } while true
    let first = text[names[0]]
    if first.first == UInt8(ascii: "L"), first.count > 1, first.dropFirst().allSatisfy(isDigit) {
      return nil
    }
    // Labels: `(`, one or more `name:` (the name may be empty), `)`.
    guard at < text.count, text[at] == UInt8(ascii: "(") else { return at }
    var cursor = at + 1
    var labels = 0
    while cursor < text.count {
      var after = cursor
      while after < text.count, isNameByte(text[after]) { after += 1 }
      if after < text.count, text[after] == UInt8(ascii: ":") {
        labels += 1
        cursor = after + 1
      } else {
        break
      }
    }
    if labels > 0, cursor < text.count, text[cursor] == UInt8(ascii: ")") { return cursor + 1 }
    return at
  }

  /// Whether a path's extension is one of a language the declaration scanner reads, after a
  /// file name that is more than its extension (`.swift` alone is no Swift file; `.a.swift` is).
  static func isScanned(_ path: ArraySlice<UInt8>) -> Bool {
    let name =
      path.split(
        omittingEmptySubsequences: false,
        whereSeparator: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
      ).last ?? []
    return hasExtension(path)
      && (name.lastIndex(of: UInt8(ascii: ".")) ?? name.startIndex)
        > name.startIndex
      && [
        "swift", "go", "py", "pyi", "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "m", "mm",
      ].contains(pathExtension(path))
  }

  /// `START[-END]` at `from`: the numbers and where they stop. Numbers are capped so that no
  /// input can overflow.
  static func numbers(_ bytes: [UInt8], from: Int, upTo limit: Int) -> (Int, Int, Int)? {
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
    if afterStart + 1 < limit, bytes[afterStart] == UInt8(ascii: "-"),
      let (end, afterEnd) = digits(afterStart + 1)
    {
      return (start, end, afterEnd)
    }
    return (start, start, afterStart)
  }

  /// Whether a path ends in `.ext`: one to ten ASCII letters or digits after a dot, with
  /// something other than dots before it.
  static func hasExtension(_ path: ArraySlice<UInt8>) -> Bool {
    guard let dot = path.lastIndex(of: UInt8(ascii: ".")) else { return false }
    let ext = path[(dot + 1)...]
    guard (1...10).contains(ext.count), ext.allSatisfy(isAlphanumeric),
      ext.contains(where: isLetter)
    else { return false }
    return path[..<dot].contains { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "/") }
  }

  /// The extension of a path, lowercased.
  static func pathExtension(_ path: ArraySlice<UInt8>) -> String {
    guard let dot = path.lastIndex(of: UInt8(ascii: ".")) else { return "" }
    return String(decoding: path[(dot + 1)...], as: UTF8.self).lowercased()
  }

  /// Prose and link anchors on one line outside fences.
  static func proseAnchors(_ line: Substring, number: Int, knownExtensions: Set<String>?)
    -> [ParsedAnchor]
  {
    guard line.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "#") }) else {
      return []
    }
    let original = Array(line.utf8)
    // Detection runs on a copy with URLs blanked out; text is always taken from the original,
    // and a span that holds part of a URL is never an anchor.
    var bytes = original
    let hasURL = find(schemeSeparator, in: original, from: 0) != nil
    if hasURL { maskURLs(&bytes) }
    func unmasked(_ range: Range<Int>) -> Bool { !hasURL || bytes[range] == original[range] }
    var anchors: [ParsedAnchor] = []
    var scanned = [Bool](repeating: true, count: bytes.count)
    // Permalinks: each URL is a run of masked bytes, read as a string.
    if hasURL {
      var k = 0
      while k < bytes.count {
        guard bytes[k] != original[k] else {
          k += 1
          continue
        }
        var stop = k
        while stop < bytes.count, bytes[stop] != original[stop] { stop += 1 }
        if let found = permalink(original, k..<stop) {
          anchors.append(anchor(found, line: number, form: .permalink))
        }
        k = stop
      }
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
        if accepts(found.path, knownExtensions) {
          anchors.append(anchor(found, line: number, form: .prose))
        }
        for k in lower..<upper { scanned[k] = false }
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
      // The first `)` that closes more than it opened.
      var balance = 0
      let close = bytes[open...].firstIndex { byte in
        balance += byte == UInt8(ascii: "(") ? 1 : byte == UInt8(ascii: ")") ? -1 : 0
        return balance < 0
      }
      guard let close else { break }
      var lower = open
      var upper = close
      if lower < upper, bytes[lower] == UInt8(ascii: "<"), bytes[upper - 1] == UInt8(ascii: ">") {
        lower += 1
        upper -= 1
      }
      if unmasked(lower..<upper), let found = linkAnchor(original, lower..<upper),
        accepts(found.path, knownExtensions)
      {
        anchors.append(anchor(found, line: number, form: .link))
        for k in lower..<upper { scanned[k] = false }
      }
      i = close + 1
    }

    // Plain PATH:LINE[-LINE], in text and inside other code spans.
    i = 0
    while i < bytes.count {
      defer { i += 1 }
      guard bytes[i] == UInt8(ascii: ":"), scanned[i], i + 1 < bytes.count, isDigit(bytes[i + 1])
      else { continue }
      var start = i
      while start > 0, scanned[start - 1], isPathByte(bytes[start - 1]) { start -= 1 }
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
      var end = stop
      var symbol: String?
      if stop + 2 < bytes.count, bytes[stop] == 0x20, bytes[stop + 1] == UInt8(ascii: "("),
        let length = symbolLength(bytes[(stop + 2)...]), stop + 2 + length < bytes.count,
        bytes[stop + 2 + length] == UInt8(ascii: ")"), scanned[stop + 2 + length],
        unmasked(stop..<(stop + 3 + length))
      {
        symbol = String(decoding: original[(stop + 2)..<(stop + 2 + length)], as: UTF8.self)
        end = stop + 3 + length
      }
      anchors.append(
        anchor(
          Found(
            text: String(decoding: original[start..<end], as: UTF8.self), path: path, start: first,
            end: last, columns: start..<end, symbol: symbol),
          line: number, form: .prose))
      i = end - 1
    }

    // Plain PATH#SYMBOL, for a file of a scanned language.
    i = 0
    while i < bytes.count {
      defer { i += 1 }
      guard bytes[i] == UInt8(ascii: "#"), scanned[i],
        let length = symbolLength(bytes[(i + 1)...])
      else { continue }
      let stop = i + 1 + length
      var start = i
      while start > 0, scanned[start - 1], isPathByte(bytes[start - 1]) { start -= 1 }
      guard start < i, isScanned(bytes[start..<i]) else { continue }
      if stop < bytes.count, isPathByte(bytes[stop]), bytes[stop] != UInt8(ascii: ".") { continue }
      guard unmasked(start..<stop) else { continue }
      let path = String(decoding: original[start..<i], as: UTF8.self)
      guard accepts(path, knownExtensions) else { continue }
      anchors.append(
        anchor(
          Found(
            text: String(decoding: original[start..<stop], as: UTF8.self), path: path, start: 0,
            end: 0, columns: start..<stop,
            symbol: String(decoding: original[(i + 1)..<stop], as: UTF8.self)),
          line: number, form: .prose))
      i = stop - 1
    }
    return anchors.sorted { $0.columns.lowerBound < $1.columns.lowerBound }
  }

  /// The GitHub permalink the URL `bytes[span]` is, if any:
  /// `http[s]://[www.]github.com/OWNER/REPO/blob/COMMIT/PATH[?QUERY]#L<n>[-[L]<m>]`, then only
  /// sentence punctuation, which is not part of it.
  static func permalink(_ bytes: [UInt8], _ span: Range<Int>) -> Found? {
    // Bytes, not Characters: a combining mark after `/` must not hide the slash.
    let url = Array(bytes[span])
    func text(_ part: ArraySlice<UInt8>) -> String { String(decoding: part, as: UTF8.self) }
    guard let separator = find(schemeSeparator, in: url, from: 0),
      ["http", "https"].contains(text(url[..<separator]).lowercased())
    else { return nil }
    let parts = url[(separator + 3)...].split(
      separator: UInt8(ascii: "/"), maxSplits: 5, omittingEmptySubsequences: false)
    func all(_ part: ArraySlice<UInt8>, _ allowed: String) -> Bool {
      !part.isEmpty && part.allSatisfy { isAlphanumeric($0) || allowed.utf8.contains($0) }
    }
    guard parts.count == 6, ["github.com", "www.github.com"].contains(text(parts[0]).lowercased()),
      all(parts[1], "-"), all(parts[2], "-_."), text(parts[3]).lowercased() == "blob",
      (7...40).contains(parts[4].count), all(parts[4], ""),
      parts[4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
      let hash = parts[5].firstIndex(of: UInt8(ascii: "#"))
    else { return nil }
    let tail = parts[5]
    let path = tail[..<(tail[..<hash].firstIndex(of: UInt8(ascii: "?")) ?? hash)]
    guard !path.isEmpty, path.last != UInt8(ascii: "/") else { return nil }
    // The fragment: L, digits, and perhaps a dash, an optional L and digits.
    var fragment = tail[(hash + 1)...]
    func number() -> Int? {
      let digits = fragment.prefix(while: isDigit)
      guard !digits.isEmpty else { return nil }
      fragment = fragment.dropFirst(digits.count)
      return digits.reduce(0) { min($0 * 10 + Int($1 - UInt8(ascii: "0")), 1_000_000_000) }
    }
    guard fragment.first == UInt8(ascii: "L") else { return nil }
    fragment = fragment.dropFirst()
    guard let first = number() else { return nil }
    var last = first
    if fragment.first == UInt8(ascii: "-") {
      var after = fragment.dropFirst()
      if after.first == UInt8(ascii: "L") { after = after.dropFirst() }
      let saved = fragment
      fragment = after
      if let second = number() { last = second } else { fragment = saved }
    }
    guard fragment.allSatisfy({ ".,;:!?".utf8.contains($0) }) else { return nil }
    let decoded = percentDecoded(text(path))
    guard decoded.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) else { return nil }
    let columns = span.lowerBound..<(span.upperBound - fragment.count)
    return Found(
      text: text(bytes[columns]), path: decoded, start: first, end: last, columns: columns,
      permalink: ParsedAnchor.Permalink(
        owner: text(parts[1]), repository: text(parts[2]), commit: text(parts[4]),
        base: text(url[...(separator + 2)]) + parts[0...3].map(text).joined(separator: "/") + "/"))
  }

  /// `path#L10`, `path#L10-L20` or `path#SYMBOL` (percent-decoded), when `bytes[range]` is one.
  static func linkAnchor(_ bytes: [UInt8], _ range: Range<Int>) -> Found? {
    if let named = wholeAnchor(bytes, range, allowSpaces: false), let symbol = named.symbol,
      named.text.hasSuffix("#" + symbol)
    {
      return Found(
        text: named.text, path: percentDecoded(named.path), start: 0, end: 0, columns: range,
        symbol: named.symbol)
    }
    guard let hash = bytes[range].firstIndex(of: UInt8(ascii: "#")), hash > range.lowerBound,
      hash + 2 < range.upperBound, bytes[hash + 1] == UInt8(ascii: "L")
    else { return nil }
    let pathBytes = bytes[range.lowerBound..<hash]
    guard !pathBytes.contains(where: isSpace), hasExtension(pathBytes) else { return nil }
    var i = hash + 2
    func digits() -> Int? {
      let begin = i
      var value = 0
      while i < range.upperBound, isDigit(bytes[i]) {
        value = min(value * 10 + Int(bytes[i] - UInt8(ascii: "0")), 1_000_000_000)
        i += 1
      }
      return i > begin ? value : nil
    }
    guard let start = digits() else { return nil }
    var end = start
    if i + 1 < range.upperBound, bytes[i] == UInt8(ascii: "-") {
      i += 1
      if bytes[i] == UInt8(ascii: "L") { i += 1 }
      guard let last = digits() else { return nil }
      end = last
    }
    guard i == range.upperBound else { return nil }
    return Found(
      text: String(decoding: bytes[range], as: UTF8.self),
      path: percentDecoded(String(decoding: pathBytes, as: UTF8.self)), start: start, end: end,
      columns: range)
  }

  private static func anchor(_ found: Found, line: Int, form: ParsedAnchor.Form) -> ParsedAnchor {
    ParsedAnchor(
      line: line, text: found.text, path: found.path, start: found.start, end: found.end,
      form: form,
      columns: found.columns, symbol: found.symbol, permalink: found.permalink)
  }

  /// Whether a path counts: any path with a `/`, and bare names with a known extension.
  private static func accepts(_ path: String, _ knownExtensions: Set<String>?) -> Bool {
    guard let knownExtensions, !path.utf8.contains(UInt8(ascii: "/")) else { return true }
    return knownExtensions.contains(pathExtension(Array(path.utf8)[...]))
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
      while start > 0,
        isLetter(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: "+")
          || bytes[start - 1] == UInt8(ascii: ".") || bytes[start - 1] == UInt8(ascii: "-")
      { start -= 1 }
      guard start < i else {
        i += 3
        continue
      }
      var end = i + 3
      while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ")"),
        bytes[end] != UInt8(ascii: ">"),
        bytes[end] != UInt8(ascii: "]"), bytes[end] != UInt8(ascii: "`"),
        bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "'")
      { end += 1 }
      for k in start..<end { bytes[k] = UInt8(ascii: " ") }
      i = end
    }
  }

  /// `<!-- anchors: ignore -- reason -->`: `true` with a reason, `false` without one, `nil`
  /// when the line holds no such comment.
  static func suppressionComment(_ line: Substring) -> Bool? {
    guard line.utf8.contains(UInt8(ascii: "<")) else { return nil }
    let bytes = Array(line.utf8)
    guard let open = find(suppressionOpener, in: bytes, from: 0) else {
      return nil
    }
    let after = open + suppressionOpener.count
    guard let close = find(commentCloser, in: bytes, from: after) else { return false }
    let inside = String(decoding: bytes[after..<close], as: UTF8.self)[...]
      .referenceTrimmingWhitespace()
    guard inside.hasPrefix("--") else { return false }
    return !inside.dropFirst(2).referenceTrimmingWhitespace().isEmpty
  }

  static let schemeSeparator = Array("://".utf8)
  static let suppressionOpener = Array("<!-- anchors: ignore".utf8)
  static let commentCloser = Array("-->".utf8)

  /// The first position of `needle` in `bytes` at or after `from`.
  static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
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
  /// Bytes a prose path may hold: ASCII letters and digits, `_ . / - ~ + @`, and any non-ASCII.
  @inline(__always) static func isPathByte(_ byte: UInt8) -> Bool {
    isAlphanumeric(byte) || byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "~")
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "@")
  }
}

extension Substring {  // reference copy
  func referenceTrimmingWhitespace() -> Substring {
    var lower = startIndex
    var upper = endIndex
    while lower < upper, self[lower].isWhitespace { lower = index(after: lower) }
    while upper > lower, self[index(before: upper)].isWhitespace { upper = index(before: upper) }
    return self[lower..<upper]
  }
}
