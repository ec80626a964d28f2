/// One record in a slot file: a header that proves the body whole, then the body.
///
/// Layout, little-endian: magic `PCKS` (4 bytes), format version (1), kind (1: value,
/// 0: removed), two reserved bytes, sequence number (8), body length (8), a 64-bit
/// ``RecordChecksum`` of the header's first 24 bytes followed by the body (8), then the body. A torn or foreign record fails
/// ``decode(_:)``, and the store falls back to the other slot.
struct SlotRecord: Equatable {
  /// Whether the record holds a value or marks its removal.
  enum Kind: UInt8 {
    case removed = 0
    case value = 1
  }

  static let magic: [UInt8] = Array("PCKS".utf8)
  static let version: UInt8 = 1
  static let headerSize = 32

  var kind: Kind
  var sequence: UInt64
  var body: [UInt8]

  /// The record's bytes, as written to a slot file.
  func encoded() -> [UInt8] {
    var bytes = Self.magic
    bytes.reserveCapacity(Self.headerSize + body.count)
    bytes.append(Self.version)
    bytes.append(kind.rawValue)
    bytes.append(contentsOf: [0, 0])
    Self.appendLittleEndian(sequence, to: &bytes)
    Self.appendLittleEndian(UInt64(body.count), to: &bytes)
    Self.appendLittleEndian(Self.checksum(header: bytes[...], body: body[...]), to: &bytes)
    bytes.append(contentsOf: body)
    return bytes
  }

  /// The record in `bytes`, or `nil` when they are not one whole record of this format.
  static func decode(_ bytes: [UInt8]) -> SlotRecord? {
    guard bytes.count >= headerSize, Array(bytes[0..<4]) == magic, bytes[4] == version,
      let kind = Kind(rawValue: bytes[5])
    else { return nil }
    let sequence = readLittleEndian(bytes, at: 8)
    let length = readLittleEndian(bytes, at: 16)
    guard length <= UInt64(bytes.count - headerSize) else { return nil }
    let body = bytes[headerSize..<headerSize + Int(length)]
    guard checksum(header: bytes[0..<24], body: body) == readLittleEndian(bytes, at: 24) else {
      return nil
    }
    return SlotRecord(kind: kind, sequence: sequence, body: Array(body))
  }

  private static func checksum(header: ArraySlice<UInt8>, body: ArraySlice<UInt8>) -> UInt64 {
    header.withUnsafeBytes { header in
      body.withUnsafeBytes { body in RecordChecksum.of(header, body) }
    }
  }

  private static func appendLittleEndian(_ value: UInt64, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }

  private static func readLittleEndian(_ bytes: [UInt8], at offset: Int) -> UInt64 {
    (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << UInt64($1 * 8) }
  }
}
