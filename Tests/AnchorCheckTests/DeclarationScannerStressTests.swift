// Pathological inputs: deep nesting, unterminated literals. (Timing is Benchmarks/bench-anchors'.)

import Testing

@_spi(Benchmarks) @testable import AnchorCheck

/// Generated Swift text of at least `lines` lines, and its declarations.
func generatedText(lines: Int, seed: UInt64) -> Rendering {
  var generator = SwiftFileGenerator(seed: seed)
  var nodes: [GenNode] = []
  var count = 0
  while count < lines {
    let file = generator.file()
    count += render(file).lines.count  // Rendering is additive: items are independent.
    nodes += file
  }
  return render(nodes)
}

@Suite struct DeclarationScannerStressTests {
  @Test(arguments: [
    "struct A {\n", "(", "{", "[", "\"", "\"\"\"\n", "/*", "\"\\(", "#\"", "'''\n",
    "    def f():\n",
    "namespace N {\n", "func f() {\n", "@a(", "case ", "#if X\n", "<", "`",
  ])
  func deeplyNestedOrUnterminatedInputKeepsTheInvariants(unit: String) {
    let text = String(repeating: unit, count: 5_000)
    let lineCount = DeclarationScanner.lineCount(of: text)
    for language in [SourceLanguage.swift, .go, .python, .cFamily] {
      let found = DeclarationScanner.declarations(in: text, language: language)
      #expect(invariantViolation(found, lineCount: lineCount) == nil, "\(language)")
    }
  }

  @Test func aLargeGeneratedFileScansToExactlyItsDeclarations() {
    let rendering = generatedText(lines: 5_000, seed: 2024)
    #expect(
      DeclarationScanner.declarations(in: rendering.text, language: .swift) == rendering.expected)
  }
}
