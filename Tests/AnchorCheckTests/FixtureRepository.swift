import Foundation

/// A throwaway repository in the temporary directory, made of the files given.
struct FixtureRepository {
  let root: URL

  init(_ files: [String: String] = [:]) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "anchors-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (path, content) in files { try write(path, content) }
  }

  /// A copy of a fixture repository under `Tests/AnchorCheckTests/Fixtures/`.
  static func copy(_ name: String) throws -> FixtureRepository {
    let repository = try FixtureRepository()
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures/\(name)")
    for item in try FileManager.default.contentsOfDirectory(atPath: source.path) {
      try FileManager.default.copyItem(
        at: source.appendingPathComponent(item), to: repository.root.appendingPathComponent(item))
    }
    return repository
  }

  func write(_ path: String, _ content: String) throws {
    try write(path, Data(content.utf8))
  }

  func write(_ path: String, _ data: Data) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}
