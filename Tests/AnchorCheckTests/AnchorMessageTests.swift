import KitJSON
import Testing

@testable import AnchorCheck

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
    #expect(
      AnchorMessage.noFile(path: "b.swift").text
        == "no file b.swift under the root; fix the path, or mark the doc as an archive in anchors.json"
    )
  }
}
