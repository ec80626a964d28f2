/// The writing systems the built-in identifier tells apart.
enum Script: CaseIterable {
  case latin, hangul, kana, han, cyrillic, arabic, hebrew, greek, thai, devanagari

  /// The script of a letter, or `nil` for anything else (digits, punctuation, other scripts).
  init?(_ scalar: Unicode.Scalar) {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x1E00...0x1EFF:
      self = .latin
    case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF:
      self = .hangul
    case 0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:
      self = .kana
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F:
      self = .han
    case 0x400...0x52F: self = .cyrillic
    case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
      self = .arabic
    case 0x590...0x5FF, 0xFB1D...0xFB4F: self = .hebrew
    case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
    case 0xE00...0xE7F: self = .thai
    case 0x900...0x97F: self = .devanagari
    default: return nil
    }
  }

  /// The language a text in this script is taken to be, for scripts that decide it alone.
  var language: String? {
    switch self {
    case .latin, .han, .kana: nil  // decided by words, or by the mix of Han and Kana
    case .hangul: "ko"
    case .cyrillic: "ru"
    case .arabic: "ar"
    case .hebrew: "he"
    case .greek: "el"
    case .thai: "th"
    case .devanagari: "hi"
    }
  }
}
