import Foundation
import ProfileContracts

/// The model's own tokenizer, where its server offers one: llama.cpp's `llama-server` answers
/// `POST /tokenize` (at the server's root, beside `/v1`) with the tokens of its `content`.
///
/// The contract plans by `TokenEstimate` on purpose, and this does not replace it: it measures
/// how far the model's count is from the estimate on a sample (``TokenCalibration``), so that
/// the window a core plans against can be narrowed to what the model really holds. `count` is
/// `nil` from a server without `/tokenize`, and throws when no server answers:
///
/// ```swift
/// let tokenizer = ServerTokenizer(configuration)
/// let count = try await tokenizer.count("In week 3 the clinic treated 212 patients.")
/// ```
public struct ServerTokenizer: Sendable {
  /// The server, as the executor reaches it.
  public let configuration: OpenAICompatibleConfiguration
  private let client: ChatCompletionsClient

  /// Creates a tokenizer client that waits at most 10 s (or the configured timeout, if
  /// shorter) per count.
  public init(_ configuration: OpenAICompatibleConfiguration) {
    self.configuration = configuration
    client = ChatCompletionsClient.quick(configuration)
  }

  /// `POST` here: the base URL with a trailing `/v1` dropped, then `tokenize`.
  public var url: URL {
    var root = configuration.baseURL
    if root.lastPathComponent == "v1" { root.deleteLastPathComponent() }
    return root.appendingPathComponent("tokenize")
  }

  /// The tokens the model counts in `text`, without the special tokens a chat adds around it.
  ///
  /// - Returns: the count, or `nil` when the server offers no tokenizer at ``url`` (an error
  ///   status, or an answer that is not a token list): the caller keeps the estimate.
  /// - Throws: ``OpenAINativeError`` when nothing answers, or `CancellationError`.
  public func count(_ text: String) async throws -> Int? {
    let answer = try await client.post(url, json: ["content": text, "add_special": false])
    return Self.tokens(answer.body, status: answer.status)
  }

  /// The number of tokens in a `/tokenize` answer (`{"tokens": [...]}`), or `nil`.
  static func tokens(_ data: Data, status: Int) -> Int? {
    guard (200..<300).contains(status),
      let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
      let tokens = object["tokens"] as? [Any]
    else { return nil }
    return tokens.count
  }
}

/// How a model's tokenizer counts a document against `TokenEstimate`, measured on sample
/// pages: the window to plan against, narrowed so that a chunk the estimate fills still fits
/// what the model counts.
///
/// The ratio is the highest of the samples', not their mean: the window is a hard limit, and a
/// chunk of the densest sampled page must fit too. A page denser than every sample may still be
/// rejected; the reference core then splits that chunk.
public struct TokenCalibration: Hashable, Sendable {
  /// One sample's counts.
  public struct Sample: Hashable, Sendable {
    /// The tokens `TokenEstimate` gives the sample.
    public let estimated: Int
    /// The tokens the model's tokenizer counts in it.
    public let counted: Int

    /// Creates a sample's counts.
    public init(estimated: Int, counted: Int) {
      self.estimated = estimated
      self.counted = counted
    }
  }

  /// Samples under this many estimated tokens are left out: a few words say little about a
  /// page.
  public static let minimumSampleTokens = 16

  /// The samples measured, each of at least ``minimumSampleTokens`` estimated tokens, at
  /// least one.
  public let samples: [Sample]

  /// Calibrates from `samples`, leaving out those under ``minimumSampleTokens``; `nil` when
  /// none is left.
  public init?(samples: [Sample]) {
    let kept = samples.filter { $0.estimated >= Self.minimumSampleTokens }
    guard !kept.isEmpty else { return nil }
    self.samples = kept
  }

  /// The model's tokens per estimated token, the highest over the samples.
  public var ratio: Double {
    samples.map { Double($0.counted) / Double($0.estimated) }.max() ?? 1
  }

  /// `window` divided by ``ratio`` when the model counts more than the estimate, rounded down;
  /// `window` itself when it counts no more (the estimate is then the safer count).
  public func planningTokens(_ window: Int) -> Int {
    ratio > 1 ? Int((Double(window) / ratio).rounded(.down)) : window
  }

  /// Measures each of `texts` with `tokenizer`.
  ///
  /// - Returns: the calibration, or `nil` when the server offers no tokenizer or no text is
  ///   long enough to measure.
  /// - Throws: ``OpenAINativeError`` when nothing answers, or `CancellationError`.
  public static func measure(_ texts: [String], with tokenizer: ServerTokenizer) async throws
    -> TokenCalibration?
  {
    var samples: [Sample] = []
    for text in texts where TokenEstimate.tokens(in: text) >= minimumSampleTokens {
      guard let counted = try await tokenizer.count(text) else { return nil }
      samples.append(Sample(estimated: TokenEstimate.tokens(in: text), counted: counted))
    }
    return TokenCalibration(samples: samples)
  }
}
