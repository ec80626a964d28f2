#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import KitSupport

  /// What a process holds, read where the store rules read it: descriptors under a directory
  /// counted as they open and close, a sibling folder whose name only starts the same never
  /// counted, and this process's threads.
  @Suite struct ProcessResourcesTests {
    @Test func descriptorsUnderADirectoryAreCountedAsTheyOpenAndClose() throws {
      let base = FileManager.default.temporaryDirectory.appendingPathComponent(
        "resources-\(UUID().uuidString)", isDirectory: true)
      let folder = base.appendingPathComponent("store", isDirectory: true)
      let sibling = base.appendingPathComponent("store-other", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: sibling, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: base) }
      #expect(ProcessResources.descriptors(under: folder) == 0)
      var opened: [Int32] = []
      for (number, directory) in [folder, folder, sibling, folder].enumerated() {
        let path = directory.appendingPathComponent("file-\(number)").path
        let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        opened.append(fd)
      }
      // The folder itself, opened as a store opens it to sync its entries, counts too.
      let directoryDescriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
      try #require(directoryDescriptor >= 0)
      #expect(ProcessResources.descriptors(under: folder) == 4)
      #expect(ProcessResources.descriptors(under: folder, process: getpid()) == 4)
      #expect(ProcessResources.descriptors(under: sibling) == 1)
      _ = close(directoryDescriptor)
      for fd in opened { _ = close(fd) }
      #expect(ProcessResources.descriptors(under: folder) == 0)
    }

    @Test func threadsOfThisProcessAreCounted() throws {
      let threads = try #require(ProcessResources.threads(of: getpid()))
      #expect(threads >= 1)
      #expect(ProcessResources.threads(of: -1) == nil)
    }
  }
#endif
