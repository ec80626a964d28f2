// Prints the HTTP requests the kit's OpenAI-compatible adapters send, one JSON object a line, for
// `Benchmarks/llm/compare-models.py` to send to model servers, so that the script measures the kit's
// real requests and keeps no copy of how they are built:
//   {"kind": "summary", "scenario", "schema", "prompt", "responseTokens", "body"}
//       every distinct model request (by prompt) of the golden corpus, as
//       OpenAICompatibleModelExecutor sends it
//   {"kind": "translation", "source", "target", "texts", "numbers", "body"}
//       batches of 1, 3 and 8 sentences of the translator suite's samples for each pair, each
//       batch with its own numbers, as OpenAICompatibleTranslator sends it
// `body` is the request's body, byte for byte, as a JSON string; its `model` is `default`
// (OpenAICompatibleConfiguration's, which local servers ignore). The answers are bounded
// (`--bound-answers`), as CI runs them.
//
// With `--invented`, it answers questions instead, one a line, as they come on standard input:
// `{"source": String, "lines": [String]}` gets a JSON array of the numbers of `lines` that
// `source` does not hold, as the core's fact check (FactCheck) reads numbers: the script's rule
// for an invented number, with no copy of it in Python.
//
// usage: model-requests [--golden DIR]     (default: Golden, from the current directory)
//        model-requests --invented
import ContractConformance
import Foundation
import GoldenReplayTesting
@_spi(Benchmarks) import OpenAICompatible
import ProfileContracts
@_spi(Benchmarks) import ProfileCore

/// English into every script family the script can check, and the pairs the reference suites
/// declare.
let pairs =
  ["ko", "ja", "zh", "ar", "ru", "hi", "de", "fr", "es"].map { ("en", $0) }
  + [("ko", "en"), ("ja", "en"), ("zh", "en"), ("de", "en"), ("es", "fr")]
let batchSizes = [1, 3, 8]

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data(("model-requests: " + message + "\n").utf8))
  exit(2)
}

/// One line: `fields`, and the request's body as it is sent, as a string.
func emit(_ fields: [String: Any], body: Data) {
  var fields = fields
  fields["body"] = String(decoding: body, as: UTF8.self)
  guard let line = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
  else { fail("could not write \(fields)") }
  FileHandle.standardOutput.write(line + Array("\n".utf8))
}

/// One question of `--invented`.
struct InventedQuestion: Decodable {
  let source: String
  let lines: [String]
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--invented"] {
  while let line = readLine() {
    guard let question = try? JSONDecoder().decode(InventedQuestion.self, from: Data(line.utf8))
    else { fail("--invented reads {\"source\": String, \"lines\": [String]} a line; got \(line)") }
    let invented = FactCheck.inventedNumbers(in: question.lines, source: question.source)
    guard let answer = try? JSONSerialization.data(withJSONObject: invented) else {
      fail("could not write \(invented)")
    }
    FileHandle.standardOutput.write(answer + Array("\n".utf8))
  }
  exit(0)
}
var golden = URL(fileURLWithPath: "Golden", isDirectory: true)
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--golden":
    guard let folder = arguments.first else { fail("--golden needs a folder of scenarios") }
    arguments.removeFirst()
    golden = URL(fileURLWithPath: folder, isDirectory: true)
  default:
    fail("unknown argument \(argument); usage: model-requests [--golden DIR] | --invented")
  }
}

guard let base = URL(string: "http://127.0.0.1/v1") else { fail("no base URL") }
let configuration = OpenAICompatibleConfiguration(baseURL: base, boundAnswers: true)
let executor = OpenAICompatibleModelExecutor(configuration)
let translator = OpenAICompatibleTranslator(configuration)

guard
  let names = try? FileManager.default.contentsOfDirectory(atPath: golden.path)
    .filter({ $0.hasSuffix(".json") }).sorted(), !names.isEmpty
else { fail("no scenarios in \(golden.path); pass the golden folder with --golden") }
var seen: Set<String> = []
for name in names {
  let scenario: GoldenScenario
  do {
    scenario = try GoldenScenario.load(golden.appendingPathComponent(name))
  } catch {
    fail("\(name): \(error)")
  }
  for call in scenario.recording ?? [] where call.adapter == "model" {
    guard
      let request = try? CanonicalJSON.decode(
        ProfileModelRequest.self, from: CanonicalJSON.render(call.arguments))
    else { fail("\(name): a model call whose arguments are no request") }
    guard seen.insert(request.prompt).inserted else { continue }
    do {
      emit(
        [
          "kind": "summary", "scenario": name, "stepID": request.stepID,
          "schema": request.schema.rawValue, "prompt": request.prompt,
          "responseTokens": request.responseTokens,
        ], body: try executor.requestBody(for: request))
    } catch {
      fail("\(name): \(error)")
    }
  }
}

let templates = TranslationSamples.builtin.templates
for (index, (source, target)) in pairs.enumerated() {
  guard let sentences = templates[source], !sentences.isEmpty else {
    fail("the translator suite has no samples in \(source)")
  }
  for size in batchSizes {
    // Each batch its own numbers, reproducibly.
    let first = 101 + 17 * index + size
    let numbers = (0..<size).map { first + $0 }
    let texts = numbers.enumerated().map { offset, number in
      sentences[offset % sentences.count].replacingOccurrences(
        of: TranslationSamples.placeholder, with: String(number))
    }
    do {
      emit(
        [
          "kind": "translation", "source": source, "target": target, "texts": texts,
          "numbers": numbers,
        ],
        body: try translator.requestBody(for: texts, from: source, to: target))
    } catch {
      fail("\(source) → \(target): \(error)")
    }
  }
}
