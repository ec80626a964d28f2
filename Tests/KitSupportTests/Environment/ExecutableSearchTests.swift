import Foundation
import KitSupport
import Testing

/// `ExecutableSearch.find` against a model of what `PATH` lookup means, on generated folders:
/// each folder holds the tool as an executable file, a file without the execute bit, a folder, a
/// link to one of those, or nothing, and the search path lists them in any order, with trailing
/// slashes, empty entries and missing folders. A failing case is shrunk to its fewest entries.
@Suite struct ExecutableSearchTests {
  /// What a folder holds under the tool's name.
  enum Entry: CaseIterable, CustomStringConvertible {
    case executable, plainFile, folder, linkToExecutable, linkToFolder, missingFolder, nothing
    var description: String { "\(self)" }
    /// Whether a lookup may stop at this entry.
    var isFound: Bool { self == .executable || self == .linkToExecutable }
  }

  /// One generated case: the entries, in search-path order, and how each is spelled.
  struct Case: CustomStringConvertible {
    var entries: [(entry: Entry, trailingSlash: Bool, emptyBefore: Bool)]
    var description: String {
      entries.map {
        "\($0.entry)\($0.trailingSlash ? "/" : "")\($0.emptyBefore ? " (after ::)" : "")"
      }
      .joined(separator: ", ")
    }
  }

  static let seed =
    UInt64(ProcessInfo.processInfo.environment["CONTRACT_KIT_SEED"] ?? "")
    ?? 20_261_203

  static func generate(_ random: inout SeededGenerator) -> Case {
    Case(
      entries: (0..<Int.random(in: 0...6, using: &random)).map { _ in
        (
          Entry.allCases.randomElement(using: &random) ?? .nothing, Bool.random(using: &random),
          Int.random(in: 0..<5, using: &random) == 0
        )
      })
  }

  /// The folders of `c` built under `root`, and the search path over them with the model's
  /// answer; `nil` for the answer when no entry is found.
  static func build(_ c: Case, under root: URL) throws -> (path: String, expected: String?) {
    let manager = FileManager.default
    let tool = "kit-tool"
    let target = root.appendingPathComponent("targets", isDirectory: true)
    try manager.createDirectory(at: target, withIntermediateDirectories: true)
    let executable = target.appendingPathComponent("executable")
    try Data("#!/bin/sh\n".utf8).write(to: executable)
    try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
    let folder = target.appendingPathComponent("folder", isDirectory: true)
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    var parts: [String] = []
    var expected: String?
    for (index, item) in c.entries.enumerated() {
      let directory = root.appendingPathComponent("d\(index)", isDirectory: true)
      let file = directory.appendingPathComponent(tool)
      if item.entry != .missingFolder {
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
      }
      switch item.entry {
      case .executable:
        try Data("#!/bin/sh\n".utf8).write(to: file)
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
      case .plainFile:
        try Data("text\n".utf8).write(to: file)
        try manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
      case .folder: try manager.createDirectory(at: file, withIntermediateDirectories: true)
      case .linkToExecutable:
        try manager.createSymbolicLink(atPath: file.path, withDestinationPath: executable.path)
      case .linkToFolder:
        try manager.createSymbolicLink(atPath: file.path, withDestinationPath: folder.path)
      case .missingFolder, .nothing: break
      }
      if item.emptyBefore { parts.append("") }
      parts.append(directory.path + (item.trailingSlash ? "/" : ""))
      if expected == nil, item.entry.isFound { expected = directory.path + "/" + tool }
    }
    return (parts.joined(separator: ":"), expected)
  }

  /// What is wrong with the lookup on `c`, or `nil`.
  static func problem(_ c: Case) -> String? {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kit-search-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    do {
      let (path, expected) = try build(c, under: root)
      let found = ExecutableSearch.find("kit-tool", in: path)
      return found == expected
        ? nil : "found \(found ?? "nothing"), expected \(expected ?? "nothing")"
    } catch {
      return "could not build the case: \(error)"
    }
  }

  @Test func findsTheFirstExecutableFileOnTheSearchPath() {
    var random = SeededGenerator(seed: Self.seed)
    for round in 0..<150 {
      var c = Self.generate(&random)
      guard let first = Self.problem(c) else { continue }
      // Shrink: drop entries while the lookup still fails.
      var shrunk = true
      while shrunk {
        shrunk = false
        for index in c.entries.indices.reversed() {
          var smaller = c
          smaller.entries.remove(at: index)
          if Self.problem(smaller) != nil {
            c = smaller
            shrunk = true
            break
          }
        }
      }
      Issue.record(
        "seed \(Self.seed) (CONTRACT_KIT_SEED), round \(round): \(first); shrunk to [\(c)]: \(Self.problem(c) ?? "")"
      )
      return
    }
  }

  @Test func aNameWithASlashIsTakenAsAPath() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kit-search-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let (_, expected) = try Self.build(
      Case(entries: [(.executable, false, false)]), under: root)
    let path = try #require(expected)
    #expect(ExecutableSearch.find(path, in: "") == path)
    #expect(ExecutableSearch.find(root.path, in: "") == nil)
    #expect(ExecutableSearch.find("", in: root.path) == nil)
    #expect(ExecutableSearch.find("/no/such/program", in: "") == nil)
  }

  @Test func theDefaultSearchPathIsPATH() {
    #expect(
      ExecutableSearch.path == (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"))
    #expect(ExecutableSearch.find("sh") != nil)
  }
}
