import Foundation
import GoldenReplay
import ProfileContracts
import Testing

/// What a hand-written scenario file may leave out, and what it may not misspell.
@Suite struct GoldenScenarioKeysTests {
  static let corpus = GoldenCorpusTests.folder

  /// The keys whose value, in `GoldenRunnerTests.scenario`, is the default: each may be absent.
  static let defaulted: [(path: [String], key: String)] = [
    ([], "format"), ([], "store"), ([], "policy"), ([], "faults"), ([], "model"),
    (["model"], "source"), (["document"], "unreadable"), (["document"], "firstPageNumber"),
  ]

  static func removing(_ key: String, at path: [String], from value: JSONValue) -> JSONValue {
    guard case .object(var members) = value else { return value }
    if let first = path.first {
      members[first] = members[first].map { removing(key, at: Array(path.dropFirst()), from: $0) }
    } else {
      members[key] = nil
    }
    return .object(members)
  }

  /// Every subset of the defaulted keys left out (256 files) reads as the same scenario.
  @Test func everyKeyTheInitializerDefaultsMayBeLeftOut() throws {
    var scenario = GoldenRunnerTests.scenario
    scenario.policy = [:]
    let full = try CanonicalJSON.jsonValue(of: scenario)
    let folder = try GoldenRunnerTests.Folder()
    let url = folder.url.appendingPathComponent("minimal.json")
    for subset in 0..<(1 << Self.defaulted.count) {
      var value = full
      for (bit, entry) in Self.defaulted.enumerated() where subset & (1 << bit) != 0 {
        value = Self.removing(entry.key, at: entry.path, from: value)
      }
      try CanonicalJSON.render(value).write(to: url)
      let loaded = try GoldenScenario.load(url)
      #expect(loaded == scenario, "left out: subset \(subset)")
    }
  }

  @Test func theSmallestFileIsAboutCommandAndPages() throws {
    let folder = try GoldenRunnerTests.Folder()
    let url = folder.url.appendingPathComponent("small.json")
    try Data(
      #"""
      {"about": "one page", "command": {"profile": "document", "attachmentID": "a",
       "sourceLanguage": "en", "targetLanguage": "en"}, "document": {"pages": ["One page."]}}
      """#.utf8
    ).write(to: url)
    let loaded = try GoldenScenario.load(url)
    #expect(loaded.format == 1 && loaded.model.source == "extractive" && loaded.faults.isEmpty)
    #expect(loaded.document.firstPageNumber == 1 && loaded.store == .init())
    #expect(throws: GoldenError("small.json: $: missing key \"about\"")) {
      try Data(#"{"command": {}, "document": {"pages": []}}"#.utf8).write(to: url)
      return try GoldenScenario.load(url)
    }
  }

  /// The two misspellings the trial met, as explicit examples.
  @Test(arguments: [
    ("translater", [String](), "bad.json: $.translater: unknown key; did you mean \"translator\"?"),
    ("entri", [String](), "bad.json: $.entri: unknown key; did you mean \"entry\"?"),
    (
      "pageCapp", ["document"],
      "bad.json: $.document.pageCapp: unknown key; did you mean \"pageCap\"?"
    ),
    (
      "zzzzzzzzzzzz", ["store"],
      "bad.json: $.store.zzzzzzzzzzzz: unknown key; use one of checkpoint, summary, unavailable"
    ),
  ])
  func aMisspelledKeyNamesTheFileThePathAndTheKeyMeant(
    key: String, path: [String], message: String
  ) throws {
    let folder = try GoldenRunnerTests.Folder()
    var value = try CanonicalJSON.jsonValue(of: GoldenRunnerTests.scenario)
    value = Self.inserting(key, .array([]), at: path, into: value)
    let url = folder.url.appendingPathComponent("bad.json")
    try CanonicalJSON.render(value).write(to: url)
    #expect(throws: GoldenError(message)) { try GoldenScenario.load(url) }
  }

  static func inserting(_ key: String, _ new: JSONValue, at path: [String], into value: JSONValue)
    -> JSONValue
  {
    guard case .object(var members) = value else { return value }
    if let first = path.first {
      members[first] = members[first].map {
        inserting(key, new, at: Array(path.dropFirst()), into: $0)
      }
    } else {
      members[key] = new
    }
    return .object(members)
  }

  /// Every object of every corpus file whose keys the format fixes (the scenario, its document,
  /// store, model, faults, recorded calls and command), with one of its keys misspelled by a
  /// seeded edit: the load fails, naming the file and that path.
  @Test func aMisspelledKeyAnywhereInTheCorpusIsAnError() throws {
    let seed = UInt64(ProcessInfo.processInfo.environment["CONTRACT_KIT_SEED"] ?? "") ?? 20_261_201
    var random = Generator(state: seed)
    let folder = try GoldenRunnerTests.Folder()
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    var checked = 0
    for name in names {
      let file = try JSONValue(parsing: Data(contentsOf: Self.corpus.appendingPathComponent(name)))
      for path in Self.fixedObjectPaths(in: file) {
        guard case .object(let members)? = Self.value(at: path, in: file), !members.isEmpty else {
          continue
        }
        let keys = members.keys.sorted()
        let key = keys[Int(random.next() % UInt64(keys.count))]
        let typo = Self.misspell(key, &random)
        guard !keys.contains(typo) else { continue }
        let edited = Self.renaming(key, to: typo, at: path, in: file)
        let url = folder.url.appendingPathComponent(name)
        try CanonicalJSON.render(edited).write(to: url)
        let rendered = "$" + path.map { $0.hasPrefix("[") ? $0 : "." + $0 }.joined()
        let message = Self.message(url)
        #expect(
          message?.hasPrefix("\(name): \(rendered)") == true,
          "seed \(seed): \(name) \(rendered).\(key) → \(typo): \(message ?? "loaded without an error")"
        )
        checked += 1
      }
    }
    #expect(checked > 500, "only \(checked) objects were edited")
  }

  static func message(_ url: URL) -> String? {
    do {
      _ = try GoldenScenario.load(url)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// The paths (`["document"]`, `["faults", "[0]"]`, …) of the objects whose keys the format
  /// or the contract fixes; free-form objects (policy, scripted answers, recorded arguments
  /// and responses, the expected outcome) are data and keep any key.
  static func fixedObjectPaths(in file: JSONValue) -> [[String]] {
    var paths: [[String]] = [[], ["document"], ["store"], ["model"], ["command"]]
    for list in ["faults", "recording"] {
      if case .array(let elements)? = file[list] {
        paths += elements.indices.map { [list, "[\($0)]"] }
      }
    }
    return paths.filter { value(at: $0, in: file) != nil }
  }

  static func value(at path: [String], in value: JSONValue) -> JSONValue? {
    var current: JSONValue? = value
    for component in path {
      if component.hasPrefix("["), case .array(let elements)? = current {
        let index = Int(component.dropFirst().dropLast()) ?? -1
        current = elements.indices.contains(index) ? elements[index] : nil
      } else {
        current = current?[component]
      }
    }
    return current
  }

  static func renaming(_ key: String, to new: String, at path: [String], in value: JSONValue)
    -> JSONValue
  {
    guard let first = path.first else {
      guard case .object(var members) = value, let moved = members[key] else { return value }
      members[key] = nil
      members[new] = moved
      return .object(members)
    }
    switch value {
    case .object(var members):
      members[first] = members[first].map {
        renaming(key, to: new, at: Array(path.dropFirst()), in: $0)
      }
      return .object(members)
    case .array(var elements):
      let index = Int(first.dropFirst().dropLast()) ?? -1
      guard elements.indices.contains(index) else { return value }
      elements[index] = renaming(key, to: new, at: Array(path.dropFirst()), in: elements[index])
      return .array(elements)
    default:
      return value
    }
  }

  /// One seeded edit: a character dropped, doubled, changed or two swapped.
  static func misspell(_ key: String, _ random: inout Generator) -> String {
    var characters = Array(key)
    let at = Int(random.next() % UInt64(characters.count))
    switch random.next() % 4 {
    case 0 where characters.count > 1: characters.remove(at: at)
    case 1: characters.insert(characters[at], at: at)
    case 2 where at + 1 < characters.count: characters.swapAt(at, at + 1)
    default: characters[at] = characters[at] == "x" ? "q" : "x"
    }
    return String(characters)
  }

  /// SplitMix64.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}
