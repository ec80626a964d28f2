import Foundation
import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// GitHub permalinks in prose: generated URLs of every shape the parser admits, in every place
/// a doc writes one, parse to exactly one permalink with the parts written; URLs one step away
/// from a permalink parse to no anchor at all. A failure is shrunk to the simplest URL that
/// still fails. The seed is `DECLSCAN_SEED` (see ``baseSeed()``).
struct AnchorParserPermalinkTests {
  /// A permalink as the generator writes it.
  struct Case: CustomStringConvertible {
    var scheme = "https"
    var host = "github.com"
    var owner = "acme"
    var repository = "widgets"
    var commit = "0123456"
    /// Path segments, as written (percent-encoded where they need it), and as decoded.
    var segments: [(written: String, decoded: String)] = [("A.swift", "A.swift")]
    var start = 1
    var end: Int? = nil
    /// `L20` or `20` after the dash.
    var endHasL = true
    var query = ""
    /// Where the URL stands: `bare`, `link`, `angle` or `code`.
    var place = "bare"
    /// What follows a bare URL: nothing, or sentence punctuation.
    var trailing = ""

    var url: String {
      "\(scheme)://\(host)/\(owner)/\(repository)/blob/\(commit)/"
        + segments.map(\.written).joined(separator: "/") + query + "#L\(start)"
        + (end.map { "-" + (endHasL ? "L" : "") + "\($0)" } ?? "")
    }
    var path: String { segments.map(\.decoded).joined(separator: "/") }

    var line: String {
      switch place {
      case "link": "See [the code](\(url)) for it."
      case "angle": "See <\(url)> for it."
      case "code": "See `\(url)` for it."
      default: "See \(url)\(trailing) Then more."
      }
    }

    var description: String { "\(place): \(line)" }

    /// Simpler cases, one part at a time.
    var simpler: [Case] {
      var out: [Case] = []
      func with(_ change: (inout Case) -> Void) {
        var copy = self
        change(&copy)
        if copy.description != description { out.append(copy) }
      }
      with { $0.scheme = "https" }
      with { $0.host = "github.com" }
      with { $0.owner = "a" }
      with { $0.repository = "r" }
      with { $0.commit = String($0.commit.prefix(7)).lowercased() }
      if segments.count > 1 { with { $0.segments.removeFirst() } }
      with { $0.segments = [("A.swift", "A.swift")] }
      with { $0.start = 1 }
      with { $0.end = nil }
      with { $0.endHasL = true }
      with { $0.query = "" }
      with { $0.place = "bare" }
      with { $0.trailing = "" }
      return out
    }
  }

  static func generate(_ random: inout SplitMix64) -> Case {
    func word(_ alphabet: String, _ range: ClosedRange<Int>) -> String {
      let characters = Array(alphabet)
      return String(
        (0..<(range.lowerBound + random.below(range.count))).map { _ in
          random.pick(characters)
        })
    }
    let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    var c = Case()
    c.scheme = random.pick(["https", "http", "HTTPS"])
    c.host = random.pick(["github.com", "www.github.com", "GitHub.com"])
    c.owner = word(letters + "-", 1...12)
    c.repository = word(letters + "-_.", 1...12)
    c.commit = word("0123456789abcdefABCDEF", 7...40)
    c.segments = (0..<(1 + random.below(4))).map { index in
      var written = ""
      var decoded = ""
      for _ in 0..<(1 + random.below(8)) {
        switch random.below(10) {
        case 0:
          written += "%20"
          decoded += " "
        case 1:
          written += "%C3%A9"
          decoded += "é"
        case 2:
          let character = random.pick(Array("_-.+@~"))
          written.append(character)
          decoded.append(character)
        default:
          let character = random.pick(Array(letters))
          written.append(character)
          decoded.append(character)
        }
      }
      return (written, decoded)
    }
    // The last segment names a file, with an extension or none (GitHub files need none).
    if random.chance(80) {
      let ext = random.pick(["swift", "go", "py", "md", "c", "json"])
      c.segments[c.segments.count - 1].written += "." + ext
      c.segments[c.segments.count - 1].decoded += "." + ext
    }
    c.start = 1 + random.below(3000)
    if random.chance(60) { c.end = c.start + random.below(50) }
    c.endHasL = random.chance(80)
    if random.chance(15) { c.query = "?plain=1" }
    c.place = random.pick(["bare", "bare", "link", "angle", "code"])
    c.trailing = random.pick(["", "", ".", ",", ";", ":", "!", "?", "..."])
    return c
  }

  /// Why `c` does not parse to the one permalink it writes, or nil.
  static func failure(_ c: Case) -> String? {
    let anchors = AnchorParser.parse(c.line).anchors
    guard anchors.count == 1, let anchor = anchors.first else {
      return "\(anchors.count) anchors: \(anchors.map(\.text))"
    }
    let bytes = Array(c.line.utf8)
    let written = String(decoding: bytes[anchor.columns], as: UTF8.self)
    let expected = ParsedAnchor.Permalink(
      owner: c.owner, repository: c.repository, commit: c.commit,
      base: "\(c.scheme)://\(c.host)/\(c.owner)/\(c.repository)/blob/")
    var wrong: [String] = []
    if anchor.form != .permalink { wrong.append("form \(anchor.form)") }
    if anchor.text != c.url { wrong.append("text \(anchor.text)") }
    if written != c.url { wrong.append("columns hold \(written)") }
    if anchor.path != c.path { wrong.append("path \(anchor.path)") }
    if (anchor.start, anchor.end) != (c.start, c.end ?? c.start) {
      wrong.append("lines \(anchor.start)-\(anchor.end)")
    }
    if anchor.permalink != expected {
      wrong.append("permalink \(String(describing: anchor.permalink))")
    }
    return wrong.isEmpty ? nil : wrong.joined(separator: "; ")
  }

  /// Shrinks a failing case while it still fails.
  static func shrink(_ c: Case) -> Case {
    var current = c
    var progress = true
    while progress {
      progress = false
      for candidate in current.simpler where failure(candidate) != nil {
        current = candidate
        progress = true
        break
      }
    }
    return current
  }

  @Test func everyGeneratedPermalinkParsesToItsParts() {
    let seed = baseSeed() &+ 70
    var random = SplitMix64(seed: seed)
    for round in 0..<(2000 * scale()) {
      let c = Self.generate(&random)
      if let failure = Self.failure(c) {
        let small = Self.shrink(c)
        Issue.record(
          "seed \(seed &- 70) (DECLSCAN_SEED), round \(round): \(c)\n\(failure)\nshrunk: \(small)\n\(Self.failure(small) ?? "")"
        )
        return
      }
    }
  }

  /// One step away from a permalink: no anchor at all, since the URL is masked as any URL is.
  @Test func urlsOneStepFromAPermalinkAreNoAnchors() {
    let seed = baseSeed() &+ 71
    var random = SplitMix64(seed: seed)
    let breaks: [(String, (inout Case) -> Void)] = [
      ("a 6-digit commit", { $0.commit = String($0.commit.prefix(6)) }),
      ("a 41-digit commit", { $0.commit = String(repeating: "a", count: 41) }),
      ("a branch", { $0.commit = "main" }),
      ("a non-hex commit", { $0.commit = "0123456z" }),
      ("another host", { $0.host = "gitlab.com" }),
      ("a look-alike host", { $0.host = "github.com.example.org" }),
      ("another scheme", { $0.scheme = "ftp" }),
    ]
    for round in 0..<(300 * scale()) {
      var c = Self.generate(&random)
      c.place = "bare"
      c.trailing = ""
      let (name, change) = random.pick(breaks)
      change(&c)
      let anchors = AnchorParser.parse(c.line).anchors
      #expect(
        anchors.isEmpty,
        "seed \(seed &- 71), round \(round), \(name): \(c.line) gave \(anchors.map(\.text))")
    }
  }

  /// Fragments GitHub writes that are not line ranges, and URL shapes that are not blobs.
  @Test func examplesThatAreNoPermalinks() {
    for line in [
      "https://github.com/a/r/blob/0123456/A.swift",
      "https://github.com/a/r/blob/0123456/A.swift#readme",
      "https://github.com/a/r/blob/0123456/A.swift#L10C3-L12C5",
      "https://github.com/a/r/tree/0123456/A.swift#L1",
      "https://github.com/a/r/blob/0123456/#L1",
      "https://github.com/a/blob/0123456/A.swift#L1",
      "https://github.com/a/r/blob/0123456/A.swift#L",
      "xhttps://github.com/a/r/blob/0123456/A.swift#L1",
      "https://github.com/a/r/blob/0123456/A%0A.swift#L1",
    ] {
      #expect(AnchorParser.parse(line).anchors.isEmpty, "\(line)")
    }
  }

  @Test func examplesThatArePermalinks() throws {
    let doc = """
      See https://github.com/apple/swift-nio/blob/1a2b3c4d5e/Sources/NIO/Channel.swift#L10-L20.
      A link [x](https://github.com/apple/swift-nio/blob/1a2b3c4d5e/README.md?plain=1#L3) and
      `Sources/A.swift:4` beside https://github.com/a/r/blob/abcdef0/A.swift#L2-9 here.
      """
    let anchors = AnchorParser.parse(doc).anchors
    #expect(
      anchors.map(\.text) == [
        "https://github.com/apple/swift-nio/blob/1a2b3c4d5e/Sources/NIO/Channel.swift#L10-L20",
        "https://github.com/apple/swift-nio/blob/1a2b3c4d5e/README.md?plain=1#L3",
        "Sources/A.swift:4", "https://github.com/a/r/blob/abcdef0/A.swift#L2-9",
      ])
    #expect(anchors.map(\.form) == [.permalink, .permalink, .prose, .permalink])
    #expect(anchors[1].path == "README.md")
    #expect((anchors[3].start, anchors[3].end) == (2, 9))
    #expect(anchors[0].permalink?.slug == "apple/swift-nio")
  }
}
