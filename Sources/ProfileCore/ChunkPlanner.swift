import Foundation
import ProfileContracts

/// Counts tokens the way `TokenEstimate` does, but additively: Han, Kana and Hangul scalars one
/// each, every other scalar one per four, rounded up once over the whole text.
struct TokenCounter: Hashable, Sendable {
  var dense = 0
  var other = 0

  init() {}
  init(_ text: String) { add(text) }

  mutating func add(_ text: String) {
    for scalar in text.unicodeScalars {
      if TokenEstimate.isDense(scalar) { dense += 1 } else { other += 1 }
    }
  }

  mutating func add(_ counter: TokenCounter) {
    dense += counter.dense
    other += counter.other
  }

  var tokens: Int { dense + (other + 3) / 4 }
}

/// The chunk plan: which pages (or parts of pages) go into which model call. Computed by reading
/// every page once, in order, keeping only numbers, never the text.
struct ChunkPlan: Sendable {
  /// A whole page, or one part of a page too large for a chunk.
  struct Unit: Codable, Hashable, Sendable {
    let pageIndex: Int
    let pageNumber: Int
    let part: Int
    let parts: Int
  }

  struct Chunk: Hashable, Sendable {
    let number: Int
    var units: [Unit]
    var stepID: String { "chunk-\(number)" }
    /// The pages the chunk covers. A chunk holds at least one unit (the planner closes only a
    /// non-empty one), in page order.
    var pages: PageRange {
      PageRange(first: units[0].pageNumber, last: units[units.count - 1].pageNumber)
    }
  }

  /// A page whose read threw.
  struct Unreadable: Hashable, Sendable {
    let pageIndex: Int
    let pageNumber: Int
    let reason: String
  }

  var chunks: [Chunk] = []
  var unreadable: [Unreadable] = []
  /// A hash of every chunk's units and text: a checkpoint made under another plan is discarded.
  var fingerprint = ""
  /// The opening text of the document, for identifying its language.
  var sample = ""
}

/// Builds a ``ChunkPlan`` and, later, the prompt of each chunk.
struct ChunkPlanner: Sendable {
  let policy: ProfilePolicy
  static let separator = "\n\n"

  /// The most prompt tokens a chunk may hold.
  var promptBudget: Int {
    policy.contextTokens - TokenEstimate.tokens(in: Instructions.chunk) - policy.chunkResponseTokens
  }

  /// The parts of a page too large for one chunk: its sentences packed greedily. A single
  /// sentence that cannot fit is an overflow, with its estimate.
  /// Each part comes with its token count, so the planner counts a page's text only once.
  func parts(of text: String) -> Result<[(text: String, tokens: TokenCounter)], ProfileFailure> {
    let whole = TokenCounter(text)
    if whole.tokens <= promptBudget { return .success([(text, whole)]) }
    var parts: [(text: String, tokens: TokenCounter)] = []
    var current: [String] = []
    var counter = TokenCounter()
    for sentence in Sentences.split(text) {
      let sentenceCounter = TokenCounter(sentence)
      guard sentenceCounter.tokens <= promptBudget else {
        let estimate =
          TokenEstimate.tokens(in: Instructions.chunk) + sentenceCounter.tokens
          + policy.chunkResponseTokens
        return .failure(.contextWouldOverflow(estimatedTokens: estimate))
      }
      var next = counter
      if !current.isEmpty { next.add(" ") }
      next.add(sentenceCounter)
      if next.tokens > promptBudget, !current.isEmpty {
        parts.append((current.joined(separator: " "), counter))
        current = [sentence]
        counter = sentenceCounter
      } else {
        current.append(sentence)
        counter = next
      }
    }
    if !current.isEmpty { parts.append((current.joined(separator: " "), counter)) }
    return .success(parts)
  }

  /// Reads every page once, in order, and plans the chunks.
  func plan(pageCount: Int, attachmentID: String, documents: any ProfileDocumentProviding) async
    -> Result<ChunkPlan, ProfileFailure>
  {
    var plan = ChunkPlan()
    var hasher = FingerprintHasher()
    var current: [ChunkPlan.Unit] = []
    var counter = TokenCounter()
    var lastNumber = 0
    func close() {
      guard !current.isEmpty else { return }
      plan.chunks.append(ChunkPlan.Chunk(number: plan.chunks.count + 1, units: current))
      hasher.add("|chunk")
      current = []
      counter = TokenCounter()
    }
    for index in 0..<pageCount {
      let page: PageContent
      do {
        page = try await documents.page(at: index, for: attachmentID)
      } catch {
        plan.unreadable.append(
          .init(pageIndex: index, pageNumber: lastNumber + 1, reason: "\(error)"))
        lastNumber += 1
        continue
      }
      lastNumber = page.pageNumber
      if plan.sample.count < policy.languageSampleCharacters {
        plan.sample += String(page.text.prefix(policy.languageSampleCharacters)) + "\n"
      }
      let parts: [(text: String, tokens: TokenCounter)]
      switch self.parts(of: page.text) {
      case .success(let found): parts = found
      case .failure(let failure): return .failure(failure)
      }
      for (part, (text, unitCounter)) in parts.enumerated() {
        var next = counter
        if !current.isEmpty { next.add(Self.separator) }
        next.add(unitCounter)
        if next.tokens > promptBudget, !current.isEmpty {
          close()
          next = unitCounter
        }
        current.append(
          ChunkPlan.Unit(
            pageIndex: index, pageNumber: page.pageNumber, part: part, parts: parts.count))
        counter = next
        hasher.add("|\(index):\(page.pageNumber):\(part)/\(parts.count)|")
        hasher.add(text)
      }
    }
    close()
    plan.fingerprint = hasher.hex
    return .success(plan)
  }

  /// The text of each of `chunk`'s units, with its page number, reading its pages again one at
  /// a time. Joined by ``separator``, they are the chunk's prompt.
  func parts(
    of chunk: ChunkPlan.Chunk, attachmentID: String, documents: any ProfileDocumentProviding
  ) async throws -> [ChunkPiece.Part] {
    var texts: [ChunkPiece.Part] = []
    var cached: (index: Int, parts: [String])?
    for unit in chunk.units {
      let parts: [String]
      if let cached, cached.index == unit.pageIndex {
        parts = cached.parts
      } else {
        let page = try await documents.page(at: unit.pageIndex, for: attachmentID)
        parts = (try? self.parts(of: page.text).get().map(\.text)) ?? [page.text]
        cached = (unit.pageIndex, parts)
      }
      let text = unit.part < parts.count ? parts[unit.part] : ""
      texts.append(ChunkPiece.Part(pageNumber: unit.pageNumber, text: text))
    }
    return texts
  }
}

/// FNV-1a, 64 bits, as hex: a stable fingerprint of a plan.
struct FingerprintHasher {
  private var state: UInt64 = 0xcbf2_9ce4_8422_2325
  mutating func add(_ text: String) {
    for byte in text.utf8 { state = (state ^ UInt64(byte)) &* 0x100_0000_01b3 }
  }
  var hex: String {
    let digits = String(state, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// What the core tells the model.
enum Instructions {
  static let chunk =
    "Summarize this part of a document as a short headline and factual points. Use only facts stated in the text."
  static let title = "Write one short title that covers these section headlines."
}
