/// The string in `bytes`, or `nil` when they are not valid UTF-8.
///
/// `String(validating:as:)` needs macOS 15; older systems decode with repair and compare.
public func validatedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
  if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
    return String(validating: bytes, as: UTF8.self)
  }
  let text = String(decoding: bytes, as: UTF8.self)
  return text.utf8.elementsEqual(bytes) ? text : nil
}

/// The string in `bytes`, or `nil` when they are not valid UTF-8.
public func validatedUTF8(_ bytes: [UInt8]) -> String? {
  bytes.withUnsafeBufferPointer(validatedUTF8)
}

/// The text in `bytes`, decoded leniently: invalid sequences become U+FFFD, and `valid` says
/// whether there were any.
public func decodeUTF8Leniently(_ bytes: [UInt8]) -> (text: String, valid: Bool) {
  if let text = validatedUTF8(bytes) { return (text, true) }
  return (String(decoding: bytes, as: UTF8.self), false)
}

/// Whether every byte is ASCII, which is valid UTF-8 as it stands: checked eight bytes at a time,
/// so that callers can skip decoding and copying text that is plain ASCII.
public func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
  var offset = 0
  var high: UInt64 = 0
  while offset + 8 <= bytes.count {
    high |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    offset += 8
  }
  while offset < bytes.count {
    high |= UInt64(bytes[offset])
    offset += 1
  }
  return high & 0x8080_8080_8080_8080 == 0
}
