import ProfileContracts

/// Every field and parameter the four protocols take, and every answer and promise they give,
/// with what covers each: the coverage matrix's rows.
///
/// A field the suites send is covered when some rule sends more than one value in it (every case,
/// for an enum); that is measured from the suites' traffic, never declared here. A field no rule
/// varies carries the reason. An answer or promise names the rules that judge it.
package enum ContractSurface {
  /// A field or parameter a suite sends: its path as ``Traffic`` names it (`translate.texts[]`),
  /// the enum cases it must take, and why no rule varies it, when none does.
  package struct Sent: Sendable {
    package let path: String
    package let cases: [String]
    package let reason: String?

    init(_ path: String, cases: [String] = [], unvaried reason: String? = nil) {
      self.path = path
      self.cases = cases
      self.reason = reason
    }
  }

  /// An answer or a promise, and the rules that judge it.
  package struct Judged: Sendable {
    package let promise: String
    package let rules: [String]

    init(_ promise: String, _ rules: [String]) {
      self.promise = promise
      self.rules = rules
    }
  }

  static let statuses = ["completed", "failed", "skipped", "notPromoted"]

  /// The fields of a checkpoint or a summary, under `prefix`.
  private static func command(_ prefix: String) -> [Sent] {
    [
      Sent(prefix + ".profile.rawValue"), Sent(prefix + ".attachmentID"),
      Sent(prefix + ".sourceLanguage"), Sent(prefix + ".targetLanguage"),
    ]
  }

  private static func receipt(_ prefix: String) -> [Sent] {
    let step = prefix + ".steps[]"
    let failed = step + ".status.failed"
    return [
      Sent(prefix + ".steps.count"), Sent(step + ".stepID"), Sent(step + ".attempts"),
      Sent(step + ".status", cases: statuses),
      Sent(failed, cases: ProfileFailure.allKinds),
      Sent(failed + ".invalidInput"), Sent(failed + ".contextWouldOverflow.estimatedTokens"),
      Sent(failed + ".malformedModelOutput"), Sent(failed + ".modelFailed"),
      Sent(failed + ".modelCallBudgetExceeded.limit"),
      Sent(failed + ".unsupportedProfile.rawValue"), Sent(step + ".status.skipped"),
      Sent(step + ".status.notPromoted"),
    ]
  }

  private static let store: [Sent] = {
    let checkpoint = "saveCheckpoint.checkpoint"
    let summary = "saveSummary.summary"
    let section = summary + ".sections[]"
    let withheld = summary + ".withheldPoints[]"
    let missing = summary + ".coverage.missingPages[]"
    var rows = command("loadCheckpoint.command") + command("removeCheckpoint.command")
    rows += command("loadSummary.command") + command(checkpoint + ".command")
    rows += [Sent(checkpoint + ".phase"), Sent(checkpoint + ".payload")]
    rows += receipt(checkpoint + ".receipt")
    rows += command(summary + ".command")
    rows += [
      Sent(summary + ".title"), Sent(summary + ".language"), Sent(summary + ".sections.count"),
      Sent(section + ".pages.first"), Sent(section + ".pages.last"), Sent(section + ".headline"),
      Sent(section + ".points.count"), Sent(section + ".points[]"),
      Sent(summary + ".coverage.pageCount"), Sent(summary + ".coverage.originalPageCount"),
      Sent(summary + ".coverage.missingPages.count"), Sent(missing + ".first"),
      Sent(missing + ".last"), Sent(summary + ".withheldPoints.count"),
      Sent(withheld + ".text"), Sent(withheld + ".unverified.count"),
      Sent(withheld + ".unverified[]"),
    ]
    rows += receipt(summary + ".receipt")
    return rows
  }()

  /// What each suite sends, by suite name.
  package static let sent: [String: [Sent]] = [
    "executor": [
      Sent("generate.request.stepID"),
      Sent("generate.request.schema", cases: ProfileModelSchema.allCases.map(\.rawValue)),
      Sent("generate.request.instructions"), Sent("generate.request.prompt"),
      Sent("generate.request.responseTokens"),
    ],
    "translator": [
      Sent("translate.texts.count"), Sent("translate.texts[]"), Sent("translate.from"),
      Sent("translate.to"),
    ],
    "document": [
      Sent("pageCount.attachmentID"), Sent("originalPageCount.attachmentID"),
      Sent("page.index"), Sent("page.attachmentID"),
    ],
    "store": store,
  ]

  /// What each suite judges, by suite name.
  package static let judged: [String: [Judged]] = [
    "executor": [
      Judged(
        "a summaryChunk answer decodes as {\"title\", \"points\"} with a non-empty title",
        ["executor.chunkShape"]),
      Judged(
        "a summaryTitle answer decodes as {\"title\"} with a non-empty title",
        ["executor.titleShape"]),
      Judged("a summaryTitle answer carries no points", ["executor.titleHasNoPoints"]),
      Judged("an answer stays within responseTokens", ["executor.answerLength"]),
      Judged(
        "every error is a ProfileModelExecutionError or a cancellation; a refused input is rejected",
        ["executor.provokedFailures", "executor.concurrency"]),
      Judged(
        "the mapping narrows each native error to its kind, the same way every time",
        ["executor.knownErrors", "executor.deterministicMapping"]),
      Judged(
        "a cancellation is never transient, an unknown error is permanent",
        ["executor.cancellationNotTransient", "executor.unknownIsPermanent"]),
      Judged("a cancelled call ends", ["executor.cancellation"]),
      Judged("calls at once each answer in shape", ["executor.concurrency"]),
      Judged(
        "each call is answered from its own prompt, and a cancelled call leaves nothing behind",
        ["executor.session"]),
      Judged("an instance left unused answers as a fresh one", ["executor.idle"]),
    ],
    "translator": [
      Judged(
        "as many texts come back as were sent",
        ["translator.count", "translator.concurrency", "translator.session"]),
      Judged(
        "each output is its own input's translation, in order",
        [
          "translator.order", "translator.longTexts", "translator.batchEqualsParts",
          "translator.concurrency", "translator.session",
        ]),
      Judged("no output carries a number no text was sent", ["translator.inventedNumbers"]),
      Judged("a blank text comes back blank, in place", ["translator.blank"]),
      Judged("the same text is translated alike at each position", ["translator.duplicates"]),
      Judged(
        "outputs are in the target language of their own call",
        ["translator.targetLanguage", "translator.longTexts", "translator.targets"]),
      Judged("outputs mean what their sources mean", ["translator.meaning"]),
      Judged("an undeclared pair throws", ["translator.undeclaredPair"]),
      Judged("an instance left unused translates as a fresh one", ["translator.idle"]),
    ],
    "document": [
      Judged(
        "pageCount is the count after the cap, originalPageCount the document's own",
        ["document.countsOrdered", "document.capReported", "document.empty"]),
      Judged("page(at: i).index is i", ["document.indexes", "document.readOrders"]),
      Judged(
        "page numbers are 1-based, increasing, at most originalPageCount",
        ["document.pageNumbers", "document.readOrders"]),
      Judged(
        "a page's text is its own page's, unchanged",
        ["document.text", "document.unicode", "document.readOrders", "document.history"]),
      Judged("an index outside 0..<pageCount throws", ["document.outOfRange"]),
      Judged(
        "an unknown or hostile attachment throws",
        ["document.unknownAttachment", "document.hostileIDs"]),
      Judged(
        "answers never change under an instance, alone or at once",
        ["document.repeatable", "document.concurrency", "document.history"]),
      Judged(
        "a released provider gives back what it held: the hundredth answers as the first",
        ["document.instances"]),
    ],
    "store": [
      Judged(
        "a load returns the last record saved, whole",
        ["store.roundTrip", "store.replace", "store.history", "store.reopen"]),
      Judged(
        "a key is the whole command, as == compares it, whatever its attachment ID",
        [
          "store.keys", "store.equalCommands", "store.hostileIDs", "store.manyKeys",
          "store.independent",
        ]),
      Judged("removing none is not an error", ["store.removeAbsent"]),
      Judged(
        "a save that returned survives a crash and a power loss",
        ["store.crash", "store.powerLoss"]),
      Judged(
        "saves at once all land, linearizably",
        ["store.concurrentKeys", "store.concurrentOneKey", "store.linearizable"]),
      Judged("an unusable location throws", ["store.unusableLocation"]),
      Judged(
        "a save that meets a full disk throws, or keeps its record, and loses none",
        ["store.diskFull"]),
      Judged(
        "files, bytes and descriptors stay bounded",
        ["store.footprint", "store.manyKeys", "store.instances"]),
    ],
  ]
}
