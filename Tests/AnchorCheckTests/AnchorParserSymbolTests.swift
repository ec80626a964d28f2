@_spi(Benchmarks) import AnchorCheck
import Testing

/// Anchors that name a declaration: `PATH#SYMBOL` and `PATH:LINES (SYMBOL)`, in every place an
/// anchor may stand.
@Suite struct AnchorParserSymbolTests {
  func anchors(_ text: String, _ extensions: Set<String>? = ["swift", "go", "py", "md", "txt"])
    -> [String]
  {
    AnchorParser.parse(text, knownExtensions: extensions).anchors.map {
      "\($0.form) \($0.path) \($0.start)-\($0.end) \($0.symbol ?? "-") [\($0.text)]"
    }
  }

  @Test(arguments: [
    (
      "See `Sources/CLI/CommandLineError.swift#ErrorReport`.",
      "prose Sources/CLI/CommandLineError.swift 0-0 ErrorReport [Sources/CLI/CommandLineError.swift#ErrorReport]"
    ),
    (
      "It is CommandLineError.swift:80-96 (ErrorReport), the mapping.",
      "prose CommandLineError.swift 80-96 ErrorReport [CommandLineError.swift:80-96 (ErrorReport)]"
    ),
    (
      "Render with Sources/A.swift#Box.render(to:format:) first.",
      "prose Sources/A.swift 0-0 Box.render(to:format:) [Sources/A.swift#Box.render(to:format:)]"
    ),
    (
      "[the initializer](Sources/A.swift#Box.init(_:))",
      "link Sources/A.swift 0-0 Box.init(_:) [Sources/A.swift#Box.init(_:)]"
    ),
    (
      "`a/B.swift:3 (render(to:))`",
      "prose a/B.swift 3-3 render(to:) [a/B.swift:3 (render(to:))]"
    ),
    // A dot, a comma or a parenthesis that is no label list ends the symbol.
    (
      "Handled in srv/main.go#Server.Handle.",
      "prose srv/main.go 0-0 Server.Handle [srv/main.go#Server.Handle]"
    ),
    ("(see tools/x.py#Outer.inner)", "prose tools/x.py 0-0 Outer.inner [tools/x.py#Outer.inner]"),
    ("tools/x.py#run(now), then", "prose tools/x.py 0-0 run [tools/x.py#run]"),
    // A text file may name a symbol beside its lines; the checker says it cannot verify it.
    ("notes.txt:3-5 (Intro)", "prose notes.txt 3-5 Intro [notes.txt:3-5 (Intro)]"),
  ])
  func aSymbolIsReadWhereverAnAnchorStands(text: String, expected: String) {
    #expect(anchors(text) == [expected])
  }

  @Test func quotedAnchorsNameASymbolInTheirComment() {
    let text =
      "```swift\n// Sources/A.swift#Box\nstruct Box {}\n```\n```python\n# x.py:3-9 (Outer.method)\nclass Outer:\n```\n"
    #expect(
      anchors(text) == [
        "quoted Sources/A.swift 0-0 Box [Sources/A.swift#Box]",
        "quoted x.py 3-9 Outer.method [x.py:3-9 (Outer.method)]",
      ])
  }

  @Test(arguments: [
    "[install](README.md#install)",  // a heading: Markdown is no scanned language
    "docs/guide.md#setup",
    "[lines](Sources/A.swift#L10-L20)",  // lines, not a symbol named L10
    "Sources/A.swift#L12",
    "a.swift#9lives",  // a name starts with a letter or _
    "https://github.com/o/r/blob/main/Sources/A.swift#Box",  // a URL
    "Sources/A.swift#Box-old",  // a hyphen continues a path, not a symbol
    "`x.swift:3 (two words)`",  // a parenthesis with a space names nothing
  ])
  func whatIsNotASymbolAnchor(text: String) {
    #expect(AnchorParser.parse(text).anchors.allSatisfy { $0.symbol == nil }, "\(anchors(text))")
  }

  @Test func lineAnchorsBesideSymbolsKeepTheirColumns() {
    let text = "a.swift:3 and b.swift#B and c.swift:4-5 (C.d)"
    let parsed = AnchorParser.parse(text).anchors
    #expect(parsed.map(\.text) == ["a.swift:3", "b.swift#B", "c.swift:4-5 (C.d)"])
    for anchor in parsed {
      #expect(
        String(text.utf8.dropFirst(anchor.columns.lowerBound).prefix(anchor.columns.count))
          == anchor.text)
    }
    #expect(parsed.map(\.hasRange) == [true, false, true])
  }
}
