import Foundation
import Testing

@testable import OpenAICompatible

/// The preflight's reading of `/models` answers (the CLI tests run it against a live server).
@Suite struct OpenAICompatibleServerCheckTests {
  static let url = "http://127.0.0.1:8080/v1/models"

  static func models(_ body: String, status: Int = 200, model: String) throws -> [String] {
    try OpenAICompatibleServerCheck.models(
      Data(body.utf8), status: status, contentType: "application/json", url: url, model: model)
  }

  @Test func aModelIsFoundByIDAliasOrOllamaTag() throws {
    let llamaServer = #"{"object":"list","data":[{"id":"SmolLM2.gguf","aliases":["smollm2"]}]}"#
    #expect(try Self.models(llamaServer, model: "smollm2") == ["SmolLM2.gguf"])
    #expect(try Self.models(llamaServer, model: "SmolLM2.gguf") == ["SmolLM2.gguf"])
    let ollama = #"{"object":"list","data":[{"id":"llama3:latest"}]}"#
    #expect(try Self.models(ollama, model: "llama3") == ["llama3:latest"])
    #expect(try Self.models(ollama, model: "default") == ["llama3:latest"])
  }

  @Test func anUnknownModelNamesWhatIsServed() {
    let body = #"{"object":"list","data":[{"id":"a"},{"id":"b"}]}"#
    #expect(
      throws: OpenAICompatibleServerProblem.unknownModel("c", served: ["a", "b"], url: Self.url)
    ) {
      try Self.models(body, model: "c")
    }
  }

  @Test func errorsAreReadFromObjectsAndStrings() {
    #expect(
      throws: OpenAICompatibleServerProblem.needsKey(url: Self.url, status: 403, message: "no")
    ) {
      try Self.models(#"{"error":"no"}"#, status: 403, model: "default")
    }
    #expect(
      throws: OpenAICompatibleServerProblem.failed(
        url: Self.url, status: 503, message: "Loading model")
    ) {
      try Self.models(
        #"{"error":{"message":"Loading model","code":503}}"#, status: 503, model: "default")
    }
    #expect(
      throws: OpenAICompatibleServerProblem.notTheAPI(
        url: Self.url, status: 502, detail: "HTTP 502, application/json")
    ) {
      try Self.models("<html>", status: 502, model: "default")
    }
  }
}
