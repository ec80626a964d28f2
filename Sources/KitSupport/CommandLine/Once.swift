#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value worked out the first time it is asked for, then kept: the same answer, or the same
/// error, every time.
// @unchecked: `result` is read and written only under `lock`; `work` is a `@Sendable` `let`.
package final class Once<Value: Sendable>: @unchecked Sendable {
  private let lock = Lock()
  private let work: @Sendable () throws -> Value
  private var result: Result<Value, Error>?

  package init(_ work: @escaping @Sendable () throws -> Value) { self.work = work }

  package func value() throws -> Value {
    try lock.withCriticalSection {
      if let result { return try result.get() }
      let made = Result(catching: work)
      result = made
      return try made.get()
    }
  }
}
