#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one canonical JSON form of every contract value: what golden files and stores keep.
///
/// The canonical form sorts object keys by their UTF-8 bytes, writes integers only, escapes only
/// what JSON requires (`"`, `\`, and control characters), and is produced by this package's own
/// writer rather than the platform's, so it is byte-identical on Linux and macOS.
///
/// ```swift
/// let bytes = try CanonicalJSON.encode(command)  // compact, for hashing and storage
/// let text = try CanonicalJSON.encode(command, pretty: true)  // two-space indent, for review
/// let back = try CanonicalJSON.decode(ProfileCommand.self, from: bytes)
/// ```
public enum CanonicalJSON {
  /// Encodes `value` in the canonical form.
  ///
  /// - Parameters:
  ///   - value: any `Encodable` value whose numbers are integers.
  ///   - pretty: two-space indentation and a trailing newline, for files people review.
  /// - Throws: ``JSONError`` when the value holds a floating-point number or cannot be encoded.
  public static func encode<Value: Encodable>(_ value: Value, pretty: Bool = false) throws -> Data {
    try render(jsonValue(of: value), pretty: pretty)
  }

  /// Encodes `value` as a ``JSONValue`` tree, for field-by-field comparison.
  ///
  /// - Throws: ``JSONError`` when the value holds a floating-point number or cannot be encoded.
  public static func jsonValue<Value: Encodable>(of value: Value) throws -> JSONValue {
    do {
      return try JSONValueEncoder.encode(value)
    } catch let error as EncodingError {
      if case .invalidValue(_, let context) = error {
        throw JSONError(
          path: JSONError.render(context.codingPath), message: context.debugDescription)
      }
      throw JSONError(path: "$", message: "\(error)")
    }
  }

  /// Writes a ``JSONValue`` in the canonical form.
  public static func render(_ value: JSONValue, pretty: Bool = false) -> Data {
    var writer = CanonicalWriter(pretty: pretty)
    writer.write(value, depth: 0)
    if pretty { writer.output.append(0x0A) }
    return Data(writer.output)
  }

  /// Decodes a contract value from JSON.
  ///
  /// - Throws: ``JSONError`` naming the JSON path of the first offending value, for example
  ///   `$.receipt.steps[0].attempts: expected Int, found a string`.
  public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw describe(error, in: data)
    }
  }

  /// Turns a `DecodingError` into a ``JSONError`` with a JSON path.
  static func describe(_ error: DecodingError, in data: Data) -> JSONError {
    switch error {
    case .typeMismatch(let type, let context):
      return JSONError(path: JSONError.render(context.codingPath), message: "expected \(type)")
    case .valueNotFound(let type, let context):
      return JSONError(
        path: JSONError.render(context.codingPath), message: "expected \(type), found null")
    case .keyNotFound(let key, let context):
      return JSONError(
        path: JSONError.render(context.codingPath),
        message: "missing key \"\(key.stringValue)\"")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        // A syntax error: the platform's message is vague, so let our parser locate it.
        do { _ = try JSONValue(parsing: data) } catch let syntax as JSONError {
          return syntax
        } catch {}
      }
      return JSONError(
        path: JSONError.render(context.codingPath), message: context.debugDescription)
    @unknown default:
      return JSONError(path: "$", message: "\(error)")
    }
  }
}

/// Writes canonical JSON bytes.
private struct CanonicalWriter {
  let pretty: Bool
  var output: [UInt8] = []

  init(pretty: Bool) { self.pretty = pretty }

  mutating func write(_ value: JSONValue, depth: Int) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .integer(let number): output.append(contentsOf: String(number).utf8)
    case .string(let text): CanonicalJSON.appendString(text, to: &output)
    case .array(let elements):
      guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
      output.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        newline(depth: depth + 1)
        write(element, depth: depth + 1)
      }
      newline(depth: depth)
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
      output.append(UInt8(ascii: "{"))
      let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      for (offset, key) in keys.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        newline(depth: depth + 1)
        CanonicalJSON.appendString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(UInt8(ascii: " ")) }
        write(members[key] ?? .null, depth: depth + 1)
      }
      newline(depth: depth)
      output.append(UInt8(ascii: "}"))
    }
  }

  private mutating func newline(depth: Int) {
    guard pretty else { return }
    output.append(0x0A)
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
  }
}

extension CanonicalJSON {
  /// Appends `text` as a JSON string literal, escaping only what JSON requires: `"`, `\` and
  /// control characters (`\n`, `\r` and `\t` by name, the rest as `\u00XX`).
  ///
  /// This is the one string escaper of the package: streaming writers that build JSON by hand,
  /// such as the anchors report, call it so that their strings match the canonical form.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length of `text`; runs that need no escape are found eight
  ///   bytes at a time and copied whole.
  public static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    appendStringContents(text, to: &output)
    output.append(UInt8(ascii: "\""))
  }

  /// Appends `text` escaped as ``appendString(_:to:)`` escapes it, without the quotes: for a
  /// writer that builds one string literal from several pieces.
  public static func appendStringContents(_ text: String, to output: inout [UInt8]) {
    // Native strings lend their bytes as they are; only others are copied to be made contiguous.
    if let done: Void = text.utf8.withContiguousStorageIfAvailable({
      appendEscaped($0, to: &output)
    }) {
      return done
    }
    var text = text
    text.withUTF8 { appendEscaped($0, to: &output) }
  }

  private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    var runStart = 0
    var offset = 0
    // An index loop, not enumerated(): it stays fast in debug builds, where 8 MiB payloads
    // pass through here as Base64.
    while offset < bytes.count {
      if let base = UnsafeRawPointer(bytes.baseAddress) {
        while offset + 8 <= bytes.count,
          !mayNeedEscape(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        {
          offset += 8
        }
      }
      guard offset < bytes.count else { break }
      let byte = bytes[offset]
      offset += 1
      guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset - 1]))
      runStart = offset
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
      case 0x0A: output.append(contentsOf: #"\n"#.utf8)
      case 0x0D: output.append(contentsOf: #"\r"#.utf8)
      case 0x09: output.append(contentsOf: #"\t"#.utf8)
      default:
        let hex = String(byte, radix: 16)
        output.append(
          contentsOf: (#"\u"# + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
  }

  /// Whether any of the eight bytes of `word` is below 0x20, `"` or `\`. Exact when `false`;
  /// `true` sends the bytes to the one-at-a-time loop, which decides.
  @inline(__always)
  static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let control = (word &- ones &* 0x20) & ~word
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    return (control | zeroQuote | zeroBackslash) & highs != 0
  }

  /// `text` as a JSON string literal, escaped as ``appendString(_:to:)`` does.
  public static func quoted(_ text: String) -> String {
    var output: [UInt8] = []
    appendString(text, to: &output)
    return String(decoding: output, as: UTF8.self)
  }
}
