import Foundation

extension NSLock {
  /// Runs `body` holding the lock. (`NSLocking.withLock` needs macOS 14; the kit supports 13.)
  func withCriticalSection<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// The string in `bytes`, or `nil` when they are not valid UTF-8.
///
/// `String(validating:as:)` needs macOS 15; older systems decode with repair and compare.
func validatedUTF8(_ bytes: [UInt8]) -> String? {
  if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
    return String(validating: bytes, as: UTF8.self)
  }
  let text = String(decoding: bytes, as: UTF8.self)
  return text.utf8.elementsEqual(bytes) ? text : nil
}
