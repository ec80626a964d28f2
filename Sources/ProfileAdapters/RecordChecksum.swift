/// A fast 64-bit checksum for store records: it tells a whole record from a torn or mixed one.
///
/// Eight bytes at a time, each word is folded in with a multiply and an xor-shift (in the manner of
/// MurmurHash's mixing), then the length and a final avalanche. It is not cryptographic and needs
/// not be: it guards against crashes, not attackers. SHA-256 would cost five times the sync it
/// protects (measured by `Benchmarks/bench-store`).
enum RecordChecksum {
  static func of(_ parts: UnsafeRawBufferPointer...) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
    var length: UInt64 = 0
    for part in parts {
      length &+= UInt64(part.count)
      var offset = 0
      while part.count - offset >= 8 {
        hash = mix(hash, part.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
        offset &+= 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < part.count {
        tail |= UInt64(part[offset]) << shift
        shift &+= 8
        offset &+= 1
      }
      hash = mix(hash, tail ^ (shift << 56))
    }
    return avalanche(hash ^ length)
  }

  @inline(__always) private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    var k = word &* 0x87C3_7B91_1142_53D5
    k = (k << 31 | k >> 33) &* 0x4CF5_AD43_2745_937F
    let h = hash ^ k
    return (h << 27 | h >> 37) &* 5 &+ 0x52DC_E729
  }

  @inline(__always) private static func avalanche(_ value: UInt64) -> UInt64 {
    var h = value
    h ^= h >> 33
    h &*= 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    h &*= 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return h
  }
}
