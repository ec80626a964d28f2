import Foundation
import ProfileContracts

/// One of the four kinds an executor narrows errors to, without its message: what a
/// ``KnownError`` expects.
public struct ExecutionErrorKind: Hashable, Sendable, CustomStringConvertible {
  /// The kind's name, as in ``ProfileModelExecutionError/kind``.
  public let name: String
  private init(_ name: String) { self.name = name }

  /// ``ProfileModelExecutionError/unavailable``.
  public static let unavailable = ExecutionErrorKind("unavailable")
  /// ``ProfileModelExecutionError/transient(_:)``.
  public static let transient = ExecutionErrorKind("transient")
  /// ``ProfileModelExecutionError/rejected(_:)``.
  public static let rejected = ExecutionErrorKind("rejected")
  /// ``ProfileModelExecutionError/permanent(_:)``.
  public static let permanent = ExecutionErrorKind("permanent")

  /// The kind of `error`.
  public init(of error: ProfileModelExecutionError) { self.init(error.kind) }

  /// The kind's name.
  public var description: String { name }
}

/// A native error your executor meets, and the kind it must narrow to.
///
/// ```swift
/// KnownError(LanguageModelSession.GenerationError.rateLimited(context), expected: .transient)
/// ```
public struct KnownError: Sendable {
  /// The native error.
  public let error: any Error & Sendable
  /// The kind it must map to.
  public let expected: ExecutionErrorKind

  /// Creates a known error.
  public init(_ error: any Error & Sendable, expected: ExecutionErrorKind) {
    self.error = error
    self.expected = expected
  }
}

/// The conformance suite for ``ProfileModelExecuting``: answer shapes for both schemas, that
/// failures throw only the four kinds, that every native error maps as it should, cancellation,
/// and concurrency.
///
/// ```swift
/// let report = await ModelExecutorConformance(
///   errorMapping: MyExecutor.map,
///   knownErrors: [KnownError(MyNativeError.busy, expected: .transient)]
/// ) { MyExecutor() }.run()
/// ```
public struct ModelExecutorConformance: Sendable {
  /// The function your executor narrows errors with.
  public let errorMapping: @Sendable (any Error) -> ProfileModelExecutionError
  /// Native errors and the kinds they must map to.
  public let knownErrors: [KnownError]
  /// How long one check may take.
  public let timeout: Duration
  private let makeExecutor: @Sendable () async throws -> any ProfileModelExecuting

  /// Creates the suite.
  ///
  /// - Parameters:
  ///   - errorMapping: the function your executor narrows native errors with.
  ///   - knownErrors: native errors and the kinds they must map to; list every error your
  ///     platform documents.
  ///   - timeout: the limit for each check (default 10 s).
  ///   - makeExecutor: makes a fresh executor for each check.
  public init(
    errorMapping: @escaping @Sendable (any Error) -> ProfileModelExecutionError,
    knownErrors: [KnownError], timeout: Duration = .seconds(10),
    _ makeExecutor: @escaping @Sendable () async throws -> any ProfileModelExecuting
  ) {
    self.errorMapping = errorMapping
    self.knownErrors = knownErrors
    self.timeout = timeout
    self.makeExecutor = makeExecutor
  }

  /// Runs every check and returns the report.
  public func run() async -> ConformanceReport {
    await CheckRunner(suite: "executor", rules: Self.rules, timeout: timeout).run(
      [
        "executor.chunkShape": chunkShape,
        "executor.titleShape": titleShape,
        "executor.titleHasNoPoints": titleHasNoPoints,
        "executor.provokedFailures": provokedFailures,
        "executor.knownErrors": knownErrorsCheck,
        "executor.deterministicMapping": deterministicMapping,
        "executor.cancellationNotTransient": cancellationNotTransient,
        "executor.unknownIsPermanent": unknownIsPermanent,
        "executor.cancellation": cancellation,
        "executor.concurrency": concurrency,
      ], seed: nil)
  }

  /// The suite's rules, in the order it runs them.
  public static let rules: [ConformanceRule] = [
    ConformanceRule(
      id: "executor.chunkShape", level: .required,
      asserts:
        "A summaryChunk answer decodes as {\"title\": String, \"points\": [String]} with a non-empty title.",
      why:
        "summaryChunk receives one title and several key points for each chunk; the core treats anything else as malformed and retries once.",
      whenItFails:
        "Check the @Generable type or JSON encoding for summaryChunk: key names, types, and an empty title."
    ),
    ConformanceRule(
      id: "executor.titleShape", level: .required,
      asserts: "A summaryTitle answer decodes as {\"title\": String} with a non-empty title.",
      why:
        "summaryTitle receives only one title over the chunks; the core needs it to name a multi-section summary.",
      whenItFails:
        "Check the executor's branch for summaryTitle: it must not answer with the chunk type's shape missing a title."
    ),
    ConformanceRule(
      id: "executor.titleHasNoPoints", level: .recommended,
      asserts: "A summaryTitle answer carries no points.",
      why:
        "Reusing summaryChunk for a title makes the model generate points that are thrown away; on an on-device model that waste is time.",
      whenItFails: "Use a separate @Generable type for summaryTitle with only a title."),
    ConformanceRule(
      id: "executor.provokedFailures", level: .required,
      asserts:
        "An empty prompt, a whitespace prompt, responseTokens 0 or -1, and a 200,000-character prompt either answer or throw a ProfileModelExecutionError, never another error type.",
      why:
        "The app narrows every native error to four kinds; the core never guesses beyond them. A foreign error reaching the core has no retry policy.",
      whenItFails:
        "Wrap the whole generate body in do/catch and map every error through your mapping function."
    ),
    ConformanceRule(
      id: "executor.knownErrors", level: .required,
      asserts:
        "Every supplied native error maps to its expected kind (compared by kind, not message).",
      why:
        "The split between transient and permanent is the basis of the retry policy: the core calls again for transient and stops for permanent.",
      whenItFails:
        "Fix the mapping for the listed error; when unsure whether retrying helps, prefer permanent."
    ),
    ConformanceRule(
      id: "executor.deterministicMapping", level: .required,
      asserts: "Mapping the same error twice gives the same result.",
      why:
        "Golden replays record the typed error; a mapping that depends on time or state makes a replay diverge.",
      whenItFails: "Remove clocks, counters and random choices from the mapping function."),
    ConformanceRule(
      id: "executor.cancellationNotTransient", level: .required,
      asserts: "CancellationError never maps to transient.",
      why:
        "The core retries transient errors; retrying a call the person cancelled does the opposite of what they asked.",
      whenItFails:
        "Map CancellationError to permanent (or rethrow it as such) before the generic cases."),
    ConformanceRule(
      id: "executor.unknownIsPermanent", level: .recommended,
      asserts: "An error type the mapping has never seen maps to permanent.",
      why:
        "An unknown error retried as transient burns the model-call budget; permanent stops the run and says why.",
      whenItFails: "Make the mapping's default case permanent."),
    ConformanceRule(
      id: "executor.cancellation", level: .recommended,
      asserts: "Cancelling the calling task ends a call within 2 seconds.",
      why:
        "A person who leaves the screen should not wait for the model; a slow call holds the device's model for everyone.",
      whenItFails:
        "Check Task.isCancelled, or use cancellable APIs (withTaskCancellationHandler) around the model call."
    ),
    ConformanceRule(
      id: "executor.concurrency", level: .required,
      asserts:
        "Eight concurrent calls all answer in shape (or throw a ProfileModelExecutionError).",
      why: "Sessions are per call: one session shared between calls mixes their transcripts.",
      whenItFails: "Create a session per call, or serialize access to a shared one."),
  ]

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

  private func executor() async throws(CheckFailure) -> any ProfileModelExecuting {
    do {
      return try await makeExecutor()
    } catch {
      throw CheckFailure("the factory threw \(describe(error))")
    }
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

  private func shape(_ schema: ProfileModelSchema) async -> CheckOutcome {
    do {
      let data = try await executor().generate(Self.request(schema))
      if let problem = Self.shapeProblem(data, schema) { return .failed("\(schema): \(problem)") }
      return .passed("a \(schema) answer decoded in shape")
    } catch let failure as CheckFailure {
      return .failed(failure.message)
    } catch {
      return .failed("a well-formed \(schema) request threw \(describe(error))")
    }
  }

  private var chunkShape: @Sendable () async -> CheckOutcome {
    { [self] in await shape(.summaryChunk) }
  }
  private var titleShape: @Sendable () async -> CheckOutcome {
    { [self] in await shape(.summaryTitle) }
  }

  private var titleHasNoPoints: @Sendable () async -> CheckOutcome {
    { [self] in
      do {
        let data = try await executor().generate(
          Self.request(.summaryTitle, step: "title", prompt: "Ferry schedule\nTicket prices"))
        if (try? JSONValue(parsing: data))?["points"] != nil {
          return .failed(
            "the summaryTitle answer carries \"points\"; answer {\"title\": …} only: \(quote(String(decoding: data, as: UTF8.self)))"
          )
        }
        return .passed("the summaryTitle answer had no points")
      } catch let failure as CheckFailure {
        return .failed(failure.message)
      } catch {
        return .failed("a summaryTitle request threw \(describe(error))")
      }
    }
  }

  private var provokedFailures: @Sendable () async -> CheckOutcome {
    { [self] in
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
        do {
          _ = try await executor().generate(request)
        } catch let failure as CheckFailure {
          return .failed(failure.message)
        } catch let narrowed as ProfileModelExecutionError {
          thrown.append("\(name): \(narrowed.kind)")
        } catch {
          failures.add("\(name) threw \(describe(error)), not a ProfileModelExecutionError")
        }
      }
      return failures.outcome(passed: "failures were narrowed (\(thrown.joined(separator: ", ")))")
    }
  }

  private var knownErrorsCheck: @Sendable () async -> CheckOutcome {
    { [self] in
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
  }

  private var deterministicMapping: @Sendable () async -> CheckOutcome {
    { [self] in
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
  }

  private var cancellationNotTransient: @Sendable () async -> CheckOutcome {
    { [self] in
      let mapped = errorMapping(CancellationError())
      if ExecutionErrorKind(of: mapped) == .transient {
        return .failed(
          "CancellationError mapped to transient(\(quote(mapped.message ?? ""))); map it to permanent"
        )
      }
      return .passed("CancellationError mapped to \(mapped.kind)")
    }
  }

  private var unknownIsPermanent: @Sendable () async -> CheckOutcome {
    { [self] in
      let mapped = errorMapping(UnknownError())
      if ExecutionErrorKind(of: mapped) != .permanent {
        return .failed(
          "an unknown error type mapped to \(mapped.kind); make the default case permanent")
      }
      return .passed("an unknown error type mapped to permanent")
    }
  }

  private var cancellation: @Sendable () async -> CheckOutcome {
    { [self] in
      let executor: any ProfileModelExecuting
      do {
        executor = try await self.executor()
      } catch {
        return .failed(failureMessage(error))
      }
      let request = Self.request(.summaryChunk)
      let clock = ContinuousClock()
      let start = clock.now
      let call = Task { try await executor.generate(request) }
      call.cancel()
      let finished: Bool? = await withTimeout(.seconds(2)) {
        _ = await call.result
        return true
      }
      let elapsed = clock.now - start
      // Judge by the clock too: an executor that blocks a thread can delay the timer itself.
      if finished == nil || elapsed > .seconds(2) {
        return .failed(
          "a cancelled call was still running after 2 s; check Task.isCancelled or use a cancellable model API"
        )
      }
      return .passed("a cancelled call ended within 2 s")
    }
  }

  private var concurrency: @Sendable () async -> CheckOutcome {
    { [self] in
      let executor: any ProfileModelExecuting
      do {
        executor = try await self.executor()
      } catch {
        return .failed(failureMessage(error))
      }
      let problems = await withTaskGroup(of: String?.self) { group in
        for lane in 0..<8 {
          let schema: ProfileModelSchema = lane.isMultiple(of: 2) ? .summaryChunk : .summaryTitle
          group.addTask {
            do {
              let data = try await executor.generate(
                Self.request(schema, step: "chunk-\(lane + 1)"))
              return Self.shapeProblem(data, schema).map { "call \(lane) (\(schema)): \($0)" }
            } catch is ProfileModelExecutionError {
              return nil
            } catch {
              return "call \(lane) threw \(describe(error)), not a ProfileModelExecutionError"
            }
          }
        }
        var problems: [String] = []
        for await problem in group { if let problem { problems.append(problem) } }
        return problems
      }
      var failures = Failures()
      for problem in problems { failures.add(problem) }
      return failures.outcome(passed: "8 concurrent calls all answered in shape")
    }
  }
}

/// An error type no executor has seen, for the unknown-error checks.
struct UnknownError: Error, CustomStringConvertible {
  var description: String { "an error type from outside the executor" }
}
