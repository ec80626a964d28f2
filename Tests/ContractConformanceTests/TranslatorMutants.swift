import ContractConformance
import Foundation
import KitSupport
import ProfileContracts
import ReferenceSuites

/// Broken translators, each breaking one promise on top of the sample-corpus translator.
enum TranslatorMutant: String, CaseIterable, Sendable {
  case dropsOne, swapsTwo, echoesSource, fillsBlanks, dedupCache, sharedBuffer, answersUndeclared,
    echoesLong, truncatesLong, mergesLong,
    // Classes the generated batches open up: blanks handled by their position (dropped at the
    // end of a batch), a batch sent as one text split again at its line breaks, a cache keyed by
    // the text alone, and an answer that depends on the text's place in the batch.
    dropsTrailingBlanks, splitsAtLineBreaks, cacheKeyedByText, echoesPastFourth,
    // A copy right after its original answered as a blank: the fixed example's copies are apart.
    collapsesAdjacentCopies,
    // Numbers each non-blank text as a list item ("1. …"), as a small model does: a number no
    // text was sent.
    numbersItsTexts,
    // A class only a long session reaches: right for its first calls, then its answers shift
    // by one place (a buffer reused from the call before).
    swapsWithAge,
    // Keeps count, order, numbers, blanks and language, and says nothing of its texts: every
    // text answered with one canned sentence of the target language, its numbers put in.
    cannedSentence,
    // A class only cancellations in a long session reach: a connection torn down when a call is
    // cancelled and never made again.
    brokenAfterCancellation,
    // A class only time reaches: a session that expires when left unused, after which every
    // answer is the source text, as a fallback that never reconnects would give.
    staleWhenIdle

  /// Where the long-text mutants start misbehaving: longer than any sample sentence.
  static let long = 300

  func make() -> any SummaryTranslating {
    switch self {
    case .sharedBuffer: SharedBufferTranslator()
    case .cacheKeyedByText: TextCacheTranslator()
    case .swapsWithAge: AgingTranslator()
    case .brokenAfterCancellation: TornDownOnCancellationTranslator()
    case .staleWhenIdle: StaleWhenIdleTranslator()
    default: MutatingTranslator(mutant: self)
    }
  }
}

struct MutatingTranslator: SummaryTranslating {
  let mutant: TranslatorMutant
  let base = SampleCorpusTranslator()

  func translate(_ texts: [String], from source: String, to target: String) async throws -> [String]
  {
    switch mutant {
    case .echoesSource:
      return texts
    case .splitsAtLineBreaks where !texts.isEmpty:
      // One request for the whole batch, split again where the lines were joined.
      let lines = texts.joined(separator: "\n").split(
        separator: "\n", omittingEmptySubsequences: false)
      return try await base.translate(lines.map(String.init), from: source, to: target)
    case .dropsTrailingBlanks:
      var kept = texts
      while let last = kept.last, last.allSatisfy(\.isWhitespace) { kept.removeLast() }
      return try await base.translate(kept, from: source, to: target)
    case .answersUndeclared where target == "zz":
      return texts.map { $0 + " (translated)" }
    case .cannedSentence:
      // A language it has no sentence for throws, as the base translator does.
      guard let canned = TranslationSamples.builtin.templates[target]?.first else { break }
      return texts.map { text in
        guard !text.allSatisfy(\.isWhitespace) else { return text }
        let numbers = text.split { !$0.isASCII || !$0.isNumber }.joined(separator: ", ")
        return canned.replacingOccurrences(of: TranslationSamples.placeholder, with: numbers)
      }
    default:
      break
    }
    var output = try await base.translate(texts, from: source, to: target)
    let long = { (index: Int) in texts[index].count > TranslatorMutant.long }
    switch mutant {
    case .echoesLong:
      // Falls back to the input for what its engine would not take.
      output = output.indices.map { long($0) ? texts[$0] : output[$0] }
    case .truncatesLong:
      output = output.indices.map {
        long($0) ? String(output[$0].prefix(TranslatorMutant.long)) : output[$0]
      }
    case .mergesLong:
      // Appends a long text to the one before it and leaves its own place blank.
      for index in output.indices.dropFirst() where long(index) {
        output[index - 1] += " " + output[index]
        output[index] = ""
      }
    default:
      break
    }
    switch mutant {
    case .dropsOne where output.count >= 2:
      output.removeLast()
    case .swapsTwo where output.count >= 2:
      output.swapAt(0, 1)
    case .fillsBlanks:
      output = output.map { $0.allSatisfy(\.isWhitespace) ? "(empty)" : $0 }
    case .dedupCache:
      var seen: Set<String> = []
      output = zip(texts, output).map { seen.insert($0.0).inserted ? $0.1 : "" }
    case .echoesPastFourth:
      output = output.indices.map { $0 >= 4 ? texts[$0] : output[$0] }
    case .collapsesAdjacentCopies:
      output = output.indices.map { $0 > 0 && texts[$0] == texts[$0 - 1] ? "" : output[$0] }
    case .numbersItsTexts:
      output = output.indices.map {
        output[$0].allSatisfy(\.isWhitespace) ? output[$0] : "\($0 + 1). " + output[$0]
      }
    default:
      break
    }
    return output
  }
}

/// Keeps the batch in a shared buffer across an await: concurrent batches overwrite each other.
final class SharedBufferTranslator: SummaryTranslating, @unchecked Sendable {
  private let lock = Lock()
  private var buffer: [String] = []
  private let base = SampleCorpusTranslator()

  func translate(_ texts: [String], from source: String, to target: String) async throws -> [String]
  {
    lock.withCriticalSection { buffer = texts }
    try await Task.sleep(for: .milliseconds(5))
    let current = lock.withCriticalSection { buffer }
    return try await base.translate(current, from: source, to: target)
  }
}

/// Caches translations by the text alone, across calls and targets.
final class TextCacheTranslator: SummaryTranslating, @unchecked Sendable {
  private let lock = Lock()
  private var cache: [String: String] = [:]
  private let base = SampleCorpusTranslator()

  func translate(_ texts: [String], from source: String, to target: String) async throws -> [String]
  {
    var output: [String] = []
    for text in texts {
      if let hit = lock.withCriticalSection({ cache[text] }) {
        output.append(hit)
        continue
      }
      let translated = try await base.translate([text], from: source, to: target)[0]
      lock.withCriticalSection { cache[text] = translated }
      output.append(translated)
    }
    return output
  }
}

/// Right for its first ten calls; from the eleventh on, its first two answers trade places.
final class AgingTranslator: SummaryTranslating, @unchecked Sendable {
  private let lock = Lock()
  private var calls = 0
  private let base = SampleCorpusTranslator()

  func translate(_ texts: [String], from source: String, to target: String) async throws -> [String]
  {
    let call = lock.withCriticalSection {
      calls += 1
      return calls
    }
    var output = try await base.translate(texts, from: source, to: target)
    if call > 10, output.count >= 2 { output.swapAt(0, 1) }
    return output
  }
}

/// Odd but valid: changes whitespace around and inside its answers.
struct WhitespaceTranslator: SummaryTranslating {
  let base = SampleCorpusTranslator()
  func translate(_ texts: [String], from source: String, to target: String) async throws -> [String]
  {
    try await base.translate(texts, from: source, to: target).map { text in
      text.allSatisfy(\.isWhitespace)
        ? "" : "  " + text.replacingOccurrences(of: " ", with: "  ") + "\n"
    }
  }
}

/// Odd but valid: puts the sentences of a long text in another order, as a translator that
/// restructures a paragraph may.
struct RestructuringTranslator: SummaryTranslating {
  let base = SampleCorpusTranslator()
  func translate(_ texts: [String], from source: String, to target: String) async throws -> [String]
  {
    try await base.translate(texts, from: source, to: target).map { text in
      text.count > TranslatorMutant.long
        ? text.components(separatedBy: ". ").reversed().joined(separator: ". ") : text
    }
  }
}

/// Never answers, and ignores cancellation: it waits on a continuation nobody resumes.
struct HangingTranslator: SummaryTranslating {
  func translate(_ texts: [String], from source: String, to target: String) async throws -> [String]
  {
    await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
    return texts
  }
}

/// A correct translator that writes every number of four digits or more the target language's
/// way: `2.331` in German, 2 331 with a narrow no-break space in French, `2,331` elsewhere. It
/// must pass: regrouping keeps the number.
struct RegroupingTranslator: SummaryTranslating {
  let base = SampleCorpusTranslator()

  func translate(_ texts: [String], from source: String, to target: String) async throws -> [String]
  {
    let separator =
      switch target {
      case "de": "."
      case "fr": "\u{202F}"
      default: ","
      }
    return try await base.translate(texts, from: source, to: target).map {
      Self.regroup($0, separator: separator)
    }
  }

  /// `text` with each run of four or more ASCII digits grouped by threes from the right.
  static func regroup(_ text: String, separator: String) -> String {
    var result = ""
    var digits = ""
    func flush() {
      if digits.count >= 4 {
        var groups: [Substring] = []
        var rest = Substring(digits)
        while rest.count > 3 {
          groups.insert(rest.suffix(3), at: 0)
          rest = rest.dropLast(3)
        }
        groups.insert(rest, at: 0)
        result += groups.joined(separator: separator)
      } else {
        result += digits
      }
      digits = ""
    }
    for character in text {
      if character.isASCII, character.isNumber {
        digits.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return result
  }
}

/// Tears its connection down when a call is cancelled, and never makes it again: every later
/// call throws.
final class TornDownOnCancellationTranslator: SummaryTranslating, @unchecked Sendable {
  struct ConnectionClosed: Error {}
  private let lock = Lock()
  private var tornDown = false
  private let base = SampleCorpusTranslator()

  func translate(_ texts: [String], from source: String, to target: String) async throws -> [String]
  {
    if lock.withCriticalSection({ tornDown }) { throw ConnectionClosed() }
    // 5 ms of work, so that a cancellation as the call starts lands within it even when a
    // loaded machine holds the caller back between starting the call and cancelling it.
    try? await Task.sleep(for: .milliseconds(5))
    if Task.isCancelled {
      lock.withCriticalSection { tornDown = true }
      throw CancellationError()
    }
    return try await base.translate(texts, from: source, to: target)
  }
}

/// Stands for a session that expires when idle: once 1.4 s pass between one call and the next,
/// every answer is the source text, and it never reconnects.
final class StaleWhenIdleTranslator: SummaryTranslating, @unchecked Sendable {
  private let base = SampleCorpusTranslator()
  private let idle = IdleExpiry()

  func translate(_ texts: [String], from source: String, to target: String) async throws -> [String]
  {
    if idle.expired() { return texts }
    return try await base.translate(texts, from: source, to: target)
  }
}

/// Expires once a call comes 1.4 s or more after the one before it (the idle rules wait
/// 1.5 s), and stays expired.
final class IdleExpiry: @unchecked Sendable {
  private let lock = Lock()
  private var last: ContinuousClock.Instant?
  private var isExpired = false

  /// Notes a call; whether the instance has expired.
  func expired() -> Bool {
    lock.withCriticalSection {
      let now = ContinuousClock.now
      if let last, now - last >= .milliseconds(1400) { isExpired = true }
      last = now
      return isExpired
    }
  }
}
