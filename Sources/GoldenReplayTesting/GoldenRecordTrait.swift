#if canImport(Testing) && compiler(>=6.1)
  import GoldenReplay
  import Testing

  /// The record mode for one test, or every test of a suite, written in code: what
  /// `GOLDEN_RECORD` sets for a whole process. A ``GoldenRunner`` created inside the test
  /// without a `mode:` reads it before the environment.
  ///
  /// ```swift
  /// @Suite(.goldenRecord(.missing)) struct GoldenRecordTraitTests {
  ///   @Test func aRunnerInsideTheTraitTakesItsMode() throws {
  ///     let runner = try GoldenRunner(
  ///       directory: folder, model: ExtractiveModelExecutor(), environment: [:])
  ///     #expect(runner.mode == .missing)
  ///   }
  /// }
  /// ```
  ///
  /// Recording is still refused under CI: a trait left in a commit fails there, naming the trait,
  /// and never records over the goldens CI checks.
  public struct GoldenRecordTrait: TestTrait, SuiteTrait, TestScoping {
    /// The mode the marked tests' runners record in.
    public let mode: RecordMode
    /// Whether the mode applies to every test of a suite the trait marks: always.
    public var isRecursive: Bool { true }

    /// Runs `function` with the trait's mode.
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      try await RecordMode.$scoped.withValue(mode) { try await function() }
    }
  }

  extension Trait where Self == GoldenRecordTrait {
    /// Records golden scenarios in the marked test or suite: `.missing`, `.failed` or `.all`
    /// (see ``RecordMode``); a test's trait wins over its suite's.
    public static func goldenRecord(_ mode: RecordMode) -> Self { GoldenRecordTrait(mode: mode) }
  }
#endif
