// Property tests: generated Swift files must scan to exactly the declarations the
// generator recorded, and mutated or random input must never break the invariants.

import Testing

@_spi(Benchmarks) @testable import AnchorCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The base seed: `DECLSCAN_SEED` if set, else a fixed one, so every run checks the same cases
/// unless asked otherwise.
func baseSeed() -> UInt64 {
  if let value = getenv("DECLSCAN_SEED"), let seed = UInt64(String(cString: value)) {
    return seed
  }
  return 20_261_201
}

/// How many times more cases to run than the default (`DECLSCAN_SCALE`, default 1).
func scale() -> Int {
  guard let value = getenv("DECLSCAN_SCALE"), let scale = Int(String(cString: value)) else {
    return 1
  }
  return max(scale, 1)
}

/// A one-line description of a declaration, for messages.
func describe(_ d: Declaration) -> String {
  "\(d.kind) \(d.name)\(d.labels.map { " " + $0 } ?? "") [\(d.start) \(d.keywordLine) "
    + "\(d.end)] depth \(d.depth)"
}

/// Why the declarations scanned from `nodes` differ from the expected ones, or nil.
func mismatch(_ nodes: [GenNode]) -> String? {
  let rendering = render(nodes)
  let actual = DeclarationScanner.declarations(in: rendering.text, language: .swift)
  guard actual != rendering.expected else { return nil }
  var report: [String] = []
  let count = max(actual.count, rendering.expected.count)
  for i in 0..<count {
    let a = i < actual.count ? describe(actual[i]) : "(none)"
    let e = i < rendering.expected.count ? describe(rendering.expected[i]) : "(none)"
    if a != e { report.append("#\(i): expected \(e)\n     got      \(a)") }
  }
  return report.prefix(6).joined(separator: "\n")
}

/// Removes generated items one at a time while the scan still mismatches.
func shrink(_ nodes: [GenNode]) -> [GenNode] {
  var current = nodes
  var progress = true
  while progress {
    progress = false
    for target in 0..<itemCount(current) {
      let candidate = removingItem(target, from: current)
      if mismatch(candidate) != nil {
        current = candidate
        progress = true
        break
      }
    }
  }
  return current
}

/// The first violated invariant of `declarations` scanned from a `lineCount`-line text.
func invariantViolation(_ declarations: [Declaration], lineCount: Int) -> String? {
  var ancestors: [Declaration] = []
  var previousKeywordLine = 0
  for d in declarations {
    guard 1 <= d.start, d.start <= d.keywordLine, d.keywordLine <= d.end, d.end <= lineCount
    else { return "bad range (\(lineCount) lines): \(describe(d))" }
    guard d.keywordLine >= previousKeywordLine else { return "out of order: \(describe(d))" }
    guard d.depth >= 0, d.depth <= ancestors.count else { return "depth jump: \(describe(d))" }
    ancestors.removeLast(ancestors.count - d.depth)
    if let parent = ancestors.last,
      parent.keywordLine > d.keywordLine || d.end > parent.end
    {
      return "not inside parent \(describe(parent)): \(describe(d))"
    }
    ancestors.append(d)
    previousKeywordLine = d.keywordLine
  }
  return nil
}

/// The first invariant violation when scanning `bytes` in any language.
func violation(_ bytes: [UInt8]) -> String? {
  let text = String(decoding: bytes, as: UTF8.self)
  let lineCount = DeclarationScanner.lineCount(of: text)
  for language in [SourceLanguage.swift, .go, .python, .cFamily, .plain] {
    let declarations = DeclarationScanner.declarations(in: text, language: language)
    if let problem = invariantViolation(declarations, lineCount: lineCount) {
      return "\(language): \(problem)"
    }
  }
  return nil
}

/// Shrinks failing input: drops lines, then byte ranges, while it still fails.
func shrinkBytes(_ bytes: [UInt8]) -> [UInt8] {
  var current = bytes
  var chunk = max(current.count / 2, 1)
  while chunk >= 1 {
    var start = 0
    while start < current.count {
      var candidate = current
      candidate.removeSubrange(start..<min(start + chunk, candidate.count))
      if violation(candidate) != nil { current = candidate } else { start += chunk }
    }
    if chunk == 1 { break }
    chunk /= 2
  }
  return current
}

private let snippets: [String] = [
  "{", "}", "(", ")", "[", "]", "\"", "\"\"\"", "#\"", "\"#", "/*", "*/", "//", "\\(", "\n",
  "'", "`", "#if X\n", "#endif\n", "case ", "func ", "struct S {", "enum E {", "class ",
  "@attr(", "var x = ", "def f():\n", "    ", "\t", "\\\n", "#define X \\\n", "namespace N {",
  "type T struct {", "'''", "\r\n", "\r",
]

/// Applies a few random edits to `bytes`.
func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
  var bytes = bytes
  for _ in 0..<(1 + random.below(5)) {
    switch random.below(6) {
    case 0 where !bytes.isEmpty:
      let start = random.below(bytes.count)
      bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(12)))
    case 1:
      let at = random.below(bytes.count + 1)
      bytes.insert(contentsOf: Array(random.pick(snippets).utf8), at: at)
    case 2:
      let at = random.below(bytes.count + 1)
      let junk = (0..<(1 + random.below(4))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      bytes.insert(contentsOf: junk, at: at)
    default:
      var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
      guard !lines.isEmpty else { continue }
      let i = random.below(lines.count)
      switch random.below(3) {
      case 0: lines.insert(lines[i], at: random.below(lines.count + 1))
      case 1: lines.remove(at: i)
      default: lines.swapAt(i, random.below(lines.count))
      }
      bytes = Array(lines.joined(separator: [10]))
    }
  }
  return bytes
}

@Suite struct DeclarationScannerPropertyTests {
  @Test func generatedSwiftFilesScanToTheirRecordedDeclarations() {
    let seed = baseSeed()
    print("DeclScan generated-files seed: \(seed) (DECLSCAN_SEED=\(seed) to replay)")
    var random = SplitMix64(seed: seed)
    var declarations = 0
    for _ in 0..<(500 * scale()) {
      var generator = SwiftFileGenerator(seed: random.next())
      let nodes = generator.file()
      declarations += render(nodes).expected.count
      guard mismatch(nodes) != nil else { continue }
      let smallest = shrink(nodes)
      let text = render(smallest).text
      Issue.record(
        """
        Mismatch (seed \(seed)). Smallest failing file:
        \(text)
        \(mismatch(smallest) ?? "")
        """)
      return
    }
    print("DeclScan checked \(500 * scale()) generated files with \(declarations) declarations")
  }

  @Test func mutatedInputKeepsTheInvariants() {
    let seed = baseSeed() &+ 1
    print("DeclScan mutation seed: \(seed) (DECLSCAN_SEED=\(seed &- 1) to replay)")
    var random = SplitMix64(seed: seed)
    for _ in 0..<(400 * scale()) {
      var generator = SwiftFileGenerator(seed: random.next())
      let original = Array(render(generator.file()).text.utf8)
      let bytes = mutate(original, &random)
      guard let problem = violation(bytes) else { continue }
      let smallest = shrinkBytes(bytes)
      Issue.record(
        """
        Invariant broken (seed \(seed)): \(problem)
        Smallest failing input (\(smallest.count) bytes): \(smallest)
        As text:
        \(String(decoding: smallest, as: UTF8.self))
        \(violation(smallest) ?? "")
        """)
      return
    }
  }

  @Test func randomBytesKeepTheInvariants() {
    let seed = baseSeed() &+ 2
    print("DeclScan random-bytes seed: \(seed) (DECLSCAN_SEED=\(seed &- 2) to replay)")
    var random = SplitMix64(seed: seed)
    for _ in 0..<(300 * scale()) {
      var bytes: [UInt8] = []
      for _ in 0..<random.below(400) {
        if random.chance(70) {
          bytes += Array(random.pick(snippets).utf8)
          bytes += Array(random.pick(["a", " x", "1", " ", "\n", "int f() ", ":", ","]).utf8)
        } else {
          bytes.append(UInt8(truncatingIfNeeded: random.next()))
        }
      }
      if let problem = violation(bytes) {
        let smallest = shrinkBytes(bytes)
        let text = String(decoding: smallest, as: UTF8.self)
        Issue.record(
          "Invariant broken (seed \(seed)): \(problem)\nSmallest input: \(smallest)\n\(text)")
        return
      }
    }
  }
}
