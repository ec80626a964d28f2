import Foundation
import KitSupport
import ProfileContracts

extension GoldenScenario {
  /// A key the file has that format 1 does not: where it is, the key, and the keys that
  /// belong there.
  struct UnknownKey: Hashable, Sendable {
    /// The JSON path of the object holding the key, such as `$.document`.
    let path: String
    /// The key as the file spells it.
    let key: String
    /// The keys the object may hold.
    let known: [String]

    /// `did you mean "translator"?` for a near miss, else the keys that belong there.
    var advice: String {
      if let near = nearMiss(key, in: known) { return "did you mean \"\(near)\"?" }
      return "use one of \(known.joined(separator: ", "))"
    }
  }

  /// The keys each of the kit's own objects may hold, by JSON path (`[]` for any index); the
  /// contract's types, inside them, are known by what they write back.
  static let knownKeys: [String: [String]] = [
    "$": CodingKeys.allCases.map(\.rawValue),
    "$.document": Document.CodingKeys.allCases.map(\.rawValue),
    "$.store": Store.CodingKeys.allCases.map(\.rawValue),
    "$.model": ModelSource.CodingKeys.allCases.map(\.rawValue),
    "$.faults[]": Fault.CodingKeys.allCases.map(\.rawValue),
    "$.recording[]": ["adapter", "call", "arguments", "response"],
  ]

  /// The first key (in file order of paths, keys sorted) that `file` has and the decoded
  /// scenario, written back as `written`, does not: a key decoding ignored. A `null` value is
  /// the same as an absent key.
  static func firstUnknownKey(in file: JSONValue, written: JSONValue, path: String = "$")
    -> UnknownKey?
  {
    switch (file, written) {
    case (.object(let members), .object(let writtenMembers)):
      for key in members.keys.sorted() {
        guard let value = members[key] else { continue }
        if let back = writtenMembers[key] {
          if let unknown = firstUnknownKey(in: value, written: back, path: path + "." + key) {
            return unknown
          }
        } else if value != .null {
          let pattern = path.replacingOccurrences(
            of: #"\[[0-9]+\]"#, with: "[]", options: .regularExpression)
          let known = knownKeys[pattern] ?? writtenMembers.keys.sorted()
          return UnknownKey(path: path, key: key, known: known)
        }
      }
      return nil
    case (.array(let elements), .array(let writtenElements))
    where elements.count == writtenElements.count:
      for (index, pair) in zip(elements, writtenElements).enumerated() {
        if let unknown = firstUnknownKey(in: pair.0, written: pair.1, path: "\(path)[\(index)]") {
          return unknown
        }
      }
      return nil
    default:
      return nil
    }
  }
}
