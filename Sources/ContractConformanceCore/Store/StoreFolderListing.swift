import Foundation

/// A store's folder as a failing check left it, as text: every file under the check's sandbox,
/// by its path inside it, with its size, and its bytes (as text when short UTF-8, else the first
/// ones in hex). The sandbox is removed after the check, so this is what a failure attaches for
/// a person to look at, and what the report's JSON carries.
package enum StoreFolderListing {
  /// The most a listing holds; the rest is counted.
  package static let limit = 16 << 10
  /// The longest file shown whole, as text.
  static let textLimit = 1 << 10
  /// How many bytes of a longer or binary file are shown, in hex.
  static let hexLimit = 48

  /// The listing of the folder at `root`; `nil` when it holds no file.
  package static func render(_ root: URL) -> String? {
    let root = root.resolvingSymlinksInPath()
    guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return nil }
    var paths: [String] = []
    while let path = enumerator.nextObject() as? String {
      var isFolder: ObjCBool = false
      let url = root.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        paths.append(path)
      }
    }
    guard !paths.isEmpty else { return nil }
    var lines: [String] = []
    var size = 0
    for (index, path) in paths.sorted().enumerated() {
      let entry = describe(path, in: root)
      // Each entry and the line break after it.
      if size + entry.utf8.count + 1 > limit {
        lines.append("… and \(paths.count - index) more files")
        break
      }
      lines.append(entry)
      size += entry.utf8.count + 1
    }
    return lines.joined(separator: "\n")
  }

  /// One file: its path and size, then its bytes, indented.
  private static func describe(_ path: String, in root: URL) -> String {
    // Only the bytes that can be shown are read: a record may be megabytes.
    let url = root.appendingPathComponent(path)
    guard
      let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?
        .intValue,
      let handle = try? FileHandle(forReadingFrom: url),
      let data = try? handle.read(upToCount: max(textLimit, hexLimit)) ?? Data()
    else { return "\(path): unreadable" }
    try? handle.close()
    let head = "\(path): \(size) bytes"
    if size == 0 { return head }
    if size <= textLimit, let text = String(data: data, encoding: .utf8),
      !text.contains("\0")
    {
      return head + "\n"
        + text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { "    " + $0 }.joined(separator: "\n")
    }
    let hex = data.prefix(hexLimit).map { String(format: "%02x", $0) }.joined(separator: " ")
    return head + "\n    " + hex + (size > hexLimit ? " …" : "")
  }
}
