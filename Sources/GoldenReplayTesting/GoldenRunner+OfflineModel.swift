import Foundation
import GoldenReplay
import ProfileAdapters

extension GoldenRunner {
  /// Creates a runner whose offline model is the kit's `ExtractiveModelExecutor`, the model
  /// scenarios of source `extractive` record from. The parameters are those of
  /// ``GoldenRunner/init(directory:core:model:mode:force:policyKeys:live:driver:environment:)``.
  ///
  /// - Throws: ``GoldenError`` for an unknown mode, or any recording mode under CI without `force`.
  public init(
    directory: URL, core: String? = nil, mode: RecordMode? = nil, force: Bool = false,
    policyKeys: Set<String>? = nil, live: LiveModel? = nil, driver: Driver = .tests,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    try self.init(
      directory: directory, core: core, model: ExtractiveModelExecutor(), mode: mode,
      force: force, policyKeys: policyKeys, live: live, driver: driver, environment: environment)
  }
}
