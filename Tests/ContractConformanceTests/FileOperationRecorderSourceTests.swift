import Foundation
import Testing

@testable import ContractConformanceCore

/// The recorder's C source is a resource of ContractConformanceCore: found beside the binary that
/// links the kit, whatever the package's folder is called, and when it is missing, one line with
/// the fix instead of the `fatalError` of SwiftPM's `Bundle.module`.
@Suite struct FileOperationRecorderSourceTests {
  /// A new empty folder under the temporary directory, removed by `body`'s end.
  static func inFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recorder-source-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }

  static func plant(_ text: String, at path: String, in folder: URL) throws {
    let file = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  @Test func theBuiltResourceIsFoundBesideTheTestBinary() throws {
    let source = try FileOperationRecorder.source().get()
    #expect(source.hasPrefix("// The contract kit's file-operation recorder."))
    #expect(source.contains("#define _GNU_SOURCE"))
  }

  @Test func aMissingResourceFolderFailsWithOneLineNamingTheFileAndTheFix() throws {
    try Self.inFolder { folder in
      try Self.plant("not it", at: "FileOperationRecorder.c", in: folder)
      try Self.plant("not it", at: "Other_Module.resources/FileOperationRecorder.c", in: folder)
      let result = FileOperationRecorder.source(searching: [folder])
      guard case .failure(let failure) = result else {
        Issue.record("found a source in \(folder.path): \(result)")
        return
      }
      #expect(!failure.message.contains("\n"))
      #expect(failure.message.contains("FileOperationRecorder.c"))
      #expect(failure.message.contains("_ContractConformanceCore.resources"))
      #expect(failure.message.contains("beside \(folder.standardizedFileURL.path)"))
      #expect(failure.message.contains("keep that folder beside the binary"))
    }
  }

  @Test func nothingToSearchFailsToo() {
    #expect(throws: CheckFailure.self) { try FileOperationRecorder.source(searching: []).get() }
  }

  @Test func aFolderOfAnyPackageNameIsFoundFlatOrAsADarwinBundle() throws {
    try Self.inFolder { folder in
      let flat = folder.appendingPathComponent("flat")
      try Self.plant(
        "int flat;", at: "renamed_ContractConformanceCore.resources/FileOperationRecorder.c",
        in: flat)
      let darwin = folder.appendingPathComponent("darwin")
      try Self.plant(
        "int darwin;",
        at: "ProfileContractKit_ContractConformanceCore.bundle/Contents/Resources/"
          + "FileOperationRecorder.c", in: darwin)
      let empty = folder.appendingPathComponent("empty")
      try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
      #expect(try FileOperationRecorder.source(searching: [empty, flat]).get() == "int flat;")
      #expect(try FileOperationRecorder.source(searching: [darwin, flat]).get() == "int darwin;")
    }
  }

  @Test func thisPackagesOwnFolderComesFirst() throws {
    try Self.inFolder { folder in
      try Self.plant(
        "int other;", at: "Another_ContractConformanceCore.resources/FileOperationRecorder.c",
        in: folder)
      try Self.plant(
        "int own;",
        at: "ProfileContractKit_ContractConformanceCore.resources/FileOperationRecorder.c",
        in: folder)
      #expect(try FileOperationRecorder.source(searching: [folder]).get() == "int own;")
    }
  }
}
