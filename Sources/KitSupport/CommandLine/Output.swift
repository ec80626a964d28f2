#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the command line writes: results to standard output, errors to standard error, each
/// with `write(2)` until all is written (FileHandle is not in FoundationEssentials, which is all
/// `contract-kit-anchors` loads).
package enum Output {
  package static func print(_ text: String) {
    var text = text
    text.append("\n")
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Writes bytes to standard output as they are, with no newline added.
  package static func write(_ bytes: UnsafeRawBufferPointer) {
    writeAll(bytes, to: 1)
  }

  /// Writes text to standard output as it is, with no newline added.
  package static func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  package static func error(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: 2) }
  }

  /// Writes all of `bytes` to the descriptor, however many calls it takes; stops at an error
  /// (a closed pipe), as a writer that cannot write has nothing better to do.
  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
    guard let base = bytes.baseAddress else { return }
    var done = 0
    while done < bytes.count {
      let count = posixWrite(descriptor, base + done, bytes.count - done)
      if count > 0 {
        done += count
      } else if count < 0, errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}

#if canImport(Glibc)
  private let posixWrite = Glibc.write
#elseif canImport(Darwin)
  private let posixWrite = Darwin.write
#endif

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
  // @unchecked: `items` is only appended to, under `lock` (in `keep`), and never read.
  private final class Values: @unchecked Sendable {
    let lock = Lock()
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
