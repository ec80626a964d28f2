/// The seven Latin-script languages the identifier tells apart, in the one order both of its
/// Latin models (``NGramModel`` and ``LatinWordModel``) keep their scores in: a tie between two
/// languages goes to the one listed first.
enum LatinLanguages {
  static let all = ["en", "de", "fr", "es", "it", "nl", "pt"]

  /// The position of `language` in ``all``.
  static func index(of language: String) -> Int? { all.firstIndex(of: language) }
}
