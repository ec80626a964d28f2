import Foundation
import KitSupport

/// Where a suite keeps the generated inputs that failed, so that every later run replays them
/// first, before it generates anything (as proptest's `proptest-regressions/` and Hypothesis's
/// example database do): the scoped ``ConformanceSettings``' `regressions`, else the folder
/// `CONTRACT_KIT_REGRESSIONS` names, else none.
///
/// The folder holds one text file per suite, `store.txt` say, reviewed and committed like
/// code. Each line is a rule ID, the choices that generate its input (numbers parted by commas,
/// or `-` for none), and after `#`, the seed that first drew it and the input for the reader:
///
/// ```text
/// store.history 1,0,3,0,2 # seed 20261129: 1. save checkpoint for command A …
/// ```
///
/// Delete a line to forget its input. A line that is not a case fails the run, naming the file
/// and line; it is never skipped. The choices replay through the kit's generator of that rule:
/// after an upgrade that changed it, a line may make another input, still one the contract
/// admits, or none, which the check's message counts.
package enum RegressionFolder {
  /// The environment variable that names the folder.
  package static let environmentVariable = "CONTRACT_KIT_REGRESSIONS"

  /// The folder to use now, or `nil` for none.
  package static func current(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL? {
    if let folder = ConformanceSettings.scoped?.regressions { return folder }
    return KitEnvironment.value(environmentVariable, in: environment).map {
      URL(fileURLWithPath: $0, isDirectory: true)
    }
  }

  /// The file of `suite` in `folder`.
  package static func file(_ folder: URL, suite: String) -> URL {
    folder.appendingPathComponent("\(suite).txt")
  }

  /// The cases the file of `suite` in `folder` holds, by rule (none when there is no file), or
  /// one line naming the file and line that is not a case, and what to do.
  package static func load(_ folder: URL, suite: String, rules: Set<String>) -> Result<
    [String: [RegressionCase]], LoadProblem
  > {
    let url = file(folder, suite: suite)
    guard FileManager.default.fileExists(atPath: url.path) else { return .success([:]) }
    guard let data = FileManager.default.contents(atPath: url.path),
      let text = String(data: data, encoding: .utf8)
    else {
      return .failure(
        LoadProblem("\(url.path) cannot be read as UTF-8 text; restore it from version control"))
    }
    var cases: [String: [RegressionCase]] = [:]
    // Any line break, "\r\n" included: a file saved on Windows is read, not taken for one line.
    for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let code = line.trimmingCharacters(in: .whitespaces)
      if code.isEmpty || code.hasPrefix("#") { continue }
      switch RegressionCase.parse(Substring(code), rules: rules) {
      case .success(let found): cases[found.rule, default: []].append(found)
      case .failure(let problem):
        return .failure(
          LoadProblem(
            "\(url.path):\(number + 1): \(problem.message); fix the line or delete it"))
      }
    }
    return .success(cases)
  }

  /// What is wrong with `folder`, in one line, or `nil` when each suite's file in it is a
  /// regressions file or absent: a regular file where the folder should be, or the first line
  /// of any suite's file that is not a case.
  package static func problem(_ folder: URL) -> String? {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
      !isFolder.boolValue
    {
      return
        "\(folder.path) is a file, not a regressions folder; name a folder (it is made when a first input fails)"
    }
    for suite in RuleBook.suites {
      if case .failure(let problem) = load(
        folder, suite: suite.name, rules: Set(suite.rules.map(\.id)))
      {
        return problem.message
      }
    }
    return nil
  }

  /// Adds `cases` to the file of `suite` in `folder`, each once, making both when missing;
  /// returns what went wrong, in one line, or `nil`.
  package static func keep(_ cases: [RegressionCase], in folder: URL, suite: String) -> String? {
    guard !cases.isEmpty else { return nil }
    // Tests of one suite that fail at once read and write its file one after the other.
    writing.lock()
    defer { writing.unlock() }
    let url = file(folder, suite: suite)
    var text =
      (FileManager.default.contents(atPath: url.path)).map { String(decoding: $0, as: UTF8.self) }
        ?? """
        # contract-kit regressions of the \(suite) suite: generated inputs that failed, replayed
        # first by every run. Commit this file; delete a line to forget its input.

        """
    let rules = Set(cases.map(\.rule))
    var kept = Set(
      text.split(whereSeparator: \.isNewline).compactMap {
        try? RegressionCase.parse($0, rules: rules).get()
      }
      .map { "\($0.rule) \($0.choices)" })
    let new = cases.filter { kept.insert("\($0.rule) \($0.choices)").inserted }
    guard !new.isEmpty else { return nil }
    if let last = text.last, !last.isNewline { text += "\n" }
    text += new.map { $0.line + "\n" }.joined()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
      return nil
    } catch {
      return "could not keep the failing input in \(url.path): \(describe(error))"
    }
  }

  private static let writing = NSLock()

  /// A regressions file that is not one, in one line.
  package struct LoadProblem: Error, Equatable {
    /// The file and line, what is wrong, and what to do.
    package let message: String
    init(_ message: String) { self.message = message }
  }
}

/// The stored cases of the suite running in this task, by rule: ``Property/run(_:budget:)``
/// replays a rule's before it generates anything.
enum StoredRegressions {
  @TaskLocal static var current: [String: [RegressionCase]] = [:]
}
