import Foundation
import ProfileContracts

// What of an answer the chunk's source bears out.
extension Run {
  /// The section, with points whose facts stand in the source; the others withheld. A headline
  /// whose facts do not stand is replaced by a neutral one naming its pages.
  func verified(
    _ answer: SummaryChunkAnswer, pages: PageRange, source: String, language: String
  ) -> (ProfileSummary.Section, [WithheldPoint]) {
    let check = FactCheck(source: source, language: language)
    var points: [String] = []
    var withheld: [WithheldPoint] = []
    for point in answer.points {
      let missing = check.unverified(point)
      if missing.isEmpty {
        points.append(point)
      } else {
        withheld.append(WithheldPoint(text: point, unverified: missing))
      }
    }
    var headline = answer.title.trimmingCharacters(in: .whitespacesAndNewlines)
    let missing = check.unverified(headline)
    if !missing.isEmpty {
      withheld.append(WithheldPoint(text: headline, unverified: missing))
      headline =
        pages.first == pages.last ? "Page \(pages.first)" : "Pages \(pages.first)–\(pages.last)"
    }
    return (ProfileSummary.Section(pages: pages, headline: headline, points: points), withheld)
  }
}
