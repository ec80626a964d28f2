import Foundation
import ProfileContracts

/// One of the four kinds an executor narrows errors to, without its message: what a
/// ``KnownError`` expects.
public struct ExecutionErrorKind: Hashable, Sendable, CustomStringConvertible {
  /// The kind's name, as in `ProfileModelExecutionError/kind`.
  public let name: String
  private init(_ name: String) { self.name = name }

  /// `ProfileModelExecutionError/unavailable`.
  public static let unavailable = ExecutionErrorKind("unavailable")
  /// `ProfileModelExecutionError/transient(_:)`.
  public static let transient = ExecutionErrorKind("transient")
  /// `ProfileModelExecutionError/rejected(_:)`.
  public static let rejected = ExecutionErrorKind("rejected")
  /// `ProfileModelExecutionError/permanent(_:)`.
  public static let permanent = ExecutionErrorKind("permanent")

  /// The kind of `error`.
  public init(of error: ProfileModelExecutionError) { self.init(error.kind) }

  /// The kind's name.
  public var description: String { name }
}

/// A native error your executor meets, and the kind it must narrow to: for an executor over
/// Apple's FoundationModels, say,
/// `KnownError(LanguageModelSession.GenerationError.rateLimited(context), expected: .transient)`.
/// The suite maps each one through your `errorMapping` and checks the kind it gets.
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

/// The conformance suite for `ProfileModelExecuting`: answer shapes for both schemas, that
/// failures throw only the four kinds, that every native error maps as it should, cancellation,
/// and concurrency.
///
/// ```swift
/// await ModelExecutorConformance(
///   errorMapping: MyExecutor.map,  // (any Error) -> ProfileModelExecutionError
///   knownErrors: [KnownError(MyNativeError.busy, expected: .transient)], timeout: .seconds(60)
/// ) { MyExecutor() }.run().recordIssues()
/// ```
public struct ModelExecutorConformance: Sendable {
  /// The function your executor narrows errors with.
  public let errorMapping: @Sendable (any Error) -> ProfileModelExecutionError
  /// Native errors and the kinds they must map to.
  public let knownErrors: [KnownError]
  /// How long one check may take.
  public let timeout: Duration
  /// The seed of the generated requests.
  public let seed: UInt64
  /// How many requests each generated check sends; `nil` for each check's default.
  public let examples: Int?
  /// Which rules count (see ``RuleSet``).
  public let rules: RuleSet
  var makeExecutor: @Sendable () async throws -> any ProfileModelExecuting

  /// Creates the suite.
  ///
  /// - Parameters:
  ///   - errorMapping: the function your executor narrows native errors with.
  ///   - knownErrors: native errors and the kinds they must map to; list every error your
  ///     platform documents.
  ///   - timeout: the limit for each check (default 10 s).
  ///   - seed: the seed for generated requests (default: the scoped ``ConformanceSettings``' seed, else `CONTRACT_KIT_SEED`, else 20261129).
  ///   - examples: how many requests each generated check sends (default:
  ///     the scoped ``ConformanceSettings``' number, else `CONTRACT_KIT_EXAMPLES`, else each check's own).
  ///   - rules: which rules count (default: the scoped ``ConformanceSettings``' rule set, else
  ///     `CONTRACT_KIT_PIN`, else every rule).
  ///   - makeExecutor: makes a fresh executor for each check.
  public init(
    errorMapping: @escaping @Sendable (any Error) -> ProfileModelExecutionError,
    knownErrors: [KnownError], timeout: Duration = .seconds(10),
    seed: UInt64 = ConformanceSeed.current(), examples: Int? = ConformanceExamples.current(),
    rules: RuleSet = .current(),
    _ makeExecutor: @escaping @Sendable () async throws -> any ProfileModelExecuting
  ) {
    self.errorMapping = errorMapping
    self.knownErrors = knownErrors
    self.timeout = timeout
    self.seed = seed
    self.examples = examples
    self.rules = rules
    self.makeExecutor = makeExecutor
  }
}
