// A document page provider served over the kit's adapter protocol (JSON-RPC 2.0, one JSON object
// per line on standard input and output), with Foundation alone: Conformance/examples/document.py
// in Swift. It keeps the documents it is given in memory.
import Foundation

var documents: [String: (pages: [String], cap: Int?)] = [:]

@MainActor func answer(_ request: [String: Any]) -> [String: Any] {
  let id = request["id"] ?? NSNull()
  let method = request["method"] as? String ?? ""
  let params = request["params"] as? [String: Any] ?? [:]
  func failure(_ code: Int, _ message: String) -> [String: Any] {
    ["jsonrpc": "2.0", "id": id, "error": ["code": code, "message": message]]
  }
  func result(_ value: Any) -> [String: Any] { ["jsonrpc": "2.0", "id": id, "result": value] }
  switch method {
  case "loadFixture":
    let attachment = "doc-\(documents.count + 1)"
    documents[attachment] = (params["pages"] as? [String] ?? [], params["pageCap"] as? Int)
    return result(["attachmentID": attachment])
  case "pageCount", "originalPageCount", "page":
    guard let attachment = params["attachmentID"] as? String, let document = documents[attachment]
    else { return failure(-32000, "no such attachment") }
    let count = min(document.cap ?? Int.max, document.pages.count)
    if method == "pageCount" { return result(count) }
    if method == "originalPageCount" { return result(document.pages.count) }
    guard let index = params["index"] as? Int, (0..<count).contains(index) else {
      return failure(-32000, "page index out of range 0..<\(count)")
    }
    return result(["index": index, "pageNumber": index + 1, "text": document.pages[index]])
  default:
    return failure(-32601, "this provider does not serve \(method)")
  }
}

while let line = readLine(strippingNewline: true) {
  guard let request = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
  else { continue }
  guard let response = try? JSONSerialization.data(withJSONObject: answer(request)) else {
    continue
  }
  FileHandle.standardOutput.write(response + Data("\n".utf8))
}
