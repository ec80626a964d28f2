import Foundation

/// Microsoft's `sarif-tools` (PyPI), a real SARIF reader, run on a log the kit wrote: what it
/// reads back, as the rows of `sarif csv` (tool, severity, code, description, location, line).
public enum SARIFTools {
  /// The `sarif` command, if sarif-tools is installed.
  public static let executable = Backends.executable(named: "sarif")

  /// Why the SARIF tests are skipped, in one line.
  public static let missing = "sarif-tools is not installed; install it with tools/install-backends"

  /// Whether the SARIF tests run: sarif-tools is there, or backends are required.
  public static let run = executable != nil || Backends.required

  /// One result as sarif-tools reads it.
  public struct Row: Hashable, Sendable {
    public let tool: String
    public let severity: String
    public let code: String
    public let description: String
    public let location: String
    public let line: String
  }

  /// What went wrong reading a log.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// The results of `log` as `sarif csv` reads them; throws when sarif-tools refuses the log.
  public static func rows(of log: String) throws -> [Row] {
    guard let sarif = executable, let python = Backends.python3 else {
      throw Failure(description: missing)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sarif-tools-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("log.sarif")
    let output = folder.appendingPathComponent("log.csv")
    try Data(log.utf8).write(to: input)
    try ProcessOutput.run(sarif, ["csv", input.path, "-o", output.path])
    // The CSV, read by Python's csv module and handed back as JSON.
    let json = try ProcessOutput.run(
      python,
      [
        "-c",
        "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='')))))",
        output.path,
      ])
    guard let table = try JSONSerialization.jsonObject(with: json) as? [[String]], !table.isEmpty
    else { throw Failure(description: "sarif csv wrote no header") }
    guard table[0].prefix(6) == ["Tool", "Severity", "Code", "Description", "Location", "Line"]
    else { throw Failure(description: "sarif csv wrote the header \(table[0])") }
    return table.dropFirst().map { row in
      Row(
        tool: row[0], severity: row[1], code: row[2], description: row[3], location: row[4],
        line: row[5])
    }
  }
}
