@_spi(Benchmarks) import AnchorCheck
import Testing

@Suite struct AnchorParserTests {
  func anchors(_ text: String, _ extensions: Set<String>? = ["swift", "yml", "md"]) -> [String] {
    AnchorParser.parse(text, knownExtensions: extensions).anchors.map {
      "\($0.line) \($0.form) \($0.path) \($0.start)-\($0.end)"
    }
  }

  @Test(arguments: [
    ("```swift\n// a/B.swift:3-5\nx\n```\n", "2 quoted a/B.swift 3-5"),
    ("```yaml\n# app/project.yml:29-30\npackages:\n```\n", "2 quoted app/project.yml 29-30"),
    ("```sql\n-- db/schema.sql:4\n```\n", "2 quoted db/schema.sql 4-4"),
    ("```lisp\n; core.lisp:7\n```\n", "2 quoted core.lisp 7-7"),
    ("```html\n<!-- page.html:1-2 -->\n```\n", "2 quoted page.html 1-2"),
  ])
  func commentFormsOfQuotedAnchors(text: String, expected: String) {
    #expect(anchors(text, nil) == [expected])
  }

  @Test func aCommentWithMoreThanOneAnchorOrOtherWordsIsNotQuoted() {
    #expect(anchors("```\n// see a/B.swift:3 for details\nx\n```\n").isEmpty)
    #expect(anchors("```\n// a/B.swift:3 a/C.swift:4\n```\n").isEmpty)
  }

  @Test func proseAnchorsInTextHeadingsTablesAndInlineCode() {
    let text = """
      # Heading cites Sources/X.swift:12
      | a | `Sources/Y.swift:3-4` |
      Plain ProfileContracts.swift:480-482, then (docs/a.md:1).
      """
    #expect(
      anchors(text) == [
        "1 prose Sources/X.swift 12-12", "2 prose Sources/Y.swift 3-4",
        "3 prose ProfileContracts.swift 480-482", "3 prose docs/a.md 1-1",
      ])
  }

  @Test func urlsAndTimesAreNotAnchors() {
    #expect(
      anchors("Visit http://host:8080/x.swift:3 or https://a.b/c.swift:9 at 10:30.\n").isEmpty)
    #expect(anchors("Connect to example.com:8080 now.\n").isEmpty)
  }

  @Test func githubLinks() {
    #expect(
      anchors("See [the code](src/a.swift#L10-L20) and [one](b.swift#L3).\n") == [
        "1 link src/a.swift 10-20", "1 link b.swift 3-3",
      ])
    #expect(anchors("[web](https://example.org/a.swift#L3)\n").isEmpty)
  }

  @Test func pathsWithSpacesOrUnicode() {
    #expect(
      anchors("In `My Docs/notes file.swift:3` and 문서/파일.swift:2.\n") == [
        "1 prose My Docs/notes file.swift 3-3", "1 prose 문서/파일.swift 2-2",
      ])
    #expect(anchors("[x](<My%20Docs/a.swift#L2>)\n") == ["1 link My Docs/a.swift 2-2"])
  }

  @Test func anUnterminatedFenceRunsToTheEnd() {
    let parsed = AnchorParser.parse(
      "```\n// a/B.swift:1-2\nline one\nline two\n", knownExtensions: nil)
    #expect(parsed.anchors.count == 1)
    #expect(parsed.anchors[0].quote == ["line one", "line two"])
  }

  @Test func fourBacktickAndTildeFencesHoldInnerFences() {
    let text =
      "````md\n// doc/a.md:1-3\n```\ninner\n```\n````\nafter.swift:9\n~~~~\n// t/x.swift:2\n~~~\nstill quote\n~~~~\n"
    let parsed = AnchorParser.parse(text, knownExtensions: nil)
    #expect(parsed.anchors.map(\.form) == [.quoted, .prose, .quoted])
    #expect(parsed.anchors[0].quote == ["```", "inner", "```"])
    #expect(parsed.anchors[2].quote == ["~~~", "still quote"])
  }

  /// Trailing blank lines end a quote as `Character.isWhitespace` counts blanks: Unicode spaces
  /// and a space a combining mark joins are blank; a control character that is not a space is not.
  @Test func trailingBlankLinesOfEveryKindEndAQuote() {
    for blank in ["\u{0B}", "\u{0C}", " \t", "\r\r", "\u{A0}", "\u{3000}", " \u{301}", "\u{2028}"] {
      let parsed = AnchorParser.parse(
        "```\n// a/B.swift:1\nx\n\(blank)\n\(blank)\n```\n", knownExtensions: nil)
      #expect(parsed.anchors.first?.quote == ["x"], "blank line \(Array(blank.unicodeScalars))")
    }
    let kept = AnchorParser.parse("```\n// a/B.swift:1\nx\n\u{1C}\n```\n", knownExtensions: nil)
    #expect(kept.anchors.first?.quote == ["x", "\u{1C}"])
  }

  @Test func proseInsideFencesIsCodeNotAnchors() {
    #expect(anchors("```\nlet x = 1\nfatal error at main.swift:12\n```\n").isEmpty)
  }

  @Test func suppressionsNeedAReason() {
    let parsed = AnchorParser.parse(
      "<!-- anchors: ignore -- historical -->\na/b.swift:1\n<!-- anchors: ignore -->\nc/d.swift:2\n",
      knownExtensions: nil)
    #expect(parsed.anchors.map(\.suppressed) == [true, false])
    #expect(parsed.problems.map(\.line) == [3])
    #expect(parsed.problems.first?.message.contains("needs a reason") == true)
  }

  @Test func hugeNumbersDoNotOverflow() {
    #expect(
      anchors("a/b.swift:99999999999999999999999-1\n", nil) == ["1 prose a/b.swift 1000000000-1"])
  }

  @Test func columnsPointAtTheAnchorText() {
    let line = "Here → Sources/X.swift:3-4 ok"
    let anchor = AnchorParser.parse(line, knownExtensions: nil).anchors[0]
    #expect(
      String(decoding: Array(line.utf8)[anchor.columns], as: UTF8.self) == "Sources/X.swift:3-4")
  }
}

@Suite struct AnchorParserRegressionTests {
  /// Found by Benchmarks/fuzz-anchors: a code span holding a URL once produced an anchor whose text
  /// was the masked copy, not the doc's own bytes.
  @Test func aCodeSpanHoldingAURLIsNotAnAnchorAndTextComesFromTheDoc() {
    let line = "See `a.)w ner://(ost:17C0)x x.swift:3` and `b http://h/x y.swift:4`."
    for anchor in AnchorParser.parse(line, knownExtensions: nil).anchors {
      #expect(String(decoding: Array(line.utf8)[anchor.columns], as: UTF8.self) == anchor.text)
      #expect(!anchor.text.contains("://"))
    }
  }
}
