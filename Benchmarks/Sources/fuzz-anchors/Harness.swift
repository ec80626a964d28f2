// libFuzzer harness for the anchor parser and the declaration scanner: any bytes must parse
// without a crash, every anchor must point inside its doc, and the parse must equal the reference
// parser's (ReferenceParser.swift, the parser before it read bytes in place, taught the symbol
// syntax separately); the same bytes, scanned as each language, must give declarations in order,
// inside the file, each inside its parent; and a scan of only some lines finds exactly the whole
// scan's anchors on those lines. Built and run by Benchmarks/fuzz-anchors; FuzzAnchors.swift
// hands it each input.

@_spi(Benchmarks) import AnchorCheck

/// Checks one input, trapping (with the property's message) on the first one it breaks.
func checkAnchorInput(_ input: UnsafeBufferPointer<UInt8>) {
  let text = String(decoding: input, as: UTF8.self)
  let lines = ReferenceParser.splitLines(text)
  for extensions in [nil, Set(["swift", "md", "yml"])] as [Set<String>?] {
    let parsed = AnchorParser.parse(text, knownExtensions: extensions)
    precondition(
      parsed == ReferenceParser.parse(text, knownExtensions: extensions),
      "the parse differs from the reference parser's")
    for anchor in parsed.anchors {
      precondition(anchor.line >= 1 && anchor.line <= lines.count, "anchor line outside the doc")
      let line = Array(lines[anchor.line - 1].utf8)
      precondition(
        anchor.columns.lowerBound >= 0 && anchor.columns.upperBound <= line.count,
        "columns outside the line")
      precondition(
        String(decoding: line[anchor.columns], as: UTF8.self) == anchor.text,
        "columns do not hold the text")
      precondition(
        anchor.start <= 1_000_000_000 && anchor.end <= 1_000_000_000, "numbers not capped")
      precondition(!anchor.path.isEmpty, "empty path")
    }
    for problem in parsed.problems {
      precondition(problem.line >= 1 && problem.line <= lines.count)
    }
    // A scan of only the lines a filter accepts (here: the lines with an odd byte sum, a filter
    // that knows nothing of anchors) finds exactly the anchors of the whole scan on those lines.
    var bytes = text
    bytes.withUTF8 { buffer in
      func accepted(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.reduce(0) { $0 &+ Int($1) } % 2 == 1
      }
      let whole = AnchorParser.scan(buffer, knownExtensions: extensions).anchors
      let filtered = AnchorParser.scan(buffer, knownExtensions: extensions, proseLines: accepted)
        .anchors
      let starts = AnchorParser.lineBounds(buffer)
      let expected = whole.filter { found in
        accepted(UnsafeBufferPointer(rebasing: buffer[starts[found.anchor.line - 1]]))
      }
      precondition(
        filtered.map(\.anchor) == expected.map(\.anchor)
          && filtered.map(\.quote) == expected.map(\.quote),
        "a line-filtered scan differs from the whole scan on the accepted lines")
    }
  }
  let lineCount = DeclarationScanner.lineCount(of: text)
  for language in [SourceLanguage.swift, .go, .python, .cFamily] {
    var parents: [Declaration] = []
    var previous = 0
    for declaration in DeclarationScanner.declarations(in: text, language: language) {
      precondition(
        1 <= declaration.start && declaration.start <= declaration.keywordLine
          && declaration.keywordLine <= declaration.end && declaration.end <= lineCount,
        "a declaration's lines are outside the file or out of order")
      precondition(declaration.keywordLine >= previous, "declarations out of order")
      previous = declaration.keywordLine
      while parents.count > declaration.depth { parents.removeLast() }
      precondition(parents.count == declaration.depth, "a declaration's depth skips a level")
      if let parent = parents.last {
        precondition(
          parent.keywordLine <= declaration.keywordLine && declaration.end <= parent.end,
          "a declaration outside its parent")
      }
      parents.append(declaration)
    }
  }
}
