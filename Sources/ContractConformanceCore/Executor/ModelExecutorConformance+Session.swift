import Foundation
import ProfileContracts

extension ModelExecutorConformance {
  /// One call of a generated session: a request whose prompt opens with a case number of its
  /// own, and when, if ever, its task is cancelled.
  struct SessionCall: Sendable, CustomStringConvertible {
    let request: ProfileModelRequest
    /// The case number only this call's prompt holds.
    let tag: Int
    /// Milliseconds after the call starts that its task is cancelled; `nil` for never.
    var cancelAfter: Int?
    /// Whether the prompt is the news item at an ordinary budget: a request every executor that
    /// answers at all answers.
    let ordinary: Bool
    let what: String

    var description: String {
      "\(request.schema) \(quote(request.stepID)), case \(tag), \(what), responseTokens \(request.responseTokens)"
        + (cancelAfter.map { ", cancelled \($0 == 0 ? "as it starts" : "after \($0) ms")" } ?? "")
    }
  }

  /// Bursts of calls on one executor, one burst after another.
  struct Session: Sendable, CustomStringConvertible {
    let bursts: [[SessionCall]]

    var description: String {
      "\(bursts.count) bursts on one executor: "
        + bursts.enumerated().map { burst in
          "burst \(burst.offset + 1) [\(burst.element.map(\.description).joined(separator: " | "))]"
        }.joined(separator: " ")
    }
  }

  /// What one call of a session did.
  private enum SessionOutcome: Sendable {
    case answered(Data)
    case threw(ProfileModelExecutionError)
    case other
  }

  /// A call with case number `tag`: either schema, the news item or a generated prompt, an
  /// ordinary budget or one drawn across magnitudes, and now and then cancelled.
  static func sessionCall(_ source: ChoiceSource, tag: Int) throws(ChoiceSource.Overrun)
    -> SessionCall
  {
    let schema = try source.pick(ProfileModelSchema.allCases)
    let body: String
    let what: String
    if try source.chance(50) {
      body = prompt
      what = "the news item"
    } else {
      // Up to 40 calls a session: prompts of one to four sentences keep a session of them
      // within a try's choices; executor.answerLength draws the long ones.
      let generated = try GeneratedPrompt.generate(source, sentenceExponents: 0...2)
      body = generated.text
      what = generated.description
    }
    let ordinaryBudget = try source.chance(60)
    let tokens =
      ordinaryBudget
      ? Self.ordinaryBudget(schema) : try source.magnitude(exponents: 0...10, offsets: -1...1)
    let cancelAfter = try source.chance(20) ? try source.pick([0, 1, 5, 20]) : nil
    let step = schema == .summaryChunk ? "chunk-\(try source.int(1...40))" : "title"
    return SessionCall(
      request: request(schema, step: step, prompt: opening(tag) + body, tokens: tokens),
      tag: tag, cancelAfter: cancelAfter, ordinary: ordinaryBudget && body == prompt,
      what: what)
  }

  /// The sentence that opens the prompt of the call with case number `tag`.
  private static func opening(_ tag: Int) -> String {
    "Case \(tag) was filed at the harbor office. "
  }

  /// Generated sessions through one executor: bursts of one to four calls at once, some
  /// cancelled, one burst after the other, and a last call alone. No answer may carry another
  /// call's case number, and a call alone in its burst over the news item at an ordinary budget
  /// may throw unavailable, rejected or permanent only when a fresh executor does too.
  func session() async throws -> CheckOutcome {
    let budget = PropertyBudget(seed: seed, examples: examples)
    let property = Property<Session>(
      defaultCount: 2,
      generate: { source throws(ChoiceSource.Overrun) in try Self.session(source) },
      describe: \.description,
      test: { session in await self.runSession(session) })
    return await property.run(Rule.session.id, budget: budget).outcome(
      passed: "every call of every session was answered for itself", rule: Rule.session,
      budget: budget)
  }

  /// A session of 4 to 10 bursts of 1 to 4 calls, at least one cancelled as it starts, then
  /// the probe: a call alone, over the news item at an ordinary budget, never
  /// cancelled. Whatever an earlier call left behind (a model a cancelled call tore down) shows
  /// there, whatever the bursts drew.
  static func session(_ source: ChoiceSource) throws(ChoiceSource.Overrun) -> Session {
    // Case numbers 1,237 apart: a model that miscopies a digit of its own writes no other
    // call's.
    var next = 20_000 + (try source.int(0...4000))
    var bursts = try source.list(min: 4, max: 10, average: 7) {
      _ throws(ChoiceSource.Overrun) in
      try source.list(min: 1, max: 4, average: 2) { _ throws(ChoiceSource.Overrun) in
        next += 1237
        return try Self.sessionCall(source, tag: next)
      }
    }
    // At least one call of every session is cancelled as it starts, at a place it draws,
    // whatever else it drew: a cancellation's damage shows in the calls after it. A call
    // cancelled 1 ms in may have answered by then on a fast executor, so only this one is
    // sure to land.
    let burst = try source.int(0...(bursts.count - 1))
    let lane = try source.int(0...(bursts[burst].count - 1))
    if !bursts.joined().contains(where: { $0.cancelAfter == 0 }) {
      bursts[burst][lane].cancelAfter = 0
    }
    let schema = try source.pick(ProfileModelSchema.allCases)
    let probe = SessionCall(
      request: request(
        schema, step: schema == .summaryChunk ? "chunk-1" : "title",
        prompt: opening(next + 1237) + prompt,
        tokens: ordinaryBudget(schema)),
      tag: next + 1237, cancelAfter: nil, ordinary: true, what: "the news item, the last call")
    return Session(bursts: bursts + [[probe]])
  }

  private func runSession(_ session: Session) async -> String? {
    let executor: any ProfileModelExecuting
    do {
      executor = try await self.executor()
    } catch {
      return failureMessage(error)
    }
    let tags = session.bursts.flatMap { $0.map(\.tag) }
    for (number, burst) in session.bursts.enumerated() {
      let outcomes = await fanOut(burst.count) { lane in
        await Self.call(burst[lane], on: executor)
      }
      for (lane, outcome) in outcomes.enumerated() {
        let call = burst[lane]
        let name =
          "burst \(number + 1) of \(session.bursts.count), call \(lane + 1) (case \(call.tag))"
        guard call.cancelAfter == nil else { continue }  // its caller discards what it gets
        switch outcome {
        case .answered(let data):
          let answer = String(decoding: data, as: UTF8.self)
          let others = tags.filter {
            $0 != call.tag && Self.holds(answer, $0) && !Self.holds(call.request.prompt, $0)
          }
          if let other = others.first {
            return
              "\(name): the answer carries case \(other), which only another call's prompt held: \(quote(answer, limit: 200)); an answer from another call's prompt (a session, transcript or buffer shared between calls?)"
          }
        case .threw(let error)
        where call.ordinary && burst.count == 1 && ExecutionErrorKind(of: error) != .transient:
          let fresh = await Self.call(call, on: try? await makeExecutor())
          if case .answered = fresh {
            return
              "\(name): threw \(error.kind)\(error.message.map { "(\(quote($0, limit: 120)))" } ?? "") for the news item at an ordinary budget, which a fresh executor answered: state an earlier call left behind (a cancelled call's?)"
          }
        default:
          break
        }
      }
    }
    return nil
  }

  /// Runs `call` on `executor` (`nil`: the factory threw), cancelling its task as it asks.
  private static func call(_ call: SessionCall, on executor: (any ProfileModelExecuting)?) async
    -> SessionOutcome
  {
    guard let executor else { return .other }
    let task = Task { try await executor.generate(call.request) }
    if let delay = call.cancelAfter {
      if delay > 0 { try? await Task.sleep(for: .milliseconds(delay)) }
      task.cancel()
    }
    switch await task.result {
    case .success(let data): return .answered(data)
    case .failure(let error as ProfileModelExecutionError): return .threw(error)
    case .failure: return .other  // the monitor judges an error of another type
    }
  }

  /// Whether `text` holds `number` as a number of its own, not inside a longer one.
  static func holds(_ text: String, _ number: Int) -> Bool {
    let digits = String(number)
    var rest = Substring(text)
    while let range = rest.range(of: digits) {
      let before = rest[..<range.lowerBound].last
      let after = rest[range.upperBound...].first
      if !(before?.isNumber ?? false), !(after?.isNumber ?? false) { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }
}
