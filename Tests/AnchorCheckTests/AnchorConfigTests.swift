@_spi(Benchmarks) import AnchorCheck
import Foundation
import Testing

@Suite struct AnchorConfigTests {
  func load(_ text: String) throws -> AnchorConfig {
    let repository = try FixtureRepository(["anchors.json": text])
    defer { repository.remove() }
    return try AnchorConfig.load(repository.root.appendingPathComponent("anchors.json"))
  }

  @Test func readsTheThreeKeys() throws {
    let config = try load(
      #"{"include": ["docs/**"], "exclude": ["vendor/**"], "archive": ["docs/old/**"]}"#)
    #expect(config.include == [Glob("docs/**")])
    #expect(config.exclude == [Glob("vendor/**")])
    #expect(config.archive == [Glob("docs/old/**")])
  }

  @Test func anUnknownKeyNamesTheKeyAndTheFix() {
    #expect {
      try load(#"{"excludes": ["x"]}"#)
    } throws: { error in
      (error as? AnchorConfigError)?.message
        == "anchors.json: unknown key \"excludes\"; known keys are include, exclude, archive; did you mean \"exclude\"?"
    }
  }

  @Test func aWrongTypeNamesTheKey() {
    #expect {
      try load(#"{"archive": "docs/old"}"#)
    } throws: { error in
      (error as? AnchorConfigError)?.message.contains(
        "\"archive\" must be an array of glob strings") == true
    }
  }

  @Test func badJSONIsNamed() {
    #expect(throws: AnchorConfigError.self) { try load("{") }
  }
}
