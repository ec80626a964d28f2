/// Anchors that name a declaration: found with the declaration scanner, then checked against
/// the lines they cite or the code they quote.
extension AnchorChecker {
  /// The status of `anchor`, which names `symbol`, in `file`, which resolved and was read.
  ///
  /// - `ok`: the declaration stands at the cited lines (all of it, or its keyword line; see
  ///   ``cites(_:start:end:)``), or holds the quote; without lines, the declaration exists.
  /// - `moved`: it stands elsewhere, or the quote stands elsewhere in it: `--fix` rewrites the
  ///   lines.
  /// - `changed`: the declaration no longer holds the quote; the diff is against it.
  /// - `missingSymbol`: no declaration of that name, with the nearest names.
  /// - `ambiguous`: several declarations answer to the name (overloads), each listed.
  ///
  /// A file of a language the scanner does not read is checked as if it named no symbol, and
  /// the message says the symbol was not checked.
  static func checkSymbol(
    _ anchor: ParsedAnchor, symbol: String, doc: String, archived: Bool, file: String,
    source: SourceFile, quote: NormalizedLines, declarations: FileDeclarations
  ) -> AnchorResult {
    // Without lines of its own, an anchor cites its declaration's, once found.
    var cited = (start: anchor.start, end: anchor.end)
    func result(
      _ status: AnchorStatus, _ message: AnchorMessage, suggestion: String? = nil,
      changes: AnchorResult.Changes? = nil, fix: AnchorResult.Fix? = nil
    ) -> AnchorResult {
      AnchorResult(
        doc: doc, line: anchor.line, anchor: anchor.text, path: file, start: cited.start,
        end: cited.end, quoted: anchor.form == .quoted, status: status, suggestion: suggestion,
        message: message, changes: changes, archived: archived, form: anchor.form,
        columns: anchor.columns, fix: fix)
    }
    guard declarations.language != .plain else {
      var unnamed = anchor
      unnamed.symbol = nil
      let plain = check(
        unnamed, doc: doc, archived: archived, file: file, source: source, quote: quote,
        declarations: { declarations })
      return result(
        plain.status,
        "no declaration scanner reads .\(AnchorParser.pathExtension(file)) files, so (\(symbol)) is not checked; \(plain.message)",
        suggestion: plain.suggestion, changes: plain.changes, fix: plain.fix)
    }
    let matches = declarations.matching(symbol)
    guard let declaration = matches.first else {
      let nearest = nearestNames(to: symbol, in: declarations.all)
      let suggested = nearest.isEmpty ? "" : "; nearest: \(nearest.joined(separator: ", "))"
      return result(
        .missingSymbol,
        "\(file) declares no \(symbol)\(suggested): name a declaration that exists, or quote the lines"
      )
    }
    guard matches.count == 1 else {
      let listed = matches.map { "\(describe($0)) at lines \(range($0.keywordLine, $0.end))" }
      return result(
        .ambiguous,
        "\(symbol) names \(matches.count) declarations in \(file): \(listed.joined(separator: ", ")); name one by its argument labels or its type, as in \(matches[0].labels ?? matches[0].name)"
      )
    }
    if !anchor.hasRange { cited = (declaration.keywordLine, declaration.end) }
    if quote.count > 0 {
      let what =
        "\(describe(declaration)) (lines \(range(declaration.keywordLine, declaration.end)) of \(file))"
      guard let found = occurrence(of: quote, in: declaration, source: source, near: anchor.start)
      else {
        return result(
          .changed,
          "\(what) no longer holds the quote: the declaration changed, so reread the explanation and update quote and prose together",
          changes: .init(
            quote: quote.compacted(), source: source,
            range: (declaration.keywordLine - 1)..<declaration.end))
      }
      let start = found + 1
      let end = found + quote.count
      if !anchor.hasRange || (anchor.start == start && anchor.end == end) {
        return result(.ok, "the quote stands in \(what) at lines \(range(start, end))")
      }
      let fix = AnchorResult.Fix(anchor, path: nil, start: start, end: end)
      return result(
        .moved,
        "the quote stands in \(what) at lines \(range(start, end)), not \(range(anchor.start, anchor.end)); run with --fix to update the numbers",
        suggestion: fix.text, fix: fix)
    }
    // The commonest verdicts, kept as their parts: a corpus may name thousands of symbols.
    func declared(_ verdict: AnchorMessage.Declared.Verdict) -> AnchorMessage {
      .declared(
        .init(
          kind: declaration.kind, name: declaration.labels ?? declaration.name,
          start: declaration.keywordLine, end: declaration.end, file: file, verdict: verdict))
    }
    guard anchor.hasRange else { return result(.ok, declared(.named(symbol: symbol))) }
    if cites(declaration, start: anchor.start, end: anchor.end) {
      return result(.ok, declared(.heldBy(start: anchor.start, end: anchor.end)))
    }
    let fix = AnchorResult.Fix(
      anchor, path: nil, start: declaration.keywordLine, end: declaration.end)
    return result(
      .moved, declared(.notAt(start: anchor.start, end: anchor.end)), suggestion: fix.text,
      fix: fix)
  }

  /// Whether lines `start`–`end` cite `declaration`: the whole of it, from its keyword line or
  /// from a line above it that is still its own (a doc comment, an attribute) to its last line;
  /// or its keyword line alone, the signature.
  static func cites(_ declaration: Declaration, start: Int, end: Int) -> Bool {
    (start == end && start == declaration.keywordLine)
      || (end == declaration.end && declaration.start <= start
        && start <= declaration.keywordLine)
  }

  /// `func render(to:)`, `struct ErrorReport`: a declaration as a message names it.
  static func describe(_ declaration: Declaration) -> String {
    "\(declaration.kind) \(declaration.labels ?? declaration.name)"
  }

  /// Up to three names of `declarations` nearest `symbol` by edit distance, for a missing one:
  /// within a third of its length, at least two edits.
  static func nearestNames(to symbol: String, in declarations: [Declaration]) -> [String] {
    let wanted = Array(symbol.split(separator: ".").last.map(String.init) ?? symbol)
    let limit = max(2, wanted.count / 3)
    var scored: [(distance: Int, name: String)] = []
    for name in Set(declarations.map(\.name)) {
      let last = Array(name.split(separator: ".").last.map(String.init) ?? name)
      let distance = editDistance(wanted, last)
      if distance <= limit { scored.append((distance, name)) }
    }
    return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(3).map(\.name)
  }

  /// Levenshtein's distance between two names.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }

  /// The 0-based start of `quote` within `declaration`'s lines nearest the cited line (the
  /// declaration's own start when none is cited), or `nil`.
  static func occurrence(
    of quote: NormalizedLines, in declaration: Declaration, source: SourceFile, near: Int
  ) -> Int? {
    let first = declaration.start - 1
    let last = declaration.end - quote.count
    guard last >= first else { return nil }
    let starts = (first...last).filter { source.lines.contains(quote, at: $0) }
    let target = near > 0 ? near - 1 : first
    return starts.min { (abs($0 - target), $0) < (abs($1 - target), $1) }
  }
}
