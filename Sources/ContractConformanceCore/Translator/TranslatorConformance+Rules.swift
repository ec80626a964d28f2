import Foundation
import ProfileContracts

extension TranslatorConformance {
  /// The suite's rules, in the order it runs them.
  public static let rules: [ConformanceRule] = checks.map(\.rule)

  /// Each rule with the check that proves it, in the order the suite runs them.
  static let checks: [Check<TranslatorConformance>] = [
    Check(Rule.count) { try await $0.count() },
    Check(Rule.order) { try await $0.order() },
    Check(Rule.longTexts) { try await $0.longTexts() },
    Check(Rule.inventedNumbers) { try await $0.inventedNumbers() },
    Check(Rule.blank) { try await $0.blank() },
    Check(Rule.duplicates) { try await $0.duplicates() },
    Check(Rule.targetLanguage) { try await $0.targetLanguage() },
    Check(Rule.meaning) { try await $0.meaning() },
    Check(Rule.concurrency) { try await $0.concurrency() },
    Check(Rule.session) { try await $0.session() },
    // Two batches, a pause, then up to four batches: two timeouts.
    Check(Rule.idle, timeouts: 2) { try await $0.idle() },
    Check(Rule.batchEqualsParts) { try await $0.batchEqualsParts() },
    Check(Rule.targets) { try await $0.targets() },
    Check(Rule.undeclaredPair) { try await $0.undeclaredPair() },
  ]

  /// The rules, one constant each.
  enum Rule {
    static let batchEqualsParts = ConformanceRule(
      id: "translator.batchEqualsParts", level: .required,
      asserts:
        "Each text of a batch (six sentences, then generated batches of up to eight texts of every shape) comes back as it does when translated alone: the same markers, blank where it is blank, in the target language where it is alone. Wording may differ.",
      why:
        "The core translates a summary's fields in one batch; a translator whose answer for one field depends on its neighbours (a batch joined into one text and split again, a budget shared across the batch) passes every check of a lone text and fails on real summaries.",
      whenItFails:
        "Translate each text on its own terms: never join a batch with separators and split the answer, and never share a length budget across the batch.",
      since: "0.3")
    static let targets = ConformanceRule(
      id: "translator.targets", level: .required,
      asserts:
        "One translator, called several times for the declared pairs in any order, some calls sending an earlier call's texts to another target, answers each call for its own pair: count and markers kept, and no output proven to be in another declared language instead of its target (other than the call's source language, which translator.targetLanguage judges).",
      why:
        "The app keeps one translator for the whole session and translates a summary into whichever language the person reads; an answer cached by the text alone hands one person's language to another.",
      whenItFails:
        "Key any cache by the text and both languages; keep no state between calls that a later call can read.",
      since: "0.3")
    static let count = ConformanceRule(
      id: "translator.count", level: .required,
      asserts:
        "Batches of 0, 1, 2, 7, 64 and 256 sentences, then generated batches of up to 64 texts of every shape (blanks anywhere, line breaks, copies, mixed scripts, long paragraphs), come back with exactly as many texts.",
      why:
        "The returned array has the same count as the input. If five sentences go in and four come back, the core cannot tell which is missing, so it checks the count before promoting a result.",
      whenItFails:
        "Look for batching that splits or merges texts (joining with newlines, sentence splitting), empty results dropped, or a length limit that truncates the batch.",
      sharpened: "0.3")
    static let order = ConformanceRule(
      id: "translator.order", level: .required,
      asserts:
        "Output i carries every marker number of input i and no other input's, for batches of 7 and 64 numbered sentences and generated batches of every shape; numbers a template holds itself are not markers.",
      why:
        "The returned array has the same order as the input: the core writes output i back into field i of the summary.",
      whenItFails:
        "Look for concurrent sub-batches reassembled in completion order, sorting, or deduplication that reorders.",
      sharpened: "0.3")
    static let longTexts = ConformanceRule(
      id: "translator.longTexts", level: .required,
      asserts:
        "Texts of 500 to 4,000 characters, each several numbered sentences (some mixing scripts), come back one for one, in place, in the target language, each with every number it was sent and none of another text's (numbers no text was sent are translator.inventedNumbers's).",
      why:
        "A summary's points and sections reach several hundred characters. A translator that echoes, truncates or merges only long texts passes every short sample and fails on real summaries.",
      whenItFails:
        "Look for a length limit, a chunker that drops or merges the tail of a long text, or a fallback that returns long input unchanged.",
      sharpened: "0.3")
    static let inventedNumbers = ConformanceRule(
      id: "translator.inventedNumbers", level: .required,
      asserts:
        "No output carries a number that no text of its batch was sent (seven sentences, the long-text example, then generated batches of every shape). A number regrouped the target language's way (2.331 or 2 331 for 2331) is the same number, not another; a number the batch's texts hold besides their markers (windows32), or one the samples hold in any language (2相 for two-phase), was sent.",
      why:
        "The core promotes a translated summary only when its facts stand: a translator that adds a figure (a list numbered, a unit converted, a year guessed) states a fact the document never did.",
      whenItFails:
        "Look for list numbering added to each text, units converted, or a prompt that invites elaboration: a number may change its grouping or script, never its value.",
      since: "0.5")
    static let blank = ConformanceRule(
      id: "translator.blank", level: .required,
      asserts:
        "Blank entries (empty, spaces, tabs, line breaks, an ideographic space) at any position, first and last included, come back blank and in place, and their neighbours keep their markers.",
      why: "A summary can carry empty fields; dropping a blank shifts every later field by one.",
      whenItFails:
        "Look for filtering of empty strings before the engine call without putting them back.",
      sharpened: "0.3")
    static let duplicates = ConformanceRule(
      id: "translator.duplicates", level: .required,
      asserts:
        "The same text at several positions of a batch, adjacent or apart, is translated alike at each.",
      why:
        "Headlines repeat across sections; a cache or deduplication must hand the same answer back to every position.",
      whenItFails:
        "Look for a deduplicating cache that answers only the first occurrence, or leaves later ones empty.",
      sharpened: "0.3")
    static let targetLanguage = ConformanceRule(
      id: "translator.targetLanguage", level: .required,
      asserts:
        "At least 95% of outputs with 12 or more letters, over a batch of every template and generated batches of every shape, are identified as the target language.",
      why:
        "The core re-proves each field's target language before promoting a translation; an echo of the source must never pass as a translation.",
      whenItFails:
        "Look for the source text echoed on failure, swapped language arguments, or a fallback that returns the input.",
      sharpened: "0.3")
    static let meaning = ConformanceRule(
      id: "translator.meaning", level: .recommended,
      asserts:
        "Every sample sentence of each pair whose target language has samples, sent in a seeded order: at least a quarter of the answers are closer, by chrF (character n-grams, digits left out), to their own sentence's reference translation than to any other sentence's, and closer than the source itself is.",
      why:
        "An answer can keep count, order, numbers and language and still say nothing of its sentence: a canned fallback with the numbers put in, the source sent back between languages that share a script, another text's translation. The core checks a translation only by those measures, so it would promote it.",
      whenItFails:
        "Look for a fallback that answers with a fixed sentence, a cache that hands one text's translation to another, or a prompt the model ignores; compare the quoted answer with its reference.",
      since: "0.6")
    static let concurrency = ConformanceRule(
      id: "translator.concurrency", level: .required,
      asserts:
        "Eight batches of sixteen sentences, then two to eight generated batches, translated at once through one translator, each come back with their own texts, in order.",
      why:
        "The core and the app may translate several summaries at once; answers must never cross between calls.",
      whenItFails:
        "Look for shared mutable state: a request buffer, a session or a callback keyed by something other than the call.",
      sharpened: "0.3")
    static let session = ConformanceRule(
      id: "translator.session", level: .required,
      asserts:
        "One translator used for a whole session: 6 to 12 bursts, one after another, of 1 to 3 generated batches at once (every shape, every declared pair), each come back with their own texts, in order, blanks kept; before one burst in five a call is cancelled as it starts or 1 to 20 ms in, and before at least one burst of each session a call is cancelled as it starts; the bursts after a cancelled call are answered all the same.",
      why:
        "The app keeps one translator for the session; a cache that fills, a counter, or state an earlier call left behind passes every check of a fresh translator and fails on the twentieth summary.",
      whenItFails:
        "Look for state kept between calls: caches with a size limit or an expiry, counters, buffers reused from the last call, a session to a service that degrades, or one a cancelled call tore down.",
      since: "0.6")
    static let idle = ConformanceRule(
      id: "translator.idle", level: .required,
      asserts:
        "A translator that translated a batch of four sample sentences in the first declared pair, left unused for 1.5 s (5 s with 100 or more generated inputs a check), translates the same batch again, a retry allowed; unless a fresh translator cannot translate it either. What it answers is judged by the translator's monitor, as every call is: count, order, blanks, markers and the target language.",
      why:
        "The app keeps one translator while a person reads, and calls it again minutes later. A session, connection or token that expires when idle, and is never made again, passes every check of a busy translator and fails the next summary.",
      whenItFails:
        "Check what the translator holds between calls: a session or connection with an idle timeout, a token that expires, a cache that serves a stale answer. Recreate it when it has gone stale.",
      since: "0.7")
    static let undeclaredPair = ConformanceRule(
      id: "translator.undeclaredPair", level: .recommended,
      asserts:
        "Translating into a language the translator does not support throws rather than echoing the input.",
      why:
        "An echoed input looks like a result; a thrown error lets the core keep the source-language summary and say why.",
      whenItFails: "Throw an error for unsupported pairs instead of returning the input unchanged.")
  }
}
