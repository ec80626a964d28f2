import KitSupport
import ProfileContracts

/// A document provider that judges every call the document suite makes against what the same
/// provider answered before, per attachment: counts and pages never change under it
/// (`document.repeatable`), the capped count never exceeds the original (`document.countsOrdered`),
/// and page numbers are 1-based, at most the original count and increasing with the index
/// (`document.pageNumbers`).
///
/// One monitor wraps one provider the factory made, so a fresh provider starts with a clean
/// memory. Errors are not judged: the checks say which calls must throw.
final class DocumentMonitor: ProfileDocumentProviding {
  /// The promises it judges every call against, by rule ID.
  static let promises = [
    DocumentProviderConformance.Rule.repeatable.id,
    DocumentProviderConformance.Rule.countsOrdered.id,
    DocumentProviderConformance.Rule.pageNumbers.id,
  ]

  /// What one attachment has answered.
  private struct Seen {
    var pageCount: Int?
    var originalPageCount: Int?
    var pages: [Int: PageContent] = [:]
  }

  private let base: any ProfileDocumentProviding
  private let seen = Locked<[String: Seen]>([:])

  init(_ base: any ProfileDocumentProviding) { self.base = base }

  func pageCount(for attachmentID: String) async throws -> Int {
    let call: @Sendable () -> String = { Self.countCall("pageCount", attachmentID) }
    Traffic.note("pageCount", ["attachmentID": attachmentID])
    let count = try await CallsInFlight.watch(call) { try await base.pageCount(for: attachmentID) }
    return judgeCount(count, "pageCount", \.pageCount, attachmentID)
  }

  func originalPageCount(for attachmentID: String) async throws -> Int {
    let call: @Sendable () -> String = { Self.countCall("originalPageCount", attachmentID) }
    Traffic.note("originalPageCount", ["attachmentID": attachmentID])
    let count = try await CallsInFlight.watch(call) {
      try await base.originalPageCount(for: attachmentID)
    }
    return judgeCount(count, "originalPageCount", \.originalPageCount, attachmentID)
  }

  private static func countCall(_ name: String, _ attachmentID: String) -> String {
    describeCall(name, [("for", quote(attachmentID, limit: 40))])
  }

  private static func pageCall(_ index: Int, _ attachmentID: String) -> String {
    describeCall("page", [("at", "\(index)"), ("for", quote(attachmentID, limit: 40))])
  }

  /// `count`, after judging it against what `name` answered before for `attachmentID` and
  /// against the other count.
  private func judgeCount(
    _ count: Int, _ name: String, _ field: WritableKeyPath<Seen, Int?>, _ attachmentID: String
  ) -> Int {
    judge(Self.countCall(name, attachmentID), attachmentID) { seen in
      var problems = Self.changed(name, from: seen[keyPath: field], to: count)
      seen[keyPath: field] = count
      problems += Self.ordered(seen)
      return problems
    }
    return count
  }

  func page(at index: Int, for attachmentID: String) async throws -> PageContent {
    let call: @Sendable () -> String = { Self.pageCall(index, attachmentID) }
    Traffic.note("page", ["index": index, "attachmentID": attachmentID])
    let page = try await CallsInFlight.watch(call) {
      try await base.page(at: index, for: attachmentID)
    }
    judge(call(), attachmentID) { seen in
      var problems: [(String, String)] = []
      if let earlier = seen.pages[index], earlier != page {
        problems.append(
          (
            DocumentProviderConformance.Rule.repeatable.id,
            "page \(index) read as page \(page.pageNumber), \(quote(page.text, limit: 40)), after page \(earlier.pageNumber), \(quote(earlier.text, limit: 40))"
          ))
      }
      seen.pages[index] = page
      let numbering = DocumentProviderConformance.Rule.pageNumbers.id
      if page.pageNumber < 1 {
        problems.append((numbering, "page \(index) is numbered \(page.pageNumber)"))
      } else if let original = seen.originalPageCount, page.pageNumber > original {
        problems.append(
          (numbering, "page \(index) is numbered \(page.pageNumber), past the \(original) pages"))
      }
      let before = seen.pages.filter { $0.key < index }.max { $0.key < $1.key }?.value
      let after = seen.pages.filter { $0.key > index }.min { $0.key < $1.key }?.value
      if let before, before.pageNumber >= page.pageNumber {
        problems.append(
          (
            numbering,
            "page \(index) is numbered \(page.pageNumber), not after \(before.pageNumber)"
          ))
      } else if let after, after.pageNumber <= page.pageNumber {
        problems.append(
          (
            numbering,
            "page \(index) is numbered \(page.pageNumber), not before \(after.pageNumber)"
          ))
      }
      return problems
    }
    return page
  }

  /// Runs `update` on what `attachmentID` answered before, under the lock, and records the
  /// promises it says `call` broke.
  private func judge(
    _ call: @autoclosure () -> String, _ attachmentID: String,
    _ update: (inout Seen) -> [(String, String)]
  ) {
    let problems = seen.withValue { update(&$0[attachmentID, default: Seen()]) }
    for (promise, problem) in problems {
      PromiseViolations.record(promise, call: call(), problem)
    }
  }

  /// A count that changed since it was last answered.
  private static func changed(_ name: String, from earlier: Int?, to count: Int) -> [(
    String, String
  )] {
    guard let earlier, earlier != count else { return [] }
    return [
      (DocumentProviderConformance.Rule.repeatable.id, "\(name) answered \(count) after \(earlier)")
    ]
  }

  /// Both counts, once known, in order: 0 ≤ pageCount ≤ originalPageCount.
  private static func ordered(_ seen: Seen) -> [(String, String)] {
    guard let capped = seen.pageCount, let original = seen.originalPageCount,
      capped < 0 || capped > original
    else { return [] }
    return [
      (
        DocumentProviderConformance.Rule.countsOrdered.id,
        "pageCount \(capped) against originalPageCount \(original)"
      )
    ]
  }
}
