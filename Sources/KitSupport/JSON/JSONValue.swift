/// A JSON document as a value: what the canonical encoder writes and what diffs compare.
///
/// Numbers are integers only. The contract has no floating-point values, which is what lets the
/// canonical form be byte-identical on every platform. JSON's kinds are fixed by its grammar, so
/// this stays an enum: switch over it exhaustively.
public enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer.
  case integer(Int64)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object. Key order carries no meaning; the canonical form sorts keys.
  case object([String: JSONValue])

  /// The value at `key` when this is an object, else `nil`.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }
}

extension JSONValue {
  /// Parses UTF-8 JSON text.
  ///
  /// - Throws: ``JSONError`` naming the JSON path and the line where the text stops being JSON,
  ///   or where a number is not an integer.
  /// - Complexity: O(n) in the length of `bytes`.
  public init<Bytes: Collection>(parsing bytes: Bytes) throws
  where Bytes.Element == UInt8 {
    var parser = JSONParser(bytes: Array(bytes))
    self = try parser.parseDocument()
  }
}

/// A recursive-descent JSON parser that tracks the JSON path for its messages.
private struct JSONParser {
  let bytes: [UInt8]
  var position = 0
  /// Where the parser is, as object keys and array indexes; rendered only for a message.
  var path: [PathComponent] = []

  enum PathComponent {
    case key(String)
    case index(Int)

    var rendered: String {
      switch self {
      case .key(let key): JSONError.keyComponent(key)
      case .index(let index): "[\(index)]"
      }
    }
  }
  static let maximumDepth = 512

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func parseDocument() throws -> JSONValue {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard position == bytes.count else { throw failure("unexpected text after the JSON value") }
    return value
  }

  private var line: Int {
    bytes[..<min(position, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
  }

  private func failure(_ message: String) -> JSONError {
    JSONError(path: JSONError.render(path.map(\.rendered)), message: "\(message) (line \(line))")
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws -> JSONValue {
    guard path.count < Self.maximumDepth else { throw failure("nested deeper than 512 levels") }
    guard position < bytes.count else { throw failure("unexpected end of text; expected a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected character \(describe(bytes[position])); expected a value")
    }
  }

  private func describe(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F
      ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }

  private mutating func expectLiteral(_ literal: StaticString) throws {
    let text = literal.withUTF8Buffer { Array($0) }
    guard bytes.count - position >= text.count,
      Array(bytes[position..<position + text.count]) == text
    else { throw failure("unexpected text; expected \(literal)") }
    position += text.count
  }

  private mutating func parseObject() throws -> JSONValue {
    position += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw failure("expected a quoted key")
      }
      let key = try parseString()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw failure("expected ':' after key \"\(key)\"")
      }
      position += 1
      skipWhitespace()
      path.append(.key(key))
      guard members[key] == nil else { throw failure("duplicate key") }
      members[key] = try parseValue()
      path.removeLast()
      skipWhitespace()
      guard position < bytes.count else { throw failure("unexpected end of text in an object") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(members)
      } else {
        throw failure("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func parseArray() throws -> JSONValue {
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      path.append(.index(elements.count))
      elements.append(try parseValue())
      path.removeLast()
      skipWhitespace()
      guard position < bytes.count else { throw failure("unexpected end of text in an array") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(elements)
      } else {
        throw failure("expected ',' or ']' in an array")
      }
    }
  }

  private mutating func parseNumber() throws -> JSONValue {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    let digitsStart = position
    while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    {
      position += 1
    }
    guard position > digitsStart else { throw failure("expected digits in a number") }
    if position < bytes.count,
      [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position])
    {
      throw failure("non-integer number; the canonical form has no floating-point values")
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Int64(text) else { throw failure("number \(text) does not fit in 64 bits") }
    return .integer(value)
  }

  private mutating func parseString() throws -> String {
    position += 1
    let start = position
    // Fast path: no escapes, so the string is the bytes between the quotes.
    while position < bytes.count, bytes[position] != UInt8(ascii: "\""),
      bytes[position] != UInt8(ascii: "\\"),
      bytes[position] >= 0x20
    {
      position += 1
    }
    var utf8 = [UInt8]()
    if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
      position += 1
      return try makeString(start..<position - 1)
    }
    utf8.append(contentsOf: bytes[start..<position])
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        guard let text = utf8.withUnsafeBufferPointer(validatedUTF8) else {
          throw failure("string is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        position += 1
        utf8.append(contentsOf: String(Character(try parseEscape())).utf8)
      case 0x00..<0x20:
        throw failure("unescaped control character in a string")
      default:
        utf8.append(byte)
        position += 1
      }
    }
    throw failure("unterminated string")
  }

  private func makeString(_ range: Range<Int>) throws -> String {
    let text = bytes.withUnsafeBufferPointer {
      validatedUTF8(UnsafeBufferPointer(rebasing: $0[range]))
    }
    guard let text else { throw failure("string is not valid UTF-8") }
    return text
  }

  private mutating func parseEscape() throws -> Unicode.Scalar {
    guard position < bytes.count else { throw failure("unterminated escape") }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHex4()
      if (0xD800..<0xDC00).contains(high) {
        guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw failure("unpaired surrogate in \\u escape") }
        position += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low),
          let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        else { throw failure("invalid surrogate pair in \\u escape") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(high) else {
        throw failure("unpaired surrogate in \\u escape")
      }
      return scalar
    default:
      throw failure("invalid escape \\\(Character(Unicode.Scalar(byte)))")
    }
  }

  private mutating func parseHex4() throws -> UInt32 {
    guard bytes.count - position >= 4 else { throw failure("short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("invalid hex digit in \\u escape")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }
}
