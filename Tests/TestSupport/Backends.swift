import Foundation
import KitSupport
import ProfileAdapters
import ReferenceSuites

/// Runtime tools the tests use but the package does not ship. When one is missing, its tests are
/// skipped with the command that installs it; under `CONTRACT_KIT_REQUIRE_BACKENDS=1` (as
/// `.ci/run` sets) they run anyway and fail.
public enum Backends {
  /// Whether missing backends fail instead of skipping.
  public static let required =
    ProcessInfo.processInfo.environment["CONTRACT_KIT_REQUIRE_BACKENDS"] == "1"

  /// The path of the executable `name` on `PATH`, if there is one.
  public static func executable(named name: String) -> String? { ExecutableSearch.find(name) }

  /// The path of `python3`, if it is installed.
  public static let python3 = executable(named: "python3")

  /// Whether the python tests run: python3 is there, or backends are required.
  public static let runPython = python3 != nil || required

  /// What the power-loss tests lack: Linux (the recorder is preloaded with LD_PRELOAD), a C
  /// compiler to build it, python3 for the stores; `nil` when everything is there.
  public static let powerLossMissing: String? = {
    #if os(Linux)
      guard python3 != nil else { return "python3 is not installed; run tools/install-backends" }
      let compiler = ProcessInfo.processInfo.environment["CONTRACT_KIT_CC"]
      guard
        compiler != nil || ["clang", "cc", "gcc"].contains(where: { executable(named: $0) != nil })
      else { return "no C compiler for the file-operation recorder; run tools/install-backends" }
      return nil
    #else
      return "store.powerLoss records with LD_PRELOAD, on Linux only"
    #endif
  }()

  /// Whether the power-loss tests run: everything is there, or backends are required (on Linux).
  public static let runPowerLoss: Bool = {
    #if os(Linux)
      return powerLossMissing == nil || required
    #else
      return false
    #endif
  }()

  /// What the PDF tests lack (poppler, or the fixture producer: python3 with fpdf2, qpdf and the
  /// fonts), with the install command; `nil` when everything is there.
  public static let pdfMissing: String? = {
    do {
      _ = try PopplerTools.locate()
    } catch {
      return "\(error)"
    }
    guard let python3 else { return "python3 is not installed; run tools/install-backends" }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python3)
    process.arguments = ["-c", "import fpdf, uharfbuzz, PIL"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "python3 does not start" }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      return "fpdf2 is not installed for python3; run \(PDFFixtureBuilder.installCommand)"
    }
    return nil
  }()

  /// Whether the PDF tests run: poppler and the producer are there, or backends are required.
  public static let runPDF = pdfMissing == nil || required

  /// The base URL of a running model server: `$CONTRACT_KIT_LLM_URL`, else the one
  /// `tools/llm-server start` wrote (and `stop` removes); `nil` when none runs.
  public static let llmURL: URL? = {
    if let text = ProcessInfo.processInfo.environment["CONTRACT_KIT_LLM_URL"], !text.isEmpty {
      return URL(string: text)
    }
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build/llm-server/url")
    guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
    return URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines))
  }()

  /// Why the live-model tests cannot run, with the command that fixes it.
  public static let llmMissing =
    "no model server runs; start one with tools/llm-server start (CI does)"

  /// Whether the live-model tests run: a server runs, or backends are required.
  public static let runLLM = llmURL != nil || required
}
