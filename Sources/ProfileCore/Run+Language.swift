import Foundation
import ProfileContracts

// The source language, and the translation to the target, re-proved.
extension Run {
  func sourceLanguage(_ sample: String) -> String {
    if let language = command.sourceLanguage { return language }
    return core.languages.identify(sample)?.language ?? command.targetLanguage
  }

  /// The decimal digits `text` holds, sorted, in any script (Arabic-Indic, Devanagari… count as
  /// their values): separators and order may change in translation, the digits may not.
  ///
  /// Not `FactCheck.tokens`, on purpose: a translation may move a number within its sentence,
  /// regroup it the target's way (`1.000`, `1 000`) and write it in the target's digits, so only
  /// the multiset of digit values is compared, and a fact check's whole numbers would refuse
  /// every one of those faithful translations.
  static func digits(_ text: String) -> [Double] {
    text.unicodeScalars.compactMap { scalar in
      scalar.properties.numericType == .decimal ? scalar.properties.numericValue : nil
    }.sorted()
  }

  /// The translated title and sections, when the translation proves out (as many fields as were
  /// sent, each with its source's digits, and every field of 12 letters or more, at least one,
  /// in the target language); otherwise `nil`, with the reason in the receipt.
  mutating func translate(title: String, sections: [ProfileSummary.Section], from source: String)
    async
    -> (String, [ProfileSummary.Section])?
  {
    guard primarySubtag(source) != primarySubtag(command.targetLanguage) else { return nil }
    guard let translator = core.translator else {
      record("translate", .skipped("no translator is configured; the summary stays in \(source)"))
      return nil
    }
    var texts = [title]
    for section in sections {
      texts.append(section.headline)
      texts.append(contentsOf: section.points)
    }
    let output: [String]
    do {
      output = try await translator.translate(texts, from: source, to: command.targetLanguage)
    } catch {
      record(
        "translate",
        .notPromoted("the translator threw \(type(of: error)); the summary stays in \(source)"))
      return nil
    }
    guard output.count == texts.count else {
      record(
        "translate",
        .notPromoted(
          "sent \(texts.count) texts, got \(output.count) back; the summary stays in \(source)"))
      return nil
    }
    // Digits are the same in every language: a field that gains or loses one (a list number
    // echoed in front, a figure dropped) is not a translation of its source.
    for (index, (text, original)) in zip(output, texts).enumerated()
    where Self.digits(text) != Self.digits(original) {
      record(
        "translate",
        .notPromoted(
          "field \(index) changes the digits of its source (\"\(text.prefix(60))\" for \"\(original.prefix(60))\"); the summary stays in \(source)"
        ))
      return nil
    }
    var proven = false
    for (index, text) in output.enumerated()
    where text.filter(\.isLetter).count >= policy.languageProofLetters {
      guard core.languages.proves(text, isIn: command.targetLanguage) else {
        let found = core.languages.identify(text)?.language ?? "nothing"
        record(
          "translate",
          .notPromoted(
            "field \(index) reads as \(found), not \(command.targetLanguage); the summary stays in \(source)"
          ))
        return nil
      }
      proven = true
    }
    // Nothing long enough to identify proves nothing: the translation is not taken on trust.
    guard proven else {
      record(
        "translate",
        .notPromoted(
          "no field has the \(policy.languageProofLetters) letters it takes to prove \(command.targetLanguage); the summary stays in \(source)"
        ))
      return nil
    }
    record("translate", .completed)
    var cursor = 1
    var translated: [ProfileSummary.Section] = []
    for section in sections {
      let headline = output[cursor]
      let points = Array(output[(cursor + 1)..<(cursor + 1 + section.points.count)])
      cursor += 1 + section.points.count
      translated.append(
        ProfileSummary.Section(pages: section.pages, headline: headline, points: points))
    }
    return (output[0], translated)
  }
}
