import KitSupport
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// A message is worded once: its text and its JSON come from the same parts, and fixed wording
/// never needs escaping.
@Suite struct AnchorMessageTests {
  static let odd = "docs/a \"quoted\" \\ back\tslash.swift"

  static let messages: [AnchorMessage] = [
    "plain text with \"quotes\"",
    .linesExist(start: 3, end: 3),
    .linesExist(start: 3, end: 9),
    .quoteMatches(start: 12, end: 20),
    .moved(file: odd, start: 27, end: 38, citedStart: 22, citedEnd: 33),
    .changed(file: odd, start: 4, end: 7, closest: nil),
    .changed(
      file: odd, start: 4, end: 7,
      closest: .init(start: 40, end: 43, matching: 3, count: 4)),
    .noFile(path: odd),
    .declared(
      .init(
        kind: "struct", name: "Odd\"", start: 3, end: 9, file: odd,
        verdict: .named(symbol: "Odd\"\\"))),
    .declared(
      .init(
        kind: "func", name: "f(to:)", start: 5, end: 5, file: odd,
        verdict: .heldBy(start: 5, end: 5))),
    .declared(
      .init(kind: "enum", name: "E", start: 5, end: 8, file: odd, verdict: .notAt(start: 1, end: 2))
    ),
  ]

  @Test(arguments: messages)
  func theJSONFormIsTheTextEscaped(message: AnchorMessage) {
    var json: [UInt8] = [UInt8(ascii: "\"")]
    message.write(
      literal: { $0.withUTF8Buffer { json.append(contentsOf: $0) } },
      variable: { CanonicalJSON.appendStringContents($0, to: &json) })
    json.append(UInt8(ascii: "\""))
    #expect(String(decoding: json, as: UTF8.self) == CanonicalJSON.quoted(message.text))
  }

  @Test func theSentencesReadAsBefore() {
    #expect(
      AnchorMessage.linesExist(start: 3, end: 9).text
        == "lines 3-9 exist, which is all an unquoted citation proves: quote them in a fenced block, or name their declaration (--fix=symbols names the one they cover), to make it checkable"
    )
    #expect(AnchorMessage.quoteMatches(start: 12, end: 12).text == "the quote matches lines 12")
    #expect(
      AnchorMessage.moved(file: "a.swift", start: 27, end: 38, citedStart: 22, citedEnd: 33).text
        == "the quote now stands at lines 27-38 of a.swift, not 22-33; run with --fix to update the numbers"
    )
    #expect(
      AnchorMessage.changed(
        file: "a.swift", start: 4, end: 7,
        closest: .init(start: 40, end: 43, matching: 3, count: 4)
      ).text
        == "lines 4-7 of a.swift differ from the quote, and the quote is nowhere in the file: the code changed, so reread the explanation and update quote and prose together; closest match: lines 40-43 (3 of 4 lines match)"
    )
    let report = (kind: "struct", name: "ErrorReport", start: 80, end: 96, file: "E.swift")
    func declared(_ verdict: AnchorMessage.Declared.Verdict) -> String {
      AnchorMessage.declared(
        .init(
          kind: report.kind, name: report.name, start: report.start, end: report.end,
          file: report.file, verdict: verdict)
      ).text
    }
    #expect(
      declared(.named(symbol: "ErrorReport"))
        == "ErrorReport is struct ErrorReport (lines 80-96 of E.swift)")
    #expect(
      declared(.heldBy(start: 80, end: 80))
        == "lines 80 hold struct ErrorReport (lines 80-96 of E.swift)")
    #expect(
      declared(.notAt(start: 48, end: 74))
        == "struct ErrorReport (lines 80-96 of E.swift) does not stand at lines 48-74; run with --fix to cite lines 80-96"
    )
    #expect(
      AnchorMessage.noFile(path: "b.swift").text
        == "no file b.swift under the root; fix the path, or mark the doc as an archive in anchors.json"
    )
  }
}
