import ProfileContracts

extension DocumentProviderConformance {
  /// Makes provider after provider from the factory over one document, as an app that opens a
  /// provider for each document it shows does, each released before the next: each must report
  /// the counts the first reported and read a page (a different index each time) as the
  /// fixture's page with its number. Providers stop at a sixth of the check's time, after at
  /// least 16.
  func instances() async throws -> CheckOutcome {
    let fixture = DocumentFixture.numbered(6, cap: 4)
    let count = instanceCount(examples: examples)
    var failures = Failures()
    var first: (pageCount: Int, original: Int)?
    // A sixth of the check's time, once 16 are made: a provider that starts a process per
    // document (poppler) makes its 64 in seconds, and the suite keeps to its budget.
    let made = await eachInstance(count, share: 1.0 / 3) { index in
      do {
        let (provider, id, pageCount, original) = try await counts(fixture)
        let expected = first ?? (pageCount, original)
        first = expected
        if (pageCount, original) != expected {
          failures.add(
            "provider \(index + 1) reported pageCount \(pageCount) and originalPageCount \(original); the first reported \(expected.pageCount) and \(expected.original) for the same document"
          )
        }
        guard pageCount > 0,
          let page = await read(index % pageCount, of: provider, id, into: &failures)
        else { return }
        let expectedText =
          fixture.pages.indices.contains(page.pageNumber - 1)
          ? fixture.pages[page.pageNumber - 1] : nil
        if expectedText.map({ !PageText.matches(page.text, $0) }) ?? true {
          failures.add(
            "provider \(index + 1) read page(at: \(index % pageCount)) as page \(page.pageNumber), \(quote(page.text)), not the fixture's page"
          )
        }
      } catch {
        let before =
          index > 0
          ? " (providers 1 to \(index) answered, each released before the next was made: a released provider must give back what it held)"
          : ""
        failures.add("provider \(index + 1) of \(count): \(failureMessage(error))\(before)")
      }
    }
    let cut = made < count ? " (\(made) of \(count) within a sixth of the check's time)" : ""
    return failures.outcome(
      passed:
        "\(made) providers made in turn over one document\(cut) each reported the first one's counts and read its page"
    )
  }
}
