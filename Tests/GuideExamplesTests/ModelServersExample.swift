import Foundation
import OpenAICompatible
import Testing

/// The model-server guide's lines: the configuration they write is the one the executor and the
/// translator are made from, with no request sent.
@Test func theModelServerGuidesConfiguration() throws {
  // The guide's lines, as it aligns them.
  // swift-format-ignore
  let server = OpenAICompatibleConfiguration(
    baseURL: URL(string: "http://127.0.0.1:8080/v1")!,  // Ollama: http://127.0.0.1:11434/v1
    model: "smollm2",                                    // hosted: the model's name
    dialect: .jsonSchema)                                // .jsonObject for llama-cpp-python
  let model = OpenAICompatibleModelExecutor(server)
  let translator = OpenAICompatibleTranslator(server)
  for configuration in [model.configuration, translator.configuration] {
    #expect(configuration.baseURL.absoluteString == "http://127.0.0.1:8080/v1")
    #expect(configuration.model == "smollm2")
    #expect(configuration.dialect == .jsonSchema)
  }
}
