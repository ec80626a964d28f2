// iOS, tvOS and watchOS start no processes.
#if os(macOS) || os(Linux)
  import CKitProcess

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// Writes to the input pipe of a process the kit talks with while it runs (an out-of-process
  /// adapter), without the process-wide `signal(SIGPIPE, SIG_IGN)` a library must not set: a
  /// write to a process that has died fails with EPIPE instead of ending this process.
  package enum PipeWriter {
    /// A write the pipe refused, with its errno value (EPIPE when the reader has gone).
    package struct WriteError: Error, Equatable {
      /// The errno value of the failed write.
      package let code: Int32
    }

    /// Prepares `descriptor`, a pipe's write end this process made, for ``write(_:to:)``: on
    /// macOS, the pipe's own flag (F_SETNOSIGPIPE); on Linux, nothing (each write blocks SIGPIPE
    /// on its thread).
    package static func prepare(_ descriptor: Int32) {
      _ = ckit_nosigpipe(descriptor)
    }

    /// Writes all of `bytes` to `descriptor`, a blocking pipe, retrying a write an interrupt cut
    /// short.
    ///
    /// - Throws: ``WriteError`` when a write fails: EPIPE when the reader has gone.
    package static func write(_ bytes: [UInt8], to descriptor: Int32) throws(WriteError) {
      var written = 0
      while written < bytes.count {
        let count = bytes.withUnsafeBytes { raw in
          raw.baseAddress.map { ckit_write(descriptor, $0 + written, raw.count - written) } ?? 0
        }
        if count > 0 {
          written += count
        } else if count < 0, errno == EINTR || errno == EAGAIN {
          continue
        } else {
          throw WriteError(code: count < 0 ? errno : EIO)
        }
      }
    }
  }
#endif
