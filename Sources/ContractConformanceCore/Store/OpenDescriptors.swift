import Foundation

/// The descriptors a process holds open on files under a directory, read from `/proc`: on Linux
/// only. Elsewhere (`nil`) `store.footprint` judges the directory alone.
enum OpenDescriptors {
  /// How many of the descriptors of `process` (this process when `nil`) point at `directory` or
  /// a file under it, deleted ones included; `nil` where `/proc` does not say.
  static func count(under directory: URL, process: Int32? = nil) -> Int? {
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
    #else
      return nil
    #endif
  }
}
