import Foundation
import TestSupport
import Testing

/// Every Swift block of the docs (the README, CONTRIBUTING, `docs/` and the DocC articles) is code
/// something builds, so no example a user copies can rot:
/// - a quote of a file the package builds (first line `// PATH:LINES` or `// PATH#Symbol`, into
///   `Sources/`, `Tests/` or `Package.swift`): the lines must be the file's, and
///   `contract-kit anchors` holds them there too; the guides' examples quote this target's files;
/// - a block of the guides `tools/try-as-a-user` writes into a package and builds
///   (`GoldenForYourCore.md`, `AdaptersInYourPackage.md`), or a copy of one, verbatim;
/// - a `// Package.swift` excerpt, whose dependency line is the one `tools/try-as-a-user` builds
///   and whose products are the package's.
///
/// And every Swift block of a doc comment in `Sources/` is a run of lines of a test file that
/// runs it (or of a golden-guide block), imports included, so DocC's reference pages cannot rot.
@Suite(.integration) struct DocCodeBlocksTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let goldenGuide = "Sources/GoldenReplay/GoldenReplay.docc/GoldenForYourCore.md"
  /// The guides whose every block `tools/try-as-a-user` builds in a package of its own.
  static let builtGuides = [
    goldenGuide, "Sources/ContractConformance/ContractConformance.docc/AdaptersInYourPackage.md",
  ]
  static let dependency =
    #".package(name: "ProfileContractKit", path: "../ProfileContractKit")"#

  struct Block {
    let doc: String
    let line: Int
    let lines: [String]
  }

  /// The docs a user reads, relative to the root.
  static func docs() throws -> [String] {
    var found = ["README.md", "CONTRIBUTING.md"]
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let path = enumerator?.nextObject() as? String {
      if path.hasPrefix(".") || path.hasPrefix("Tests/") || path.hasPrefix("tools/") {
        enumerator?.skipDescendants()
        continue
      }
      if path.hasSuffix(".md"), path.hasPrefix("docs/") || path.contains(".docc/") {
        found.append(path)
      }
    }
    return found.sorted()
  }

  /// The Swift blocks of `doc`, each with the line of its opening fence.
  static func swiftBlocks(of doc: String) throws -> [Block] {
    let text = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
    var blocks: [Block] = []
    var open: (line: Int, lines: [String])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if var current = open {
        if line.trimmingCharacters(in: .whitespaces) == "```" {
          blocks.append(Block(doc: doc, line: current.line, lines: current.lines))
          open = nil
        } else {
          current.lines.append(String(line))
          open = current
        }
      } else if line.trimmingCharacters(in: .whitespaces) == "```swift" {
        open = (index + 1, [])
      }
    }
    return blocks
  }

  /// A line as the anchors checker compares it: trimmed, runs of whitespace as one space.
  static func normalized(_ line: String) -> String {
    line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
  }

  /// The products `Package.swift` declares.
  static func products() throws -> Set<String> {
    let manifest = try String(
      contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var names: Set<String> = []
    var rest = manifest[...]
    while let start = rest.range(of: ".library(name: \"") {
      rest = rest[start.upperBound...]
      if let end = rest.firstIndex(of: "\"") { names.insert(String(rest[..<end])) }
    }
    return names
  }

  /// Why `block` is built by nothing, or `nil` when something builds it.
  static func problem(_ block: Block, goldenBlocks: [[String]], products: Set<String>) throws
    -> String?
  {
    // tools/try-as-a-user builds every block of these guides, and fails on one it cannot.
    if builtGuides.contains(block.doc) { return nil }
    let first = block.lines.first.map(normalized) ?? ""
    if first == "// Package.swift" {
      let text = block.lines.joined(separator: "\n")
      guard text.contains(dependency) else {
        return
          "a Package.swift excerpt without the dependency line tools/try-as-a-user builds, \(dependency)"
      }
      var rest = text[...]
      while let start = rest.range(of: ".product(name: \"") {
        rest = rest[start.upperBound...]
        let name = String(rest.prefix { $0 != "\"" })
        if !products.contains(name) { return "no product \(name) in Package.swift" }
      }
      return nil
    }
    if first.hasPrefix("// "), let cited = first.dropFirst(3).split(separator: " ").first {
      let text = String(cited)
      let path = String(text.prefix { $0 != ":" && $0 != "#" })
        .replacingOccurrences(of: "./", with: "")
      guard path.hasPrefix("Sources/") || path.hasPrefix("Tests/") || path == "Package.swift",
        path.hasSuffix(".swift")
      else {
        return "its first line cites \(text), which is no Swift file the package builds"
      }
      let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).map { normalized(String($0)) }
      guard text.contains(":") else { return nil }  // a symbol: `contract-kit anchors` checks it
      let range = text.split(separator: ":").last?.split(separator: "-").compactMap { Int($0) }
      guard let start = range?.first, let end = range?.last, start >= 1, end <= source.count,
        start <= end
      else { return "\(text) is no range of lines of \(path) (\(source.count) lines)" }
      let quote = block.lines.dropFirst().map(normalized)
      guard Array(source[(start - 1)..<end]) == Array(quote) else {
        return
          "the block is not lines \(start)-\(end) of \(path); run contract-kit anchors --fix, or copy them again"
      }
      return nil
    }
    let text = block.lines.map(normalized).joined(separator: "\n")
    if goldenBlocks.contains(where: { $0.joined(separator: "\n").contains(text) }) { return nil }
    return
      "a Swift block nothing builds: quote a file of Tests/GuideExamplesTests (first line `// PATH:LINES`), or copy a block of \(goldenGuide)"
  }

  /// A Swift file that runs examples: its path, its lines (normalized) and the modules it imports.
  struct Example {
    let path: String
    let lines: [String]
    let imports: Set<String>
  }

  /// The module a line imports (`import X`, `@testable import X`), if it is an import.
  static func importedModule(_ line: String) -> String? {
    let words = normalized(line).split(separator: " ")
    guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return nil }
    guard words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { return nil }
    return String(words[index + 1])
  }

  /// Where doc comments' examples may come from: every Swift file under `Tests/` (which the
  /// tests build and run) and the `adapter-host-example` executable (which AdapterProcessTests
  /// starts).
  static func examples() throws -> [Example] {
    var paths = ["Examples/adapter-host-example/main.swift"]
    let enumerator = FileManager.default.enumerator(
      atPath: root.appendingPathComponent("Tests").path)
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(".swift") { paths.append("Tests/" + path) }
    }
    return try paths.sorted().map { path in
      let lines = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).map { normalized(String($0)) }
      return Example(path: path, lines: lines, imports: Set(lines.compactMap(importedModule)))
    }
  }

  /// The Swift blocks of the doc comments of `Sources/` (`/// ```swift` … `/// ````), each with
  /// its `///` and the one space after it stripped.
  static func docCommentBlocks() throws -> [Block] {
    var blocks: [Block] = []
    let sources = root.appendingPathComponent("Sources")
    let enumerator = FileManager.default.enumerator(atPath: sources.path)
    while let path = enumerator?.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      guard text.contains("```swift") else { continue }
      var open: (line: Int, lines: [String])?
      for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let line = raw.drop { $0 == " " }
        guard line.hasPrefix("///") else {
          open = nil
          continue
        }
        var content = line.dropFirst(3)
        if content.first == " " { content = content.dropFirst() }
        if var current = open {
          if content.trimmingCharacters(in: .whitespaces) == "```" {
            blocks.append(Block(doc: "Sources/" + path, line: current.line, lines: current.lines))
            open = nil
          } else {
            current.lines.append(String(content))
            open = current
          }
        } else if content.trimmingCharacters(in: .whitespaces) == "```swift" {
          open = (index + 1, [])
        }
      }
    }
    return blocks.sorted { ($0.doc, $0.line) < ($1.doc, $1.line) }
  }

  /// Why a doc comment's `block` runs nowhere, or `nil` when a test runs it: its lines, imports
  /// aside, must be a run of consecutive lines of an example file that imports what it imports,
  /// or of a block of the golden guide (which `tools/try-as-a-user` builds).
  static func commentProblem(_ block: Block, examples: [Example], goldenBlocks: [[String]])
    -> String?
  {
    let imports = Set(block.lines.compactMap(importedModule))
    var code = block.lines.filter { importedModule($0) == nil }.map(normalized)
    while code.first == "" { code.removeFirst() }  // the blank line after the imports
    guard !code.isEmpty else { return "the block holds nothing but imports" }
    func holds(_ lines: [String]) -> Bool {
      guard lines.count >= code.count else { return false }
      return (0...(lines.count - code.count)).contains { start in
        lines[start] == code[0] && Array(lines[start..<(start + code.count)]) == code
      }
    }
    if imports.isEmpty, goldenBlocks.contains(where: holds) { return nil }
    let running = examples.filter { holds($0.lines) }
    guard !running.isEmpty else {
      return
        "an example no test runs: write it in a test under Tests/ first, then copy its lines here in order"
    }
    guard running.contains(where: { imports.isSubset(of: $0.imports) }) else {
      let missing = imports.subtracting(running[0].imports).sorted().joined(separator: ", ")
      return "\(running[0].path) runs its lines but does not import \(missing)"
    }
    return nil
  }

  /// Every Swift block of a doc comment in `Sources/` is lines a test runs, so an example in
  /// the reference pages DocC renders cannot rot either.
  @Test func everySwiftBlockOfTheDocCommentsRuns() throws {
    let goldenBlocks = try Self.builtGuides.flatMap { try Self.swiftBlocks(of: $0) }.map {
      $0.lines.map(Self.normalized)
    }
    let examples = try Self.examples()
    let blocks = try Self.docCommentBlocks()
    for block in blocks {
      if let problem = Self.commentProblem(block, examples: examples, goldenBlocks: goldenBlocks) {
        Issue.record("\(block.doc):\(block.line): \(problem)")
      }
    }
    // Not vacuous: the libraries' examples were found, and so were the tests that run them.
    #expect(blocks.count >= 30, "only \(blocks.count) doc-comment Swift blocks under Sources/")
    #expect(examples.count >= 50, "only \(examples.count) Swift files under Tests/")
  }

  /// Each way a doc comment's block can fail to run is caught: lines no example holds, lines an
  /// example holds but not in a row, an import the example lacks; the golden guide's lines pass.
  @Test func aDocCommentBlockNoTestRunsIsCaught() {
    let example = Example(
      path: "Tests/A/AExample.swift",
      lines: ["import A", "", "let a = A()", "a.run()", "#expect(a.ok)"],
      imports: ["A"])
    let golden = [["let x = 1", "print(x)"]]
    func problem(_ lines: [String]) -> String? {
      Self.commentProblem(
        Block(doc: "Sources/A/A.swift", line: 1, lines: lines), examples: [example],
        goldenBlocks: golden)
    }
    #expect(problem(["let a = A()", "  a.run()"]) == nil)
    #expect(problem(["import A", "let a = A()"]) == nil)
    #expect(problem(["let x = 1"]) == nil)
    #expect(problem(["let a = B()"])?.contains("no test runs") == true)
    #expect(problem(["let a = A()", "#expect(a.ok)"])?.contains("no test runs") == true)
    #expect(problem(["a.run()", "let a = A()"])?.contains("no test runs") == true)
    #expect(problem(["import B", "a.run()"])?.contains("does not import B") == true)
    #expect(problem(["import A"])?.contains("nothing but imports") == true)
    #expect(problem(["import A", "", "a.run()"]) == nil)
  }

  @Test func everySwiftBlockOfTheDocsIsBuilt() throws {
    let goldenBlocks = try Self.builtGuides.flatMap { try Self.swiftBlocks(of: $0) }.map {
      $0.lines.map(Self.normalized)
    }
    let products = try Self.products()
    #expect(products.count >= 5, "Package.swift's products were not found: \(products)")
    var blocks = 0
    var quotingExamples = 0
    for doc in try Self.docs() {
      for block in try Self.swiftBlocks(of: doc) {
        blocks += 1
        if block.lines.first?.contains("Tests/GuideExamplesTests/") == true { quotingExamples += 1 }
        if let problem = try Self.problem(block, goldenBlocks: goldenBlocks, products: products) {
          Issue.record("\(doc):\(block.line): \(problem)")
        }
      }
    }
    // Not vacuous: the docs were found, and the guides' examples quote this target's files.
    #expect(blocks >= 20, "only \(blocks) Swift blocks found under \(Self.root.path)")
    #expect(quotingExamples >= 6, "only \(quotingExamples) blocks quote Tests/GuideExamplesTests")
  }

  /// Each way a block can fail to be built is caught: a block no test builds, a stale quote, a
  /// quote of a file the package does not build, an unknown product, a changed golden block.
  @Test func aBlockNothingBuildsIsCaught() throws {
    let golden = [["let x = 1", "print(x)"]]
    let products: Set<String> = ["ContractConformance"]
    func problem(_ lines: [String], doc: String = "README.md") throws -> String? {
      try Self.problem(
        Block(doc: doc, line: 1, lines: lines), goldenBlocks: golden, products: products)
    }
    #expect(try problem(["let y = 2"])?.contains("nothing builds") == true)
    #expect(try problem(["let x = 1"]) == nil)
    #expect(try problem(["let x = 2"]) != nil)
    #expect(try problem(["let y = 2"], doc: Self.goldenGuide) == nil)
    #expect(
      try problem(["// Tests/GuideExamplesTests/AdapterSuitesExample.swift:1-2", "import MyApp"])?
        .contains("not lines 1-2") == true)
    #expect(
      try problem([
        "// Tests/GuideExamplesTests/AdapterSuitesExample.swift:1-2",
        "import ContractConformance", "  import   MyApp",
      ]) == nil)
    #expect(
      try problem(["// Tests/GuideExamplesTests/AdapterSuitesExample.swift:17-99", "}"])?
        .contains("no range") == true)
    #expect(
      try problem(["// Benchmarks/bench-anchors:1-2", "set -e"])?.contains("no Swift") == true)
    #expect(
      try problem([
        "// Package.swift", "dependencies: [\(Self.dependency)],",
        #".product(name: "ContractConformanc", package: "ProfileContractKit")"#,
      ])?.contains("no product ContractConformanc") == true)
    #expect(try problem(["// Package.swift", "dependencies: []"])?.contains("dependency") == true)
  }
}
