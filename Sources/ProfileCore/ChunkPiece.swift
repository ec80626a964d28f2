import ProfileContracts

/// What one `summaryChunk` step sends the model: a whole chunk first, then, when the model
/// rejects it, each of its halves in turn (`chunk-2.1`, `chunk-2.2`, `chunk-2.1.1`, …).
struct ChunkPiece: Hashable, Sendable {
  /// The text of one unit of the chunk (a page, or a part of one), or of some of its sentences.
  struct Part: Hashable, Sendable {
    let pageNumber: Int
    let text: String
  }

  let stepID: String
  /// At least one part, in page order.
  let parts: [Part]
  /// How many times the chunk was halved to make this piece: 0 for the chunk itself.
  let depth: Int

  /// The prompt: the parts joined as the chunk's pages are.
  var prompt: String { parts.map(\.text).joined(separator: ChunkPlanner.separator) }

  /// The pages the piece covers.
  var pages: PageRange {
    PageRange(first: parts[0].pageNumber, last: parts[parts.count - 1].pageNumber)
  }

  /// The piece in two, along unit boundaries: its parts halved when it has several, else its one
  /// part's sentences halved, the first half taking the odd one. `nil` for a single sentence,
  /// which cannot be split.
  func halves() -> (ChunkPiece, ChunkPiece)? {
    let left: [Part]
    let right: [Part]
    if parts.count > 1 {
      let middle = (parts.count + 1) / 2
      left = Array(parts[..<middle])
      right = Array(parts[middle...])
    } else {
      let sentences = Sentences.split(parts[0].text)
      guard sentences.count > 1 else { return nil }
      let middle = (sentences.count + 1) / 2
      let page = parts[0].pageNumber
      left = [Part(pageNumber: page, text: sentences[..<middle].joined(separator: " "))]
      right = [Part(pageNumber: page, text: sentences[middle...].joined(separator: " "))]
    }
    return (
      ChunkPiece(stepID: stepID + ".1", parts: left, depth: depth + 1),
      ChunkPiece(stepID: stepID + ".2", parts: right, depth: depth + 1)
    )
  }
}
