/// A small hand-written argument reader: options (`--name value` or `--name=value`), flags and
/// positionals, with errors that say what to type instead.
package struct Arguments {
  private var items: [String]
  /// The arguments as they were given, before any was taken.
  package let given: [String]

  package init(_ items: some Sequence<String>) {
    self.items = Array(items)
    given = self.items
  }

  /// Whether `--help` or `-h` was given (anywhere).
  package mutating func wantsHelp() -> Bool { flag("--help") || flag("-h") }

  /// Removes and returns the first positional argument, if any.
  package mutating func nextPositional() -> String? {
    guard let index = items.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" }) else {
      return nil
    }
    return items.remove(at: index)
  }

  /// Removes a flag; returns whether it was there.
  package mutating func flag(_ name: String) -> Bool {
    guard let index = items.firstIndex(of: name) else { return false }
    items.remove(at: index)
    return true
  }

  /// Removes a flag that may carry a list of values, `--name` or `--name=a,b`: `nil` when absent,
  /// `[]` for the bare flag, else the values, each checked against `allowed`.
  package mutating func flagValues(_ name: String, allowed: [String]) throws(UsageError)
    -> [String]?
  {
    if flag(name) { return [] }
    guard let index = items.firstIndex(where: { $0.hasPrefix(name + "=") }) else { return nil }
    let values = items[index].dropFirst(name.count + 1).split(separator: ",").map(String.init)
    items.remove(at: index)
    for value in values where !allowed.contains(value) {
      throw UsageError(
        "unknown value '\(value)' for \(name); use one of \(allowed.joined(separator: ", "))")
    }
    guard !values.isEmpty else {
      throw UsageError("\(name)= needs a value: one of \(allowed.joined(separator: ", "))")
    }
    return values
  }

  /// Removes an option and returns its value, checked against `allowed` when given.
  package mutating func option(_ name: String, allowed: [String]? = nil) throws(UsageError)
    -> String?
  {
    var value: String?
    if let index = items.firstIndex(of: name) {
      guard index + 1 < items.count, !items[index + 1].hasPrefix("--") else {
        throw UsageError(
          "\(name) needs a value" + (allowed.map { ": one of \($0.joined(separator: ", "))" } ?? "")
        )
      }
      value = items[index + 1]
      items.removeSubrange(index...index + 1)
    } else if let index = items.firstIndex(where: { $0.hasPrefix(name + "=") }) {
      value = String(items[index].dropFirst(name.count + 1))
      items.remove(at: index)
    }
    if let value, let allowed, !allowed.contains(value) {
      throw UsageError(
        "unknown value '\(value)' for \(name); use one of \(allowed.joined(separator: ", "))")
    }
    return value
  }

  /// Fails on anything left over: an unknown option or an extra argument.
  package func finish() throws(UsageError) {
    guard let first = items.first else { return }
    if first.hasPrefix("-") { throw UsageError("unknown option '\(first)'") }
    throw UsageError("unexpected argument '\(first)'")
  }
}
