import Foundation
import OpenAICompatible
import Testing

/// The configuration's dialects: named by the `response_format` type they send, and only those.
@Suite struct OpenAICompatibleConfigurationTests {
  @Test func aDialectIsFoundByItsNameAndNoOtherName() {
    let dialects = OpenAICompatibleConfiguration.Dialect.allCases
    #expect(dialects.map(\.rawValue) == ["json_schema", "json_object"])
    for dialect in dialects {
      #expect(OpenAICompatibleConfiguration.Dialect(rawValue: dialect.rawValue) == dialect)
    }
    for name in ["", "JSON_SCHEMA", "json", "grammar", "json_schema "] {
      #expect(OpenAICompatibleConfiguration.Dialect(rawValue: name) == nil, "\(name)")
    }
  }

  @Test func theDefaultDialectIsJSONSchema() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8080/v1"))
    #expect(OpenAICompatibleConfiguration(baseURL: url).dialect == .jsonSchema)
  }
}
