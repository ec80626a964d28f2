import Foundation
import ProfileContracts

/// A deterministic, offline stand-in for the model: it answers from sentences of the prompt
/// itself.
///
/// For `ProfileModelSchema/summaryChunk` it ranks the prompt's sentences by the frequency of
/// their words, keeps the best ones in source order as points, and takes the best sentence's
/// opening words as the title. For `ProfileModelSchema/summaryTitle` it answers `{"title": …}`
/// from the best line of the prompt. Every answer fits in `responseTokens` by `TokenEstimate`.
/// Because it only copies source text, its answers never invent a fact.
///
/// It is the kit's embedded default model for demos and golden recordings. Its own failures
/// are already narrowed: an empty, whitespace-only or over-long prompt and a non-positive
/// `responseTokens` are `rejected`, and cancellation is `permanent`.
public struct ExtractiveModelExecutor: ProfileModelExecuting {
  /// The most prompt tokens it accepts, like a model's context window.
  public let contextTokens: Int
  /// The most points in a chunk answer.
  public let maximumPoints: Int

  /// Creates an executor.
  ///
  /// - Parameters:
  ///   - contextTokens: the most prompt tokens it accepts (default 4096).
  ///   - maximumPoints: the most points in a chunk answer (default 5).
  public init(contextTokens: Int = 4096, maximumPoints: Int = 5) {
    self.contextTokens = contextTokens
    self.maximumPoints = maximumPoints
  }

  /// The executor's own failures, before narrowing. New failures may be added; don't switch
  /// over them exhaustively.
  public struct NativeError: Error, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    private let name: String
    /// What ``ExtractiveModelExecutor/map(_:)`` says of it.
    fileprivate let reason: String
    private init(_ name: String, reason: String) {
      self.name = name
      self.reason = reason
    }

    /// The prompt is empty or only whitespace.
    public static let emptyPrompt = NativeError("emptyPrompt", reason: "empty prompt")
    /// The prompt is longer than ``ExtractiveModelExecutor/contextTokens``.
    public static let promptTooLong = NativeError(
      "promptTooLong", reason: "prompt longer than the context window")
    /// `responseTokens` is zero or negative.
    public static let nonPositiveResponseTokens = NativeError(
      "nonPositiveResponseTokens", reason: "responseTokens must be positive")
    /// Every failure the executor has.
    public static let allCases = [emptyPrompt, promptTooLong, nonPositiveResponseTokens]

    /// The failure's name, such as `emptyPrompt`.
    public var description: String { name }
  }

  /// Narrows any error to the four kinds the core understands.
  ///
  /// Its own ``NativeError``s are `rejected`; `CancellationError` is `permanent` (never
  /// `transient`: retrying a cancelled call is wrong); an already narrowed error passes through;
  /// anything else is `permanent`.
  public static func map(_ error: any Error) -> ProfileModelExecutionError {
    switch error {
    case let narrowed as ProfileModelExecutionError: return narrowed
    case let native as NativeError: return .rejected(native.reason)
    case is CancellationError: return .permanent("cancelled")
    default: return .permanent("unexpected \(type(of: error))")
    }
  }

  /// Answers `request` from the prompt's own sentences.
  ///
  /// - Throws: only `ProfileModelExecutionError`.
  public func generate(_ request: ProfileModelRequest) async throws -> Data {
    do {
      return try answer(request)
    } catch {
      throw Self.map(error)
    }
  }

  private func answer(_ request: ProfileModelRequest) throws -> Data {
    try Task.checkCancellation()
    guard request.responseTokens > 0 else { throw NativeError.nonPositiveResponseTokens }
    let prompt = request.prompt.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !prompt.isEmpty else { throw NativeError.emptyPrompt }
    guard
      TokenEstimate.tokens(in: request.instructions) + TokenEstimate.tokens(in: prompt)
        <= contextTokens
    else { throw NativeError.promptTooLong }
    let sentences = Self.sentences(in: prompt)
    let ranked = Self.rank(sentences)
    switch request.schema {
    case .summaryTitle:
      let title = fit(Self.titleText(sentences[ranked[0]]), budget: request.responseTokens - 4)
      return try CanonicalJSON.encode(SummaryTitleAnswer(title: title))
    case .summaryChunk:
      var budget = request.responseTokens - 8
      let title = fit(Self.titleText(sentences[ranked[0]]), budget: min(budget / 3, 24))
      budget -= TokenEstimate.tokens(in: title)
      var chosen: [Int] = []
      for index in ranked where chosen.count < maximumPoints {
        let cost = TokenEstimate.tokens(in: sentences[index]) + 2
        guard cost <= budget else { continue }
        chosen.append(index)
        budget -= cost
      }
      let points = chosen.sorted().map { sentences[$0] }
      return try CanonicalJSON.encode(SummaryChunkAnswer(title: title, points: points))
    }
  }

  /// Trims `text` to at most `budget` estimated tokens, at a word boundary where it can.
  private func fit(_ text: String, budget: Int) -> String {
    guard TokenEstimate.tokens(in: text) > budget else { return text }
    var result = ""
    for character in text {
      let next = result + String(character)
      if TokenEstimate.tokens(in: next) > max(budget, 1) { break }
      result = next
    }
    if let space = result.lastIndex(of: " "),
      result.distance(from: result.startIndex, to: space) > 8
    {
      result = String(result[..<space])
    }
    return result.trimmingCharacters(in: .whitespaces)
  }

  /// A title: the sentence's first twelve words, without its closing punctuation.
  static func titleText(_ sentence: String) -> String {
    let words = sentence.split(separator: " ")
    let title = words.prefix(12).joined(separator: " ")
    return title.trimmingCharacters(in: CharacterSet(charactersIn: ".!?。！？ "))
  }

  /// The prompt's sentences, by the shared rule in ``Sentences``.
  static func sentences(in text: String) -> [String] { Sentences.split(text) }

  /// Sentence indexes, best first: by the mean prompt-wide frequency of their words, ties to the
  /// earlier sentence. Fragments of fewer than three counted words (a code fence, a heading)
  /// rank below every full sentence.
  static func rank(_ sentences: [String]) -> [Int] {
    let words = sentences.map(Self.words)
    var frequency: [String: Int] = [:]
    for list in words { for word in list { frequency[word, default: 0] += 1 } }
    let scores = words.map { list -> Int in
      guard !list.isEmpty else { return 0 }
      let mean = list.reduce(0) { $0 + (frequency[$1] ?? 0) } * 1000 / list.count
      return list.count >= 3
        || list.contains(where: { $0.unicodeScalars.contains(where: TokenEstimate.isDense) })
        ? mean + 1_000_000_000 : mean
    }
    return sentences.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
  }

  /// Lowercased words of four or more letters, or single dense (Han, Kana, Hangul) runs.
  private static func words(_ sentence: String) -> [String] {
    sentence.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter {
      $0.count >= 4 || $0.unicodeScalars.contains(where: TokenEstimate.isDense)
    }
  }
}
