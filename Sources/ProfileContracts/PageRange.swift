/// An inclusive range of original page numbers.
///
/// Always original page numbers as a person sees them, never chunk numbers or capped indexes.
/// JSON form: `{"first": 31, "last": 35}`.
public struct PageRange: Codable, Hashable, Sendable, CustomStringConvertible {
  /// The first page number, 1-based.
  public let first: Int
  /// The last page number, inclusive.
  public let last: Int

  /// Creates a range from `first` through `last`.
  public init(first: Int, last: Int) {
    self.first = first
    self.last = last
  }

  /// Creates the range of one page.
  public init(page: Int) { self.init(first: page, last: page) }

  /// `"31-35"`, or `"7"` for a single page.
  public var description: String { first == last ? "\(first)" : "\(first)-\(last)" }

  /// Page numbers as sorted, merged inclusive ranges: `[7, 12, 13, 14]` → `7`, `12-14`.
  public static func covering(_ pages: [Int]) -> [PageRange] {
    var ranges: [PageRange] = []
    for page in Set(pages).sorted() {
      if let last = ranges.last, last.last + 1 == page {
        ranges[ranges.count - 1] = PageRange(first: last.first, last: page)
      } else {
        ranges.append(PageRange(page: page))
      }
    }
    return ranges
  }
}
