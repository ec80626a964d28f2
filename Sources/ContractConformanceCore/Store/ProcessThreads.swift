import Foundation

/// The threads a process runs, read from `/proc`: on Linux only, and only for an adapter in a
/// process of its own, whose threads are all its own. (In the test process, the runner's and
/// the other tests' threads come and go, and a count would judge them.)
enum ProcessThreads {
  /// How many threads `process` runs; `nil` where `/proc` does not say.
  static func count(process: Int32) -> Int? {
    #if os(Linux)
      (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task"))?.count
    #else
      nil
    #endif
  }
}
