// The fuzz-anchors entry point. Built by Benchmarks/fuzz-anchors with coverage, AddressSanitizer
// and libFuzzer's runtime (the CONTRACT_KIT_FUZZ condition), it hands its arguments to libFuzzer,
// which calls checkAnchorInput (Harness.swift) with each input it makes. Built plainly, as
// `swift build` does, it replays the files and folders it is given, so that a saved crash or the
// corpus runs without libFuzzer: `swift run fuzz-anchors Benchmarks/fuzz-anchors-corpus`.

import Foundation

#if CONTRACT_KIT_FUZZ
  /// libFuzzer's entry point for a program with a main of its own (`fuzzer_no_main`).
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt
#endif

@main
enum FuzzAnchors {
  static func main() {
    #if CONTRACT_KIT_FUZZ
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      exit(
        runFuzzerDriver(&argc, &argv) { data, size in
          checkAnchorInput(UnsafeBufferPointer(start: data, count: size))
          return 0
        })
    #else
      exit(replay(Array(CommandLine.arguments.dropFirst())))
    #endif
  }

  /// Runs every file named, and every file in each folder named, through the harness; the exit
  /// status is 2, with one line, for a path that cannot be read or for no paths at all.
  static func replay(_ paths: [String]) -> Int32 {
    guard !paths.isEmpty else {
      FileHandle.standardError.write(
        Data("fuzz-anchors: no inputs; name the files or folders to replay\n".utf8))
      return 2
    }
    var count = 0
    for path in paths {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        FileHandle.standardError.write(
          Data("fuzz-anchors: \(path) does not exist; name a file or folder to replay\n".utf8))
        return 2
      }
      let files =
        isFolder.boolValue
        ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map {
          path + "/" + $0
        } : [path]
      for file in files {
        guard let data = FileManager.default.contents(atPath: file) else {
          FileHandle.standardError.write(
            Data("fuzz-anchors: cannot read \(file); check its permissions\n".utf8))
          return 2
        }
        data.withUnsafeBytes { checkAnchorInput($0.bindMemory(to: UInt8.self)) }
        count += 1
      }
    }
    print("fuzz-anchors: \(count) inputs replayed, every property held")
    return 0
  }
}
