/// Which rule's failure likely explains another's, so that one bug reads as one bug: a
/// translator that joins its sub-batches in completion order fails `translator.order`, and
/// with it `translator.blank` and `translator.duplicates`, whose own advice points elsewhere.
///
/// A rule's roots are the rules whose promises it depends on: it cannot hold where they break.
/// A report leads with a failed root, and a failure whose root failed too says so instead of
/// giving its own advice.
package enum LikelyCauses {
  /// Each rule's roots, by rule ID, the likeliest first.
  static let roots: [String: [String]] = {
    var roots: [String: [String]] = [:]
    func add(_ root: String, before rules: [String]) {
      for rule in rules { roots[rule, default: []].append(root) }
    }
    // A translator that loses count loses order with it; one that loses order, the rest.
    let keepsOrder = [
      "translator.longTexts", "translator.blank", "translator.duplicates",
      "translator.concurrency", "translator.session", "translator.batchEqualsParts",
      "translator.targets",
    ]
    add(
      "translator.count", before: ["translator.order", "translator.inventedNumbers"] + keepsOrder)
    add("translator.order", before: keepsOrder)
    // A provider whose empty document reads as a page, or whose counts are off, misreports caps;
    // one that reads the wrong page fails every rule that reads pages.
    add("document.empty", before: ["document.capReported", "document.countsOrdered"])
    add("document.countsOrdered", before: ["document.capReported", "document.indexes"])
    let readsPages = [
      "document.text", "document.pageNumbers", "document.repeatable", "document.unicode",
      "document.concurrency", "document.readOrders", "document.history", "document.instances",
    ]
    add("document.indexes", before: readsPages)
    add(
      "document.text",
      before: [
        "document.unicode", "document.concurrency", "document.readOrders", "document.history",
        "document.instances",
      ])
    // A store that cannot load what it saved, or loses it on reopen, fails everything after.
    let storesRecords = [
      "store.replace", "store.keys", "store.hostileIDs", "store.equalCommands", "store.independent",
      "store.reopen", "store.concurrentKeys", "store.manyKeys", "store.instances",
      "store.concurrentOneKey", "store.history", "store.linearizable", "store.footprint",
    ]
    add("store.roundTrip", before: storesRecords)
    add(
      "store.reopen",
      before: [
        "store.crash", "store.powerLoss", "store.diskFull", "store.concurrentKeys",
        "store.manyKeys", "store.instances", "store.concurrentOneKey", "store.history",
        "store.linearizable",
      ])
    // An answer out of shape fails every rule that makes calls.
    for shape in ["executor.chunkShape", "executor.titleShape"] {
      add(shape, before: ["executor.concurrency", "executor.session"])
    }
    return roots
  }()

  /// The failed rule of `report` that likely explains the failure of the rule `id`: the first of
  /// its roots that failed too, followed to its own root; `nil` when none failed.
  package static func root(of id: String, in report: ConformanceReport) -> String? {
    let failed = Set(report.results.filter { $0.status == .failed }.map(\.id))
    var found: String?
    var current = id
    var seen: Set<String> = [id]
    while let next = roots[current]?.first(where: { failed.contains($0) }),
      seen.insert(next).inserted
    {
      found = next
      current = next
    }
    return found
  }

  /// The failed results of `report`, roots first: those whose failure no other failure
  /// explains, then the rest, each group in the rule book's order.
  package static func rootsFirst(_ report: ConformanceReport) -> [CheckResult] {
    let failed = report.results.filter { $0.status == .failed }
    return failed.filter { root(of: $0.id, in: report) == nil }
      + failed.filter { root(of: $0.id, in: report) != nil }
  }
}
