#if canImport(NaturalLanguage)
  import NaturalLanguage

  /// A ``LanguageIdentifier`` over Apple's `NLLanguageRecognizer`, for Apple platforms.
  ///
  /// It answers every language the system recognizes. Codes are the system's, such as `zh-Hans`;
  /// ``LanguageIdentifier/proves(_:isIn:)`` compares primary subtags, so `zh-Hans` proves `zh`.
  public struct NaturalLanguageIdentifier: LanguageIdentifier {
    /// The fewest letters it decides on.
    public let minimumLetters: Int

    /// Creates an identifier that answers `nil` below `minimumLetters` letters.
    public init(minimumLetters: Int = BuiltinLanguageIdentifier.minimumLetters) {
      self.minimumLetters = minimumLetters
    }

    /// The system's dominant language for `text`, with its probability as the confidence.
    public func identify(_ text: String) -> LanguageGuess? {
      let letters = text.unicodeScalars.reduce(0) { $0 + ($1.properties.isAlphabetic ? 1 : 0) }
      guard letters >= minimumLetters else { return nil }
      let recognizer = NLLanguageRecognizer()
      recognizer.processString(text)
      guard let language = recognizer.dominantLanguage, language != .undetermined else {
        return nil
      }
      let confidence = recognizer.languageHypotheses(withMaximum: 1)[language] ?? 0
      return LanguageGuess(language: language.rawValue, confidence: confidence)
    }
  }
#endif
