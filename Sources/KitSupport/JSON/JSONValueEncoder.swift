#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Encodes `Encodable` values straight into a ``JSONValue`` tree, without a round trip through
/// text. `Data` becomes a Base64 string, as with `JSONEncoder`; floating-point values are refused.
struct JSONValueEncoder {
  static func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
    let slot = Slot()
    try Slot.store(value, in: slot, codingPath: [])
    return slot.resolved()
  }
}

/// One place in the tree being built. Reference semantics let nested containers fill their
/// parent's place after the parent has handed them out.
private final class Slot {
  var value: JSONValue?
  var object: [String: Slot]?
  var array: [Slot]?

  func resolved() -> JSONValue {
    if let object { return .object(object.mapValues { $0.resolved() }) }
    if let array { return .array(array.map { $0.resolved() }) }
    return value ?? .object([:])
  }

  static func store<Value: Encodable>(_ value: Value, in slot: Slot, codingPath: [any CodingKey])
    throws
  {
    switch value {
    case let data as Data: slot.value = .string(data.base64EncodedString())
    case let text as String: slot.value = .string(text)
    case let number as Int: slot.value = .integer(Int64(number))
    case let flag as Bool: slot.value = .bool(flag)
    default: try value.encode(to: TreeEncoder(slot: slot, codingPath: codingPath))
    }
  }

  static func integer<Number: BinaryInteger>(_ number: Number, codingPath: [any CodingKey]) throws
    -> JSONValue
  {
    guard let exact = Int64(exactly: number) else {
      throw EncodingError.invalidValue(
        number,
        .init(codingPath: codingPath, debugDescription: "integer \(number) does not fit in 64 bits")
      )
    }
    return .integer(exact)
  }

  static func refuseFloat(_ number: Any, codingPath: [any CodingKey]) -> EncodingError {
    .invalidValue(
      number,
      .init(
        codingPath: codingPath,
        debugDescription: "floating-point value \(number); the canonical form has integers only"))
  }
}

private struct TreeEncoder: Encoder {
  let slot: Slot
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if slot.object == nil { slot.object = [:] }
    return KeyedEncodingContainer(KeyedContainer<Key>(slot: slot, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if slot.array == nil { slot.array = [] }
    return UnkeyedContainer(slot: slot, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(slot: slot, codingPath: codingPath)
  }
}

private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "\(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let slot: Slot
  let codingPath: [any CodingKey]

  private func child(_ key: Key) -> Slot { child(named: key.stringValue) }

  /// A new slot under `name` in this container's object (made if the slot holds none yet).
  private func child(named name: String) -> Slot {
    let child = Slot()
    if slot.object == nil { slot.object = [:] }
    slot.object?[name] = child
    return child
  }

  private func set(_ value: JSONValue, _ key: Key) { child(key).value = value }

  mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    throw Slot.refuseFloat(value, codingPath: codingPath + [key])
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    throw Slot.refuseFloat(value, codingPath: codingPath + [key])
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { set(.integer(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    set(try Slot.integer(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    set(try Slot.integer(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try Slot.store(value, in: child(key), codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    TreeEncoder(slot: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    TreeEncoder(slot: child(key), codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    // By name: a `Key` type need not have a `super` case, as JSONEncoder's does not ask.
    TreeEncoder(slot: child(named: "super"), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    TreeEncoder(slot: child(key), codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let slot: Slot
  let codingPath: [any CodingKey]
  var count: Int { slot.array?.count ?? 0 }

  private func next() -> Slot {
    let child = Slot()
    if slot.array == nil { slot.array = [] }
    slot.array?.append(child)
    return child
  }

  private var nextPath: [any CodingKey] { codingPath + [IndexKey(count)] }

  mutating func encodeNil() throws { next().value = .null }
  mutating func encode(_ value: Bool) throws { next().value = .bool(value) }
  mutating func encode(_ value: String) throws { next().value = .string(value) }
  mutating func encode(_ value: Double) throws {
    throw Slot.refuseFloat(value, codingPath: nextPath)
  }
  mutating func encode(_ value: Float) throws {
    throw Slot.refuseFloat(value, codingPath: nextPath)
  }
  mutating func encode(_ value: Int) throws { next().value = .integer(Int64(value)) }
  mutating func encode(_ value: Int8) throws { next().value = .integer(Int64(value)) }
  mutating func encode(_ value: Int16) throws { next().value = .integer(Int64(value)) }
  mutating func encode(_ value: Int32) throws { next().value = .integer(Int64(value)) }
  mutating func encode(_ value: Int64) throws { next().value = .integer(value) }
  mutating func encode(_ value: UInt) throws {
    let value = try Slot.integer(value, codingPath: nextPath)
    next().value = value
  }
  mutating func encode(_ value: UInt8) throws { next().value = .integer(Int64(value)) }
  mutating func encode(_ value: UInt16) throws { next().value = .integer(Int64(value)) }
  mutating func encode(_ value: UInt32) throws { next().value = .integer(Int64(value)) }
  mutating func encode(_ value: UInt64) throws {
    let value = try Slot.integer(value, codingPath: nextPath)
    next().value = value
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    let path = nextPath
    try Slot.store(value, in: next(), codingPath: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let path = nextPath
    return TreeEncoder(slot: next(), codingPath: path).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = nextPath
    return TreeEncoder(slot: next(), codingPath: path).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let path = nextPath
    return TreeEncoder(slot: next(), codingPath: path)
  }
}

private struct SingleContainer: SingleValueEncodingContainer {
  let slot: Slot
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { slot.value = .null }
  mutating func encode(_ value: Bool) throws { slot.value = .bool(value) }
  mutating func encode(_ value: String) throws { slot.value = .string(value) }
  mutating func encode(_ value: Double) throws {
    throw Slot.refuseFloat(value, codingPath: codingPath)
  }
  mutating func encode(_ value: Float) throws {
    throw Slot.refuseFloat(value, codingPath: codingPath)
  }
  mutating func encode(_ value: Int) throws { slot.value = .integer(Int64(value)) }
  mutating func encode(_ value: Int8) throws { slot.value = .integer(Int64(value)) }
  mutating func encode(_ value: Int16) throws { slot.value = .integer(Int64(value)) }
  mutating func encode(_ value: Int32) throws { slot.value = .integer(Int64(value)) }
  mutating func encode(_ value: Int64) throws { slot.value = .integer(value) }
  mutating func encode(_ value: UInt) throws {
    slot.value = try Slot.integer(value, codingPath: codingPath)
  }
  mutating func encode(_ value: UInt8) throws { slot.value = .integer(Int64(value)) }
  mutating func encode(_ value: UInt16) throws { slot.value = .integer(Int64(value)) }
  mutating func encode(_ value: UInt32) throws { slot.value = .integer(Int64(value)) }
  mutating func encode(_ value: UInt64) throws {
    slot.value = try Slot.integer(value, codingPath: codingPath)
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try Slot.store(value, in: slot, codingPath: codingPath)
  }
}
