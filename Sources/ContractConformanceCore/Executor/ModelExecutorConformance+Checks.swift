import Foundation
import ProfileContracts

extension ModelExecutorConformance {

  // MARK: - Checks

  private static let prompt = """
    The harbor authority approved a new ferry schedule on Monday. Ferries will leave every twenty \
    minutes during the summer. The schedule adds three evening departures for commuters. Ticket \
    prices stay the same for residents, and visitors pay the fare posted at the pier.
    """

  private static func request(
    _ schema: ProfileModelSchema, step: String = "chunk-1", prompt: String = prompt,
    tokens: Int? = nil
  )
    -> ProfileModelRequest
  {
    ProfileModelRequest(
      stepID: step, schema: schema,
      instructions: schema == .summaryChunk
        ? "Summarize the text as a headline and factual points."
        : "Write one title covering these section headlines.",
      prompt: prompt, responseTokens: tokens ?? (schema == .summaryChunk ? 384 : 48))
  }

  /// A fresh executor from the factory.
  private func executor() async throws(CheckFailure) -> any ProfileModelExecuting {
    try await attempt("the factory") { try await makeExecutor() }
  }

  /// Whether `data` is a valid answer for `schema`, and if not, why.
  static func shapeProblem(_ data: Data, _ schema: ProfileModelSchema) -> String? {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: data)
    } catch {
      return "the answer is not JSON (\(error)): \(quote(String(decoding: data, as: UTF8.self)))"
    }
    guard case .string(let title)? = value["title"] else {
      return "the answer has no string \"title\": \(quote(String(decoding: data, as: UTF8.self)))"
    }
    if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "the title is empty" }
    if schema == .summaryChunk {
      guard case .array(let points)? = value["points"] else {
        return "the answer has no \"points\" array: \(quote(String(decoding: data, as: UTF8.self)))"
      }
      if !points.allSatisfy({ if case .string = $0 { true } else { false } }) {
        return "\"points\" holds something other than strings"
      }
    }
    return nil
  }

  private func shape(_ schema: ProfileModelSchema) async throws -> CheckOutcome {
    let executor = try await executor()
    let data = try await attempt("a well-formed \(schema) request") {
      try await executor.generate(Self.request(schema))
    }
    if let problem = Self.shapeProblem(data, schema) { return .failed("\(schema): \(problem)") }
    return .passed("a \(schema) answer decoded in shape")
  }

  func chunkShape() async throws -> CheckOutcome { try await shape(.summaryChunk) }
  func titleShape() async throws -> CheckOutcome { try await shape(.summaryTitle) }

  func titleHasNoPoints() async throws -> CheckOutcome {
    let executor = try await executor()
    let data = try await attempt("a summaryTitle request") {
      try await executor.generate(
        Self.request(.summaryTitle, step: "title", prompt: "Ferry schedule\nTicket prices"))
    }
    if (try? JSONValue(parsing: data))?["points"] != nil {
      return .failed(
        "the summaryTitle answer carries \"points\"; answer {\"title\": …} only: \(quote(String(decoding: data, as: UTF8.self)))"
      )
    }
    return .passed("the summaryTitle answer had no points")
  }

  func provokedFailures() async throws -> CheckOutcome {
    let cases: [(String, ProfileModelRequest)] = [
      ("an empty prompt", Self.request(.summaryChunk, prompt: "")),
      ("a whitespace prompt", Self.request(.summaryChunk, prompt: " \n\t ")),
      ("responseTokens 0", Self.request(.summaryChunk, tokens: 0)),
      ("responseTokens -1", Self.request(.summaryChunk, tokens: -1)),
      (
        "a 200,000-character prompt",
        Self.request(
          .summaryChunk, prompt: String(repeating: "Ferries leave hourly. ", count: 9091))
      ),
    ]
    var failures = Failures()
    var thrown: [String] = []
    for (name, request) in cases {
      let executor = try await executor()
      do {
        _ = try await executor.generate(request)
      } catch let narrowed as ProfileModelExecutionError {
        thrown.append("\(name): \(narrowed.kind)")
      } catch {
        failures.add("\(name) threw \(describe(error)), not a ProfileModelExecutionError")
      }
    }
    return failures.outcome(passed: "failures were narrowed (\(thrown.joined(separator: ", ")))")
  }

  func knownErrorsCheck() async throws -> CheckOutcome {
    guard !knownErrors.isEmpty else {
      return .skipped(
        "no known errors were supplied; pass knownErrors with every native error your platform documents"
      )
    }
    var failures = Failures()
    for known in knownErrors {
      let mapped = errorMapping(known.error)
      if ExecutionErrorKind(of: mapped) != known.expected {
        failures.add(
          "\(describe(known.error)) mapped to \(mapped.kind), expected \(known.expected)")
      }
    }
    return failures.outcome(
      passed: "all \(knownErrors.count) known errors mapped to their expected kinds")
  }

  func deterministicMapping() async throws -> CheckOutcome {
    let errors: [any Error] =
      knownErrors.map(\.error) + [
        CancellationError(), UnknownError(), ProfileModelExecutionError.transient("busy"),
      ]
    var failures = Failures()
    for error in errors {
      let first = errorMapping(error)
      let second = errorMapping(error)
      if first != second { failures.add("\(describe(error)) mapped to \(first) then \(second)") }
    }
    return failures.outcome(passed: "\(errors.count) errors mapped the same way twice")
  }

  func cancellationNotTransient() async throws -> CheckOutcome {
    let mapped = errorMapping(CancellationError())
    if ExecutionErrorKind(of: mapped) == .transient {
      return .failed(
        "CancellationError mapped to transient(\(quote(mapped.message ?? ""))); map it to permanent"
      )
    }
    return .passed("CancellationError mapped to \(mapped.kind)")
  }

  func unknownIsPermanent() async throws -> CheckOutcome {
    let mapped = errorMapping(UnknownError())
    if ExecutionErrorKind(of: mapped) != .permanent {
      return .failed(
        "an unknown error type mapped to \(mapped.kind); make the default case permanent")
    }
    return .passed("an unknown error type mapped to permanent")
  }

  func cancellation() async throws -> CheckOutcome {
    let executor = try await executor()
    // Two seconds, or a fifth of the check's timeout when a slow build asked for a longer one.
    let limit = max(.seconds(2), timeout / 5)
    let shown =
      limit.components.attoseconds == 0 ? "\(limit.components.seconds) s" : "\(limit)"
    // A busy machine can hold a task back before it runs, or resume it late: a call that ends
    // late is tried once more, and fails the check only when it is late twice.
    for _ in 1...2 where await Self.cancelledCallEnds(executor, within: limit) {
      return .passed("a cancelled call ended within \(shown)")
    }
    return .failed(
      "a cancelled call was still running after \(shown); check Task.isCancelled or use a cancellable model API"
    )
  }

  /// Whether a call cancelled as it starts ends within `limit`, timed from when it began to run
  /// (not from when it was asked for), by the clock as well as the timer: an executor that blocks
  /// a thread can delay the timer itself.
  private static func cancelledCallEnds(
    _ executor: some ProfileModelExecuting, within limit: Duration
  ) async -> Bool {
    let request = Self.request(.summaryChunk)
    let clock = ContinuousClock()
    let call = Task { () -> Duration in
      let start = clock.now
      _ = try? await executor.generate(request)
      return clock.now - start
    }
    call.cancel()
    let took: Duration? = await withTimeout(limit * 2) { await call.value }
    return took.map { $0 <= limit } ?? false
  }

  func concurrency() async throws -> CheckOutcome {
    let executor = try await executor()
    let problems = await fanOut(8) { lane -> String? in
      let schema: ProfileModelSchema = lane.isMultiple(of: 2) ? .summaryChunk : .summaryTitle
      do {
        let data = try await executor.generate(Self.request(schema, step: "chunk-\(lane + 1)"))
        return Self.shapeProblem(data, schema).map { "call \(lane) (\(schema)): \($0)" }
      } catch is ProfileModelExecutionError {
        return nil
      } catch {
        return "call \(lane) threw \(describe(error)), not a ProfileModelExecutionError"
      }
    }
    var failures = Failures()
    for problem in problems.compactMap({ $0 }) { failures.add(problem) }
    return failures.outcome(passed: "8 concurrent calls all answered in shape")
  }
}

/// An error type no executor has seen, for the unknown-error checks.
struct UnknownError: Error, CustomStringConvertible {
  var description: String { "an error type from outside the executor" }
}
