import Foundation
import KitSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One HTTP/1.1 request (a POST, or the preflight's GET) over a plain socket, for `http://` base URLs (the local model servers):
/// `Connection: close`, the answer read to the end, a deadline and cancellation checked every
/// 50 ms while it waits in `poll`, on a thread of its own. Linux's URLSession busy-waits while an
/// answer is pending (a core taken from the model on a small machine) and was seen to stop
/// receiving answers from llama-server; `https://` URLs still go through URLSession. Connecting
/// is not bounded by the deadline: a local server accepts or refuses at once.
struct PlainHTTPClient: Sendable {
  /// A status, the headers (names lowercased) and the body.
  struct Response: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data
  }

  /// Sends `method` to `url` with `headers` and `body` (none for a GET).
  ///
  /// - Throws: ``OpenAINativeError`` (transport), or `CancellationError`.
  static func perform(
    _ method: String, _ url: URL, headers: [String: String], body: Data?, timeout: TimeInterval
  ) async throws -> Response {
    let cancelled = CancelFlag()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        cancelled.attach(continuation)
        let thread = Thread {
          cancelled.finish(
            Result {
              try exchange(
                method, url, headers: headers, body: body, timeout: timeout, cancelled: cancelled)
            })
        }
        thread.start()
      }
    } onCancel: {
      // The call ends now; the socket thread sees the flag within 50 ms and closes.
      cancelled.set()
      cancelled.finish(.failure(CancellationError()))
    }
  }

  /// Set when the calling task is cancelled (read by the socket loop), and the continuation
  /// that ends the call, resumed exactly once: by the answer or by cancellation.
  // @unchecked: `value`, `continuation` and `early` are read and written only under `lock`.
  final class CancelFlag: @unchecked Sendable {
    private let lock = Lock()
    private var value = false
    private var continuation: CheckedContinuation<Response, any Error>?
    private var early: Result<Response, any Error>?

    func set() { lock.withCriticalSection { value = true } }
    var isSet: Bool { lock.withCriticalSection { value } }

    func attach(_ continuation: CheckedContinuation<Response, any Error>) {
      let early = lock.withCriticalSection { () -> Result<Response, any Error>? in
        if let early = self.early { return early }
        self.continuation = continuation
        return nil
      }
      if let early { continuation.resume(with: early) }
    }

    func finish(_ result: Result<Response, any Error>) {
      let continuation = lock.withCriticalSection {
        () -> CheckedContinuation<Response, any Error>? in
        defer { self.continuation = nil }
        if self.continuation == nil, early == nil { early = result }
        return self.continuation
      }
      continuation?.resume(with: result)
    }
  }

  private static func exchange(
    _ method: String, _ url: URL, headers: [String: String], body: Data?, timeout: TimeInterval,
    cancelled: CancelFlag
  ) throws -> Response {
    let address = url.absoluteString
    func transport(_ kind: OpenAINativeError.Transport, _ detail: String) -> OpenAINativeError {
      .transport(kind, url: address, detail: detail)
    }
    guard let host = url.host else { throw transport(.other, "no host in the URL") }
    let port = url.port ?? 80
    let deadline = Date().addingTimeInterval(timeout)

    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
      throw transport(.hostNotFound, "cannot resolve \(host)")
    }
    defer { freeaddrinfo(found) }
    var descriptor: Int32 = -1
    var refused = false
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let info = candidate, descriptor < 0 {
      let socketDescriptor = socket(
        info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      if socketDescriptor >= 0 {
        if connect(socketDescriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
          descriptor = socketDescriptor
        } else {
          refused = refused || errno == ECONNREFUSED
          close(socketDescriptor)
        }
      }
      candidate = info.pointee.ai_next
    }
    guard descriptor >= 0 else {
      throw transport(refused ? .connectionRefused : .other, "cannot connect to \(host):\(port)")
    }
    defer { close(descriptor) }
    // A peer that closes early must not kill the process with SIGPIPE.
    #if canImport(Glibc)
      let sendFlags = Int32(MSG_NOSIGNAL)
    #else
      let sendFlags: Int32 = 0
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif

    var path = url.path.isEmpty ? "/" : url.path
    if let query = url.query { path += "?" + query }
    var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
    if let body { head += "Content-Length: \(body.count)\r\n" }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    head += "\r\n"
    let request = Data(head.utf8) + (body ?? Data())

    /// Waits until the socket is ready for `events`, the deadline passes or the task is cancelled.
    func wait(_ events: Int16) throws {
      while true {
        if cancelled.isSet { throw CancellationError() }
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { throw transport(.timedOut, "no answer within \(Int(timeout)) s") }
        var poller = pollfd(fd: descriptor, events: events, revents: 0)
        let ready = poll(&poller, 1, Int32(min(50, max(1, left * 1000))))
        if ready > 0 { return }
        if ready < 0, errno != EINTR { throw transport(.connectionLost, "poll failed") }
      }
    }

    var sent = 0
    while sent < request.count {
      try wait(Int16(POLLOUT))
      let written = request.withUnsafeBytes { raw in
        // Not all sent, so not empty: the bytes have an address.
        raw.baseAddress.map { send(descriptor, $0 + sent, raw.count - sent, sendFlags) } ?? -1
      }
      guard written > 0 else {
        throw transport(.connectionLost, "the connection closed while sending")
      }
      sent += written
    }

    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      try wait(Int16(POLLIN))
      let count = buffer.withUnsafeMutableBytes { raw in
        raw.baseAddress.map { recv(descriptor, $0, raw.count, 0) } ?? -1
      }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw transport(.connectionLost, "the connection broke while receiving")
      }
      if count == 0 { break }
      received.append(contentsOf: buffer[0..<count])
    }
    return try parse(received, transport: transport)
  }

  /// A whole HTTP/1.1 answer: status line, headers, and a body by `Content-Length`, chunks, or
  /// the rest of the stream.
  static func parse(
    _ data: Data, transport: (OpenAINativeError.Transport, String) -> OpenAINativeError
  ) throws -> Response {
    guard let end = data.range(of: Data("\r\n\r\n".utf8)) else {
      throw transport(.connectionLost, "the connection closed before a complete answer")
    }
    let head = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/"), let status = Int(statusLine[1])
    else { throw transport(.other, "the server did not answer HTTP") }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    var body = Data(data[end.upperBound...])
    if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
      var decoded = Data()
      var rest = body[...]
      while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
        let size =
          Int(
            String(decoding: rest[rest.startIndex..<lineEnd.lowerBound], as: UTF8.self)
              .split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? "", radix: 16)
          ?? 0
        let start = lineEnd.upperBound
        guard size > 0, rest.distance(from: start, to: rest.endIndex) >= size else { break }
        decoded.append(rest[start..<rest.index(start, offsetBy: size)])
        rest = rest[rest.index(start, offsetBy: size)...].dropFirst(2)
      }
      body = decoded
    } else if let length = headers["content-length"].flatMap(Int.init) {
      guard body.count >= length else {
        throw transport(.connectionLost, "the answer was cut short")
      }
      body = body.prefix(length)
    }
    return Response(status: status, headers: headers, body: body)
  }
}
