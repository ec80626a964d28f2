import AdapterProcess
import Foundation
import ProfileContracts

/// Whether a store promises to keep what it saved beyond its own lifetime.
public struct StoreDurability: Hashable, Sendable, CustomStringConvertible {
  private let name: String
  private init(_ name: String) { self.name = name }

  /// Saves survive dropping the store, reopening its location, and a crash: the reopen, crash
  /// and concurrency checks run.
  public static let durable = StoreDurability("durable")
  /// Saves last as long as the instance (previews, tests): the durability checks are skipped.
  public static let volatile = StoreDurability("volatile")

  /// The durability's name.
  public var description: String { name }
}

/// The conformance suite for `ProfileExecutionStoring`: exact round trips, replacement, keys,
/// hostile IDs, independence, and for durable stores reopen, crash and concurrent saves.
///
/// ```swift
/// await ExecutionStoreConformance(durability: .durable, timeout: .seconds(30)) { directory in
///   // The directory does not exist yet: create it (or fail) as your store does on first launch.
///   // The suite calls this again with the same directory to reopen.
///   try MyStore(directory: directory)
/// }.run().recordIssues()
/// ```
///
/// Each check hands the factory a fresh directory path that does not exist yet (its parent does),
/// inside a sandbox folder the suite owns and removes: create it as your store does on first
/// launch. Reopening calls the factory again with the same directory.
public struct ExecutionStoreConformance: Sendable {
  /// What the store promises.
  public let durability: StoreDurability
  /// How long one check may take.
  public let timeout: Duration
  /// The seed of the randomized payloads.
  public let seed: UInt64
  /// Where each check's sandbox folder is made.
  public let scratch: URL
  /// How many histories each generated check runs; `nil` for each check's default.
  public let examples: Int?
  /// Which rules count (see ``RuleSet``).
  public let rules: RuleSet
  /// What survives a power loss in `store.powerLoss` (see ``PowerLossModel``).
  public let powerLossModel: PowerLossModel
  /// How to crash a store that runs in a process of its own; `nil` for stores in this process.
  public let crashHarness: StoreCrashHarness?
  /// How to run one round of `store.crash` in a child process (an exit test); `nil` for none.
  public let crashChild: (@Sendable (StoreCrashRound) async throws -> Void)?
  var makeStore: @Sendable (URL) async throws -> any ProfileExecutionStoring

  /// Creates the suite.
  ///
  /// - Parameters:
  ///   - durability: `.durable` for stores that must survive reopen and crash.
  ///   - timeout: the limit for each check (default 10 s).
  ///   - seed: the seed for randomized payloads (default: the scoped ``ConformanceSettings``' seed, else `CONTRACT_KIT_SEED`, else 20261129).
  ///   - scratch: where each check's sandbox folder is made (default: the temporary directory);
  ///     put it on the disk your store will use.
  ///   - examples: how many histories the generated checks run (default:
  ///     the scoped ``ConformanceSettings``' number, else `CONTRACT_KIT_EXAMPLES`, else each check's own).
  ///   - rules: which rules count (default: the scoped ``ConformanceSettings``' rule set, else
  ///     `CONTRACT_KIT_PIN`, else every rule).
  ///   - powerLossModel: what survives a power loss in `store.powerLoss` (default:
  ///     the scoped ``ConformanceSettings``' model, else `CONTRACT_KIT_POWER_LOSS_MODEL`, else
  ///     ``PowerLossModel/posix``).
  ///   - crashHarness: how to kill and restart the process a store runs in (`.adapterProcess`
  ///     from `AdapterProcess` for a `ProcessExecutionStore`); with one, `store.crash` kills the
  ///     process in the middle of saves and `store.powerLoss` runs. Default `nil`: the store runs
  ///     in this process, `store.crash` approximates a kill and `store.powerLoss` is skipped.
  ///   - crashChild: for a store in this process, runs one round of `store.crash` in a child:
  ///     an exit test (Swift 6.3 and later, macOS and Linux) that opens the store at
  ///     `round.directory` and calls `round.saveUntilKilled`. With one, `store.crash` kills 50
  ///     children in the middle of saves and reopens the directory after each (see
  ///     ``StoreCrashRound``). Default `nil`: the approximation.
  ///   - makeStore: opens a store at a directory. Called again with the same directory to reopen.
  public init(
    durability: StoreDurability, timeout: Duration = .seconds(10),
    seed: UInt64 = ConformanceSeed.current(),
    scratch: URL = FileManager.default.temporaryDirectory,
    examples: Int? = ConformanceExamples.current(), rules: RuleSet = .current(),
    powerLossModel: PowerLossModel = .current(), crashHarness: StoreCrashHarness? = nil,
    crashChild: (@Sendable (StoreCrashRound) async throws -> Void)? = nil,
    _ makeStore: @escaping @Sendable (URL) async throws -> any ProfileExecutionStoring
  ) {
    self.durability = durability
    self.timeout = timeout
    self.seed = seed
    self.scratch = scratch
    self.examples = examples
    self.rules = rules
    self.powerLossModel = powerLossModel
    self.crashHarness = crashHarness
    self.crashChild = crashChild
    self.makeStore = makeStore
  }
}
