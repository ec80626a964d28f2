import AdapterProcess
import ContractConformanceCore
import Foundation
import KitSupport
import ReferenceSuites

/// `contract-kit.json` at the root of the user's package: the adapters `contract-kit check`
/// checks, each by the suite it answers to and how to run it.
///
/// ```json
/// {"adapters": [
///   {"suite": "store", "product": "StoreHost", "durability": "durable", "powerLossModel": "posix"},
///   {"suite": "translator", "command": "python3 Adapters/translator.py", "pairs": ["ko:en"]}
/// ], "regressions": "contract-kit-regressions"}
/// ```
///
/// `regressions`, optional, is a folder inside the package where each suite keeps the generated
/// inputs that failed, and replays them first.
struct CheckConfiguration: Equatable {
  /// The file's name, at the root of the package `check` runs in.
  static let fileName = "contract-kit.json"

  /// One adapter: the suite that checks it and how to run it.
  struct Adapter: Equatable {
    /// `translator`, `document`, `store` or `executor`.
    var suite: String
    /// An executable product of the package, built and run over JSON-RPC.
    var product: String?
    /// A command line that runs the adapter over JSON-RPC.
    var command: String?
    /// A translator's language pairs.
    var pairs: [LanguagePair]?
    /// A store's promise: `durable` (the default) or `volatile`.
    var volatile = false
    /// The persistence model of a store's `store.powerLoss`.
    var powerLossModel: PowerLossModel?
    /// Each check's limit, in seconds.
    var checkTimeout: Int?

    /// How the report names it: its product, or its command.
    var label: String { product ?? command ?? suite }
  }

  /// The adapters, in the order they are checked; never empty.
  var adapters: [Adapter]
  /// The regressions folder, relative to the package root, if any.
  var regressions: String?

  /// The three lines `check` shows when a package has no configuration.
  static let example = """
    {"adapters": [
      {"suite": "store", "product": "StoreHost"}
    ]}
    """

  private static let topKeys = ["adapters", "regressions"]
  private static let adapterKeys = [
    "suite", "product", "command", "pairs", "durability", "powerLossModel", "checkTimeout",
  ]

  /// The configuration in `directory`, or `nil` when it has none.
  ///
  /// - Throws: ``InputError`` naming the file, the place and the fix, for a file that cannot be
  ///   read or is not a configuration.
  static func load(from directory: URL) throws -> CheckConfiguration? {
    let url = directory.appendingPathComponent(fileName)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw InputError(
        "cannot read \(fileName): \(error.localizedDescription); fix its permissions")
    }
    do throws(Problem) {
      return try parse(data)
    } catch {
      throw InputError("\(fileName): \(error.text)")
    }
  }

  /// What is wrong with the file, and where.
  struct Problem: Error {
    let text: String
    init(_ text: String) { self.text = text }
  }

  /// The configuration `data` holds.
  static func parse(_ data: Data) throws(Problem) -> CheckConfiguration {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: data)
    } catch {
      throw Problem("not JSON (\(error)); write it as \(example.split(separator: "\n").joined())")
    }
    guard case .object(let top) = value else {
      throw Problem("the file holds no JSON object; write {\"adapters\": [...]}")
    }
    try known(top, topKeys, at: "the top level")
    guard case .array(let list)? = top["adapters"] else {
      throw Problem(
        "no \"adapters\" list; write {\"adapters\": [{\"suite\": ..., \"product\": ...}]}")
    }
    guard !list.isEmpty else {
      throw Problem(
        "\"adapters\" names no adapter, so check would pass having checked nothing; name each of your adapters"
      )
    }
    var adapters: [Adapter] = []
    for (index, item) in list.enumerated() {
      adapters.append(try adapter(item, at: "adapters[\(index)]"))
    }
    let regressions = try string(top, "regressions", at: "the top level")
    if let regressions {
      let parts = regressions.split(separator: "/")
      guard !regressions.hasPrefix("/"), !parts.isEmpty, !parts.contains("..") else {
        throw Problem(
          "regressions is \"\(regressions)\"; name a folder inside the package, such as \"contract-kit-regressions\""
        )
      }
    }
    return CheckConfiguration(adapters: adapters, regressions: regressions)
  }

  private static func adapter(_ value: JSONValue, at place: String) throws(Problem) -> Adapter {
    guard case .object(let fields) = value else {
      throw Problem("\(place) is not an object; write {\"suite\": ..., \"product\": ...}")
    }
    try known(fields, adapterKeys, at: place)
    let suites = ReferenceSuites.names
    let suite = try string(fields, "suite", at: place)
    guard let suite, suites.contains(suite) else {
      throw Problem(
        "\(place).suite is \(suite.map { "\"\($0)\"" } ?? "missing"); use one of \(suites.joined(separator: ", "))"
      )
    }
    var adapter = Adapter(suite: suite)
    adapter.product = try string(fields, "product", at: place)
    adapter.command = try string(fields, "command", at: place)
    guard (adapter.product == nil) != (adapter.command == nil) else {
      throw Problem(
        "\(place) needs one of \"product\" (an executable product of this package) or \"command\" (a command line), not \(adapter.product == nil ? "neither" : "both")"
      )
    }
    if let command = adapter.command {
      do {
        _ = try ShellWords.split(command)
      } catch {
        throw Problem("\(place).command: \(error.message)")
      }
    }
    if let pairs = fields["pairs"] {
      guard suite == "translator" else { throw Problem("\(place).pairs goes with a translator") }
      guard case .array(let items) = pairs, !items.isEmpty else {
        throw Problem("\(place).pairs is not a list of pairs; write [\"ko:en\", \"ja:en\"]")
      }
      var parsed: [LanguagePair] = []
      for item in items {
        guard case .string(let text) = item,
          let pair = try? ConformanceCommand.languagePairs(text), pair.count == 1
        else {
          throw Problem(
            "\(place).pairs holds \(shown(item)), not \"SOURCE:TARGET\"; write \"ko:en\"")
        }
        parsed += pair
      }
      adapter.pairs = parsed
    }
    if let durability = try string(fields, "durability", at: place) {
      guard suite == "store" else { throw Problem("\(place).durability goes with a store") }
      guard ["durable", "volatile"].contains(durability) else {
        throw Problem("\(place).durability is \"\(durability)\"; use durable or volatile")
      }
      adapter.volatile = durability == "volatile"
    }
    if let model = try string(fields, "powerLossModel", at: place) {
      guard suite == "store" else { throw Problem("\(place).powerLossModel goes with a store") }
      guard let named = PowerLossModel.named(model) else {
        throw Problem(
          "\(place).powerLossModel is \"\(model)\"; use one of \(PowerLossModel.all.map(\.name).joined(separator: ", "))"
        )
      }
      adapter.powerLossModel = named
    }
    if let timeout = fields["checkTimeout"] {
      guard case .integer(let seconds) = timeout, let whole = Int(exactly: seconds),
        (1...3600).contains(whole)
      else {
        throw Problem(
          "\(place).checkTimeout is \(shown(timeout)); give whole seconds from 1 to 3600")
      }
      adapter.checkTimeout = whole
    }
    return adapter
  }

  /// Fails on a key the object may not hold, suggesting the one it likely misspells.
  private static func known(_ object: [String: JSONValue], _ keys: [String], at place: String)
    throws(Problem)
  {
    for key in object.keys.sorted() where !keys.contains(key) {
      let advice =
        nearMiss(key, in: keys).map { "did you mean \"\($0)\"?" }
        ?? "use \(keys.joined(separator: ", "))"
      throw Problem("\(place) has an unknown key \"\(key)\"; \(advice)")
    }
  }

  /// The string at `key`, `nil` when absent; a problem when it is another type.
  private static func string(_ object: [String: JSONValue], _ key: String, at place: String)
    throws(Problem) -> String?
  {
    switch object[key] {
    case nil: return nil
    case .string(let text)?:
      guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw Problem("\(place).\(key) is empty")
      }
      return text
    case let other?: throw Problem("\(place).\(key) is \(shown(other)), not a string")
    }
  }

  /// `value` as JSON, for a message.
  private static func shown(_ value: JSONValue) -> String {
    String(decoding: CanonicalJSON.render(value, pretty: false), as: UTF8.self)
  }
}
