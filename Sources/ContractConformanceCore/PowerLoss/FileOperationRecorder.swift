import Foundation
import KitSupport

/// The file-operation recorder of `store.powerLoss`: a small C library, preloaded into a store's
/// process with `LD_PRELOAD`, that logs every file operation under the store's directory, with
/// the bytes written, to a file the suite reads (never to the store's standard output).
///
/// Its source is `FileOperationRecorder.c` beside this file: a resource of this target, which
/// SwiftPM copies into a folder beside the binary and the kit reads at run time (``source()``); a
/// binary moved without that folder skips `store.powerLoss` with a line saying so. The suite
/// builds it on first use with the C compiler beside the Swift toolchain (`clang`, or
/// `CONTRACT_KIT_CC`), into the temporary directory, once per source. Not a SwiftPM C target:
/// SwiftPM links a C target into whatever depends on it, and a library that defines `write` and
/// `fsync` linked into the kit would record the kit itself; a dynamic-library product is built
/// only by a plain `swift build`, not by the `swift run contract-kit` or `swift test` a user
/// runs; and an app's iOS build must never see it. Built where it runs, it always matches the
/// machine's C library and architecture.
///
/// Linux only: on macOS, System Integrity Protection strips `DYLD_INSERT_LIBRARIES` from the
/// `/usr/bin/env` an adapter command starts through, and interposing there needs Mach-O's
/// `__interpose` section, so `store.powerLoss` skips with a line saying so.
enum FileOperationRecorder {
  /// The environment variable naming a C compiler to build the recorder with.
  static let compilerVariable = "CONTRACT_KIT_CC"

  /// The environment that makes a process record to `log` what it does under `root`.
  static func environment(library: URL, log: URL, root: String) -> [String: String] {
    let existing = ProcessInfo.processInfo.environment["LD_PRELOAD"].map { ":" + $0 } ?? ""
    return [
      "LD_PRELOAD": library.path + existing,
      "CONTRACT_KIT_FSLOG": log.path,
      "CONTRACT_KIT_FSLOG_ROOT": root,
    ]
  }

  /// The built library, or the one line saying why there is none.
  static func library() -> Result<URL, CheckFailure> { built }

  private static let built: Result<URL, CheckFailure> = build()

  private static func build() -> Result<URL, CheckFailure> {
    #if os(Linux)
      let source: String
      switch Self.source() {
      case .success(let text): source = text
      case .failure(let missing): return .failure(missing)
      }
      let environment = ProcessInfo.processInfo.environment
      let candidates =
        KitEnvironment.value(compilerVariable, in: environment).map { [$0] } ?? [
          "clang", "cc", "gcc",
        ]
      // A name is looked for on PATH; a path is taken as it is.
      guard
        let compiler = candidates.lazy.compactMap({ ExecutableSearch.find($0) }).first.map({
          URL(fileURLWithPath: $0)
        })
      else {
        return .failure(
          CheckFailure(
            "no C compiler to build the file-operation recorder with; install clang (apt-get install clang) or set \(compilerVariable)"
          ))
      }
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "contract-kit-recorder-\(String(stableHash(source), radix: 16))", isDirectory: true)
      let library = folder.appendingPathComponent("librecorder.so")
      if FileManager.default.fileExists(atPath: library.path) { return .success(library) }
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let code = folder.appendingPathComponent("recorder-\(getpid()).c")
        let partial = folder.appendingPathComponent("librecorder-\(getpid()).so")
        try Data(source.utf8).write(to: code)
        let compiled = try ChildProcess.runAll([
          ChildProcess.Command(
            compiler.path,
            [
              "-shared", "-fPIC", "-O2", "-Wall", "-o", partial.path, code.path, "-ldl",
              "-lpthread",
            ], errors: .kept)
        ])[0]
        try? FileManager.default.removeItem(at: code)
        guard compiled.status == 0 else {
          let said = String(decoding: compiled.errors.prefix(300), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
          return .failure(
            CheckFailure(
              "\(compiler.path) could not build the file-operation recorder: \(said.isEmpty ? "it exited with status \(compiled.status) and said nothing" : said); set \(compilerVariable) to a working C compiler"
            ))
        }
        // Renamed into place whole, so concurrent suites never load a half-written library.
        _ = rename(partial.path, library.path)
        return .success(library)
      } catch let error as ChildProcess.StartError {
        return .failure(
          CheckFailure("\(error); set \(compilerVariable) to a working C compiler"))
      } catch {
        return .failure(
          CheckFailure(
            "cannot build the file-operation recorder in \(folder.path): \(error.localizedDescription); make the temporary directory writable"
          ))
      }
    #else
      return .failure(
        CheckFailure(
          "the file-operation recorder of store.powerLoss uses LD_PRELOAD, on Linux only (on macOS, System Integrity Protection strips DYLD_INSERT_LIBRARIES from /usr/bin/env); run the store suite on Linux, a container will do"
        ))
    #endif
  }

  /// The recorder's C source among ContractConformanceCore's resources (`.copy` in Package.swift
  /// puts it at the root of the target's resource bundle).
  static let sourceResource = "FileOperationRecorder.c"

  /// How the folder SwiftPM copies ContractConformanceCore's resources into ends: after the
  /// package's name, `ProfileContractKit_ContractConformanceCore.resources` on Linux, `.bundle`
  /// on Darwin, beside the binary that links the kit.
  static let resourceFolderSuffixes = [
    "_ContractConformanceCore.resources", "_ContractConformanceCore.bundle",
  ]

  /// The recorder's C source, read once from ContractConformanceCore's resource bundle, or the
  /// one line saying why it cannot be.
  static func source() -> Result<String, CheckFailure> { loadedSource }

  private static let loadedSource = source(searching: resourceSearchFolders())

  /// The recorder's C source from the first resource bundle of ContractConformanceCore found in
  /// one of `folders`, in their order.
  ///
  /// Not `Bundle.module`: the accessor SwiftPM generates stops the process with `fatalError`
  /// when the bundle is missing (a binary copied without the folder beside it), and the kit never
  /// stops its host; here a missing bundle fails the one check that needs it, with the fix.
  static func source(searching folders: [URL]) -> Result<String, CheckFailure> {
    for folder in folders {
      for bundle in resourceBundles(in: folder) {
        // A flat bundle (SwiftPM on Linux, and on Darwin from the command line) or a Darwin one.
        for file in [
          bundle.appendingPathComponent(sourceResource),
          bundle.appendingPathComponent("Contents/Resources", isDirectory: true)
            .appendingPathComponent(sourceResource),
        ] {
          if let data = FileManager.default.contents(atPath: file.path) {
            return .success(String(decoding: data, as: UTF8.self))
          }
        }
      }
    }
    let beside = folders.first.map { " beside \($0.path)" } ?? ""
    return .failure(
      CheckFailure(
        "the file-operation recorder's source, \(sourceResource), is missing: no ContractConformanceCore resource folder (…\(resourceFolderSuffixes[0]), or …\(resourceFolderSuffixes[1]) on macOS) holds it\(beside); build the kit with SwiftPM, and keep that folder beside the binary when moving it"
      ))
  }

  /// Where a resource bundle of the kit can be: beside the main executable (SwiftPM's builds, and
  /// a copied binary with its folders), among an app's resources, and beside any loaded bundle
  /// (an `.xctest` bundle on Darwin).
  static func resourceSearchFolders() -> [URL] {
    var folders: [URL] = []
    func add(_ folder: URL?) {
      guard let folder = folder?.standardizedFileURL,
        !folders.contains(where: { $0.path == folder.path })
      else { return }
      folders.append(folder)
    }
    add(Bundle.main.bundleURL)
    add(Bundle.main.resourceURL)
    add(Bundle.main.executableURL?.deletingLastPathComponent())
    add(Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent())
    for bundle in Bundle.allBundles {
      add(bundle.resourceURL)
      add(bundle.bundleURL.deletingLastPathComponent())
    }
    return folders
  }

  /// The folders in `folder` named like ContractConformanceCore's resource bundle, this package's
  /// own name first.
  private static func resourceBundles(in folder: URL) -> [URL] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return []
    }
    let matching = names.filter { name in resourceFolderSuffixes.contains { name.hasSuffix($0) } }
      .sorted()
    let own = matching.filter { $0.hasPrefix("ProfileContractKit_") }
    return (own + matching.filter { !own.contains($0) }).map {
      folder.appendingPathComponent($0, isDirectory: true)
    }
  }
}
