import Foundation

/// Where the command line writes: results to standard output, errors to standard error.
package enum Output {
  package static func print(_ text: String) {
    var text = text
    text.append("\n")
    text.withUTF8 { FileHandle.standardOutput.write(Data(buffer: $0)) }
  }

  /// Writes bytes to standard output as they are, with no newline added.
  package static func write(_ bytes: UnsafeRawBufferPointer) {
    FileHandle.standardOutput.write(
      Data(
        bytesNoCopy: UnsafeMutableRawPointer(
          mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!), count: bytes.count,
        deallocator: .none))
  }

  /// Writes text to standard output as it is, with no newline added.
  package static func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  package static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}

/// Exit codes: 0 ok, 1 findings or failures, 2 usage or input error.
package enum ExitCode {
  package static let ok: Int32 = 0
  package static let failures: Int32 = 1
  package static let usage: Int32 = 2
}

/// Large results the process would only free on its way out: freeing a hundred thousand anchors
/// costs more than checking a tenth of them, and `exit` reclaims the memory anyway.
package enum RetainedUntilExit {
  /// Safe to share: its one list is touched only under its lock.
  private final class Values: @unchecked Sendable {
    let lock = NSLock()
    var items: [Any] = []
  }

  private static let values = Values()

  /// Keeps `value` until the process exits.
  package static func keep(_ value: Any) {
    values.lock.lock()
    values.items.append(value)
    values.lock.unlock()
  }
}
