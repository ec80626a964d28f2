/// A language identifier that needs no downloads: script detection plus a frequent-word model.
///
/// - Texts in Hangul, Cyrillic, Arabic, Hebrew, Greek, Thai or Devanagari are `ko`, `ru`, `ar`,
///   `he`, `el`, `th` or `hi` by their script.
/// - Han with Hiragana, or with Kana for a fifth of the two, is `ja`; otherwise (Han alone, or
///   with a Katakana loanword) the character n-gram model tells `ja` from `zh`.
/// - Latin-script texts are scored by a character n-gram model of `en`, `es`, `fr`, `de`, `it`,
///   `pt` and `nl` (`NGramModel`, learnt from translated manual pages), with their frequent
///   words, letters and endings (`LatinWordModel`) as further evidence.
///
/// It returns `nil` for texts with fewer than three letters, and for Latin-script texts that
/// carry no sign of any of the seven languages. Its accuracy on the kit's labelled set is in the
/// README (`swift test --filter LanguageAccuracyTests` prints it).
///
/// ```swift
/// let identifier = BuiltinLanguageIdentifier()
/// let guess = identifier.identify("The council approved the budget on Monday.")  // en
/// let proven = identifier.proves("회의는 월요일에 열립니다.", isIn: "ko")  // true
/// ```
public struct BuiltinLanguageIdentifier: LanguageIdentifier {
  /// The languages it can answer.
  public static let supportedLanguages = [
    "ko", "ja", "zh", "ru", "ar", "he", "el", "th", "hi", "en", "es", "fr", "de", "it", "pt", "nl",
  ]

  /// The fewest letters it decides on when any of them are Latin; one letter of another script
  /// is enough.
  public static let minimumLetters = 3

  /// The n-gram cost per gram above which a text looks like none of the languages (gibberish,
  /// codes): the word model alone decides then, and answers nothing without a cue.
  static let unlikely = 850.0

  /// How much one point of the word model's score lowers a language's n-gram cost: chosen on a
  /// second sample of the evaluation text (`Benchmarks/langid/evaluate.py --seed 2`), not the one the
  /// README reports.
  static let wordWeight = 2000.0

  /// A Latin-script text's language: the character n-gram model (``NGramModel``), with the
  /// frequent words, letters and endings of ``LatinWordModel`` as further evidence.
  static func latin(_ text: String) -> (String, Double)? {
    let (costs, grams) = NGramModel.costsAndGrams(text)
    guard grams > 0, let cheapest = costs.min(),
      Double(cheapest) / Double(grams) < unlikely
    else { return LatinWordModel.identify(text) }
    // Both models score the languages in LatinLanguages' one order.
    let words = LatinWordModel.scores(text)
    let total = costs.indices.map { Double(costs[$0]) - wordWeight * words[$0] }
    let ranked = total.indices.sorted { total[$0] < total[$1] }
    let margin = (total[ranked[1]] - total[ranked[0]]) / 100 / Double(grams)
    return (NGramModel.latin[ranked[0]], min(1, margin * 10))
  }

  /// The share of the letters at which a non-Latin script decides over Latin.
  static let otherScriptShare = 0.2

  /// Creates the identifier.
  public init() {}

  /// The most likely language of `text`, or `nil` when it is too short or shows no sign of a
  /// supported language.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public func identify(_ text: String) -> LanguageGuess? {
    var counts: [Script: Int] = [:]
    for scalar in text.unicodeScalars {
      if let script = Script(scalar) { counts[script, default: 0] += 1 }
    }
    let letters = counts.values.reduce(0, +)
    // Latin letters are shared by many languages, so a few say nothing; one letter of a script
    // only one of the languages writes (Hangul, Hiragana, Thai…) is enough.
    let latin = counts[.latin, default: 0]
    guard letters >= Self.minimumLetters || (letters > 0 && latin == 0) else { return nil }

    let kana = counts[.kana, default: 0]
    let han = counts[.han, default: 0]
    var byScript: [(script: Script, count: Int)] = counts.map { ($0.key, $0.value) }
    // Japanese mixes Han and Kana; count them together so the mix decides, not the larger part.
    if kana > 0 && han > 0 {
      byScript.removeAll { $0.script == .han || $0.script == .kana }
      byScript.append((.kana, kana + han))
    }
    let order: ((script: Script, count: Int), (script: Script, count: Int)) -> Bool = {
      $0.count != $1.count ? $0.count < $1.count : "\($0.script)" > "\($1.script)"
    }
    guard var dominant = byScript.max(by: order) else { return nil }
    // Korean, Chinese, Russian… texts carry Latin names, commands and acronyms ("DNS 서버",
    // "NOT VALID 참조키를"), while a Latin-script language rarely carries another script. A
    // non-Latin script with a fifth of the letters or more decides, even when Latin has more.
    if dominant.script == .latin,
      let other = byScript.filter({ $0.script != .latin }).max(by: order),
      Double(other.count) >= Self.otherScriptShare * Double(letters)
    {
      dominant = other
    }
    let share = Double(dominant.count) / Double(letters)

    switch dominant.script {
    case .kana:
      // Japanese: any Hiragana (は, の, を… are Japanese grammar, which Chinese never borrows),
      // or Kana for a fifth of the Han and Kana. Below that (a Katakana loanword in Chinese),
      // the grams decide.
      let kanaShare = Double(kana) / Double(kana + han)
      let hiragana = text.unicodeScalars.contains { (0x3041...0x309F).contains($0.value) }
      let language =
        kanaShare >= 0.2 || han == 0 || hiragana ? "ja" : NGramModel.hanLanguage(text)
      return LanguageGuess(language: language, confidence: share)
    case .han:
      // Han alone: Japanese written in kanji or Chinese; their grams tell them apart.
      return LanguageGuess(language: NGramModel.hanLanguage(text), confidence: share)
    case .latin:
      guard let (language, confidence) = Self.latin(text) else { return nil }
      return LanguageGuess(language: language, confidence: confidence * share)
    default:
      guard let language = dominant.script.language else { return nil }
      return LanguageGuess(language: language, confidence: share)
    }
  }
}
