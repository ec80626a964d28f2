/// What became of an anchor. Exactly one per anchor, decided in the order the statics are listed.
public struct AnchorStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The status's name, as in the JSON output.
  public let rawValue: String
  /// Creates a status from its name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The path is absolute, climbs out with `..`, or reaches outside through a symlink. Never read.
  public static let outsideRoot = AnchorStatus(rawValue: "outsideRoot")
  /// No such file.
  public static let missingFile = AnchorStatus(rawValue: "missingFile")
  /// A bare file name that several files under the root share, or a symbol that several
  /// declarations of the file answer to (overloads), each listed.
  public static let ambiguous = AnchorStatus(rawValue: "ambiguous")
  /// The file holds no declaration of the symbol's name; the nearest names are suggested.
  public static let missingSymbol = AnchorStatus(rawValue: "missingSymbol")
  /// A permalink this clone cannot check: into a repository no GitHub remote of the root's
  /// names, to a commit the clone does not have, or outside a git work tree. Left alone, and
  /// counted; it never fails a run.
  public static let outsideHistory = AnchorStatus(rawValue: "outsideHistory")
  /// The quote equals the cited lines.
  public static let ok = AnchorStatus(rawValue: "ok")
  /// An unquoted citation whose lines exist: all it can prove. Nothing says what the lines
  /// should hold, so it cannot go stale in a way the checker sees; quote the lines, or name
  /// their declaration, to make it checkable. Fails a run only under `--fail-on unverified`.
  public static let unverified = AnchorStatus(rawValue: "unverified")
  /// The quote stands elsewhere in the same file; the suggestion is its new range.
  public static let moved = AnchorStatus(rawValue: "moved")
  /// The range runs past the end of the file (or is empty or reversed), and the quote is found
  /// nowhere.
  public static let outOfRange = AnchorStatus(rawValue: "outOfRange")
  /// The lines are there but differ from the quote, and the quote is found nowhere.
  public static let changed = AnchorStatus(rawValue: "changed")

  /// Every status, in the JSON summary's order.
  public static let all: [AnchorStatus] = [
    .ok, .unverified, .moved, .changed, .outOfRange, .missingSymbol, .missingFile, .ambiguous,
    .outsideRoot, .outsideHistory,
  ]

  /// Words for the text summary: `missing file`, `out of range`, …
  public var words: String {
    switch self {
    case .missingFile: "missing file"
    case .missingSymbol: "missing symbol"
    case .outOfRange: "out of range"
    case .outsideRoot: "outside root"
    case .outsideHistory: "outside history"
    default: rawValue
    }
  }

  /// The name.
  public var description: String { rawValue }
}
