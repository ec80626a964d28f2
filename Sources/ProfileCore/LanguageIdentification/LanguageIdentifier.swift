/// Identifies the language a text is written in.
///
/// The translator suite and the core use an identifier to *re-prove* a translation's target
/// language rather than trust the translator's word for it.
public protocol LanguageIdentifier: Sendable {
  /// The most likely language of `text`, or `nil` when the text is too short to decide.
  func identify(_ text: String) -> LanguageGuess?
}

/// A language, as a BCP 47 code, and how sure the identifier is of it.
public struct LanguageGuess: Hashable, Sendable, CustomStringConvertible {
  /// The BCP 47 language code, such as `en` or `ko`.
  public let language: String
  /// How sure the identifier is, from 0 (a guess) to 1 (certain).
  public let confidence: Double

  /// Creates a guess.
  public init(language: String, confidence: Double) {
    self.language = language
    self.confidence = confidence
  }

  /// `en (0.93)`.
  public var description: String {
    "\(language) (\(Double(Int(confidence * 100 + 0.5)) / 100))"
  }
}

extension LanguageIdentifier {
  /// Whether `text` proves to be in `language`: the identifier's guess has the same primary
  /// language subtag (`zh-Hans` matches `zh`). A text too short to decide proves nothing.
  public func proves(_ text: String, isIn language: String) -> Bool {
    guard let guess = identify(text) else { return false }
    return primarySubtag(guess.language) == primarySubtag(language)
  }
}

/// The primary language subtag of a BCP 47 code, lowercased: `zh-Hant-TW` → `zh`.
public func primarySubtag(_ code: String) -> String {
  String(code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(code))
    .lowercased()
}
