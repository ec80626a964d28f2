import Foundation

/// Where the CLI writes: results to standard output, errors to standard error.
enum Output {
  static func print(_ text: String) {
    var text = text
    text.append("\n")
    text.withUTF8 { FileHandle.standardOutput.write(Data(buffer: $0)) }
  }

  /// Writes bytes to standard output as they are, with no newline added.
  static func write(_ bytes: UnsafeRawBufferPointer) {
    FileHandle.standardOutput.write(
      Data(
        bytesNoCopy: UnsafeMutableRawPointer(
          mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!), count: bytes.count,
        deallocator: .none))
  }

  /// Writes text to standard output as it is, with no newline added.
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}

/// Exit codes: 0 ok, 1 findings or failures, 2 usage or input error.
enum ExitCode {
  static let ok: Int32 = 0
  static let failures: Int32 = 1
  static let usage: Int32 = 2
}

/// Large results the process would only free on its way out: freeing a hundred thousand anchors
/// costs more than checking a tenth of them, and `exit` reclaims the memory anyway.
enum RetainedUntilExit {
  nonisolated(unsafe) private static var values: [Any] = []
  static func keep(_ value: Any) { values.append(value) }
}
