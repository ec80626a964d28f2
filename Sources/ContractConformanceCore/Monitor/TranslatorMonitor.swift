import ProfileContracts

/// A translator that judges every call the translator suite makes against the translator's
/// per-call promises: as many texts come back as were sent (`translator.count`), and a blank
/// text comes back blank, in place (`translator.blank`).
///
/// A call whose task was cancelled is not judged on its answer: its caller discards it.
struct TranslatorMonitor: SummaryTranslating {
  /// The promises it judges every call against, by rule ID.
  static let promises = [TranslatorConformance.Rule.count.id, TranslatorConformance.Rule.blank.id]

  let base: any SummaryTranslating

  func translate(_ texts: [String], from source: String, to target: String) async throws
    -> [String]
  {
    let call: @Sendable () -> String = {
      describeCall(
        "translate",
        [
          ("texts", "\(texts.count) texts, first \(quote(texts.first ?? "", limit: 30))"),
          ("from", quote(source)), ("to", quote(target)),
        ])
    }
    Traffic.note("translate", ["texts": texts, "from": source, "to": target])
    let output = try await CallsInFlight.watch(call) {
      try await base.translate(texts, from: source, to: target)
    }
    guard !Task.isCancelled else { return output }
    guard output.count == texts.count else {
      PromiseViolations.record(
        TranslatorConformance.Rule.count.id, call: call(),
        "\(texts.count) texts were sent and \(output.count) came back")
      return output
    }
    for (index, text) in texts.enumerated()
    where text.allSatisfy(\.isWhitespace) && !output[index].allSatisfy(\.isWhitespace) {
      PromiseViolations.record(
        TranslatorConformance.Rule.blank.id, call: call(),
        "text \(index) was blank and came back as \(quote(output[index]))")
      break
    }
    return output
  }
}
