// Essentials where the toolchain has them: contract-kit-anchors links KitSupport, and loads no
// more of Foundation than that.
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if os(macOS)
  import CKitProcess
  import Darwin
#endif

/// What a process holds, where the platform tells: `/proc` on Linux, libproc on macOS. Elsewhere
/// (`nil`) nothing is measured: iOS shows an app no other process, nor its own descriptors' paths.
package enum ProcessResources {
  /// How many of the descriptors of `process` (this process when `nil`) point at `directory` or
  /// a file under it, deleted ones included on Linux; `nil` where the platform does not say.
  package static func descriptors(under directory: URL, process: Int32? = nil) -> Int? {
    #if os(Linux)
      let folder = "/proc/\(process.map { String($0) } ?? "self")/fd"
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
        return nil
      }
      let root = directory.resolvingSymlinksInPath().path
      return names.reduce(0) { count, name in
        guard
          let target = try? FileManager.default.destinationOfSymbolicLink(
            atPath: folder + "/" + name)
        else { return count }
        return target == root || target.hasPrefix(root + "/") ? count + 1 : count
      }
    #elseif os(macOS)
      let count = ckit_descriptors_under(process ?? getpid(), directory.path)
      return count < 0 ? nil : Int(count)
    #else
      return nil
    #endif
  }

  /// How many threads `process` runs; `nil` where the platform does not say. Only an adapter in
  /// a process of its own is judged by it: in the test process, the runner's and the other
  /// tests' threads come and go.
  package static func threads(of process: Int32) -> Int? {
    #if os(Linux)
      (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task"))?.count
    #elseif os(macOS)
      let count = ckit_thread_count(process)
      return count < 0 ? nil : Int(count)
    #else
      return nil
    #endif
  }
}
