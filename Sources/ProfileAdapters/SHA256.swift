/// SHA-256 (FIPS 180-4), written in Swift because Linux has no CryptoKit.
///
/// The store names its files by the digest of a command's canonical JSON and checks every record
/// with it. Tested against the NIST example vectors.
///
/// ```swift
/// let digest = SHA256.hex(Array("abc".utf8))
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public struct SHA256: Sendable {
  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19,
  ]
  private var buffer: [UInt8] = []
  private var length: UInt64 = 0

  /// Starts an empty digest.
  public init() { buffer.reserveCapacity(64) }

  /// Adds `bytes` to the digest.
  ///
  /// - Complexity: O(n) in the number of bytes.
  public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    for byte in bytes {
      buffer.append(byte)
      length &+= 1
      if buffer.count == 64 {
        compress(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
  }

  /// Adds the bytes of a contiguous buffer to the digest, a block at a time.
  ///
  /// - Complexity: O(n) in the number of bytes.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    length &+= UInt64(bytes.count)
    if !buffer.isEmpty {
      let take = min(64 - buffer.count, bytes.count)
      buffer.append(contentsOf: bytes[0..<take])
      offset = take
      if buffer.count == 64 {
        compress(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    while bytes.count - offset >= 64 {
      compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64]))
      offset += 64
    }
    buffer.append(contentsOf: bytes[offset...])
  }

  /// The 32-byte digest of everything added so far.
  public func finalize() -> [UInt8] {
    var copy = self
    let bitLength = copy.length &* 8
    var tail = copy.buffer
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    for start in stride(from: 0, to: tail.count, by: 64) {
      copy.compress(Array(tail[start..<start + 64]))
    }
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in copy.state {
      digest.append(UInt8(truncatingIfNeeded: word >> 24))
      digest.append(UInt8(truncatingIfNeeded: word >> 16))
      digest.append(UInt8(truncatingIfNeeded: word >> 8))
      digest.append(UInt8(truncatingIfNeeded: word))
    }
    return digest
  }

  /// The digest of `bytes`.
  public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
    var digest = SHA256()
    if let result = bytes.withContiguousStorageIfAvailable({ pointer in
      digest.update(UnsafeRawBufferPointer(pointer))
    }) {
      _ = result
    } else {
      var copy = Array(bytes)
      copy.withUnsafeBytes { digest.update($0) }
      copy.removeAll()
    }
    return digest.finalize()
  }

  /// The digest of `bytes`, as 64 lowercase hexadecimal digits.
  public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    hexString(hash(bytes))
  }

  /// Lowercase hexadecimal digits for `bytes`.
  static func hexString(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  private mutating func compress(_ block: [UInt8]) {
    block.withUnsafeBytes { compress($0) }
  }

  private mutating func compress(_ block: UnsafeRawBufferPointer) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      compress(block, schedule: w)
    }
  }

  private mutating func compress(
    _ block: UnsafeRawBufferPointer, schedule w: UnsafeMutableBufferPointer<UInt32>
  ) {
    for i in 0..<16 {
      w[i] =
        UInt32(block[i &* 4]) << 24 | UInt32(block[i &* 4 &+ 1]) << 16
        | UInt32(block[i &* 4 &+ 2]) << 8 | UInt32(block[i &* 4 &+ 3])
    }
    for i in 16..<64 {
      let s0 = rotr(w[i &- 15], 7) ^ rotr(w[i &- 15], 18) ^ (w[i &- 15] >> 3)
      let s1 = rotr(w[i &- 2], 17) ^ rotr(w[i &- 2], 19) ^ (w[i &- 2] >> 10)
      w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
    }
    state.withUnsafeMutableBufferPointer { state in
      Self.k.withUnsafeBufferPointer { k in
        var a = state[0]
        var b = state[1]
        var c = state[2]
        var d = state[3]
        var e = state[4]
        var f = state[5]
        var g = state[6]
        var h = state[7]
        for i in 0..<64 {
          let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
          let choice = (e & f) ^ (~e & g)
          let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
          let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
          let majority = (a & b) ^ (a & c) ^ (b & c)
          let t2 = s0 &+ majority
          h = g
          g = f
          f = e
          e = d &+ t1
          d = c
          c = b
          b = a
          a = t1 &+ t2
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
      }
    }
  }

  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}

@inline(__always) private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 &- n) }
