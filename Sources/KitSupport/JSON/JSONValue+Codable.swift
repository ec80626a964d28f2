extension JSONValue: Codable {
  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Decodes any JSON value; numbers must be integers.
  public init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: Key.self) {
      var members: [String: JSONValue] = [:]
      for key in object.allKeys {
        members[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
      }
      self = .object(members)
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self = .array(elements)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let flag = try? single.decode(Bool.self) {
        self = .bool(flag)
      } else if let number = try? single.decode(Int64.self) {
        self = .integer(number)
      } else if let text = try? single.decode(String.self) {
        self = .string(text)
      } else {
        throw DecodingError.dataCorruptedError(
          in: single, debugDescription: "a JSON value with integers only was expected")
      }
    }
  }

  /// Encodes the value as the JSON it stands for.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let flag):
      var single = encoder.singleValueContainer()
      try single.encode(flag)
    case .integer(let number):
      var single = encoder.singleValueContainer()
      try single.encode(number)
    case .string(let text):
      var single = encoder.singleValueContainer()
      try single.encode(text)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: Key.self)
      for (key, value) in members { try object.encode(value, forKey: Key(stringValue: key)) }
    }
  }
}
