/// The string in `bytes`, or `nil` when they are not valid UTF-8.
///
/// `String(validating:as:)` needs macOS 15; older systems decode with repair and compare.
func validatedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
  if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
    return String(validating: bytes, as: UTF8.self)
  }
  let text = String(decoding: bytes, as: UTF8.self)
  return text.utf8.elementsEqual(bytes) ? text : nil
}
