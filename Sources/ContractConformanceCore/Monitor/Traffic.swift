import Foundation

/// What the suites sent, rule by rule: for every field of every argument, reached by reflection
/// down to its strings and numbers, the distinct values each rule sent (up to a few), the enum
/// cases it sent, and the lengths of its lists. The monitors note every call here when a run has
/// a traffic record in scope; the coverage matrix is read from it. Nothing is noted otherwise.
// @unchecked: `fields` is read and written only under `lock`.
final class Traffic: @unchecked Sendable {
  /// The record calls are noted in, if any.
  @TaskLocal static var current: Traffic?

  /// What one rule sent in one field.
  struct Field: Equatable {
    /// Distinct values, up to ``Traffic/kept``.
    var values: Set<AnyHashable> = []
    /// The enum cases sent, by name.
    var cases: Set<String> = []

    /// Whether the rule sent more than one value (or case) here.
    var varied: Bool { values.count > 1 || cases.count > 1 }
  }

  /// How many distinct values of one field are kept per rule: enough to tell one from several.
  static let kept = 4

  private let lock = NSLock()
  private var fields: [String: [String: Field]] = [:]

  /// What each rule sent, by rule ID, then by field path (`translate.texts[]`).
  var byRule: [String: [String: Field]] {
    lock.lock()
    defer { lock.unlock() }
    return fields
  }

  /// Notes a call of `method` with its labelled arguments, for the rule running now.
  static func note(_ method: String, _ arguments: KeyValuePairs<String, Any>) {
    guard let traffic = current, let rule = CheckProgress.current?.rule else { return }
    var found: [(String, Leaf)] = []
    for (label, value) in arguments {
      walk(value, path: method + "." + label) { found.append(($0, $1)) }
    }
    traffic.lock.lock()
    defer { traffic.lock.unlock() }
    for (path, leaf) in found {
      var field = traffic.fields[rule, default: [:]][path, default: Field()]
      switch leaf {
      case .value(let value) where field.values.count < kept: field.values.insert(value)
      case .enumCase(let name): field.cases.insert(name)
      default: break
      }
      traffic.fields[rule, default: [:]][path] = field
    }
  }

  enum Leaf {
    case value(AnyHashable)
    case enumCase(String)
  }

  /// Reaches every leaf of `value`: a struct's stored properties, an enum's case and its
  /// associated values, an optional's value or `nil`, a list's elements (as `path[]`) and its
  /// length (as `path.count`).
  static func walk(_ value: Any, path: String, _ leaf: (String, Leaf) -> Void) {
    switch value {
    case let data as Data: return leaf(path, .value(data))
    case let text as String: return leaf(path, .value(text))
    case let number as Int: return leaf(path, .value(number))
    case let flag as Bool: return leaf(path, .value(flag))
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let some = mirror.children.first {
        walk(some.value, path: path, leaf)
      } else {
        leaf(path, .value("nil"))
      }
    case .enum:
      let name = mirror.children.first?.label ?? "\(value)"
      leaf(path, .enumCase(name))
      for child in mirror.children { walk(child.value, path: path + "." + name, leaf) }
    case .collection, .set:
      leaf(path + ".count", .value(mirror.children.count))
      for child in mirror.children { walk(child.value, path: path + "[]", leaf) }
    case .struct, .class, .tuple:
      for (offset, child) in mirror.children.enumerated() {
        walk(child.value, path: path + "." + (child.label ?? "\(offset)"), leaf)
      }
    default:
      leaf(path, .value((value as? AnyHashable) ?? AnyHashable("\(value)")))
    }
  }
}
