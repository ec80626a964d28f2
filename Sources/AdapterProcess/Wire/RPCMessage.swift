import ProfileContracts

/// One JSON-RPC 2.0 request, as one line of JSON: `{"id": 7, "jsonrpc": "2.0", "method": …,
/// "params": {…}}`.
package struct RPCRequest: Hashable, Sendable {
  /// The caller's number for the request; the response carries it back.
  package let id: Int
  /// The method, such as `saveCheckpoint`.
  package let method: String
  /// The parameters, by name.
  package let params: JSONValue

  /// Creates a request.
  package init(id: Int, method: String, params: JSONValue) {
    self.id = id
    self.method = method
    self.params = params
  }

  /// The request as one line of canonical JSON, without the newline.
  package var line: String {
    renderLine(
      .object([
        "jsonrpc": .string("2.0"), "id": .integer(Int64(id)), "method": .string(method),
        "params": params,
      ]))
  }

  /// The parameter `name` as a `Value`, in the contract's documented JSON form.
  ///
  /// - Throws: ``RPCError`` (-32602) naming the parameter that is missing or does not decode.
  package func param<Value: Decodable>(_ name: String, as type: Value.Type) throws(RPCError)
    -> Value
  {
    do {
      return try (params[name] ?? .null).decoded(as: type)
    } catch {
      throw RPCError(code: error.code, message: "params.\(name): \(error.message)")
    }
  }

  /// Reads a request line.
  ///
  /// - Throws: ``RPCError`` with code -32700 (not JSON) or -32600 (not a request).
  package init(line: String) throws(RPCError) {
    guard let value = try? JSONValue(parsing: Array(line.utf8)) else {
      throw RPCError(code: RPCError.parseError, message: "the line is not JSON")
    }
    guard case .integer(let id)? = value["id"], case .string(let method)? = value["method"] else {
      throw RPCError(
        code: RPCError.invalidRequest, message: "a request needs an integer id and a method")
    }
    self.init(id: Int(id), method: method, params: value["params"] ?? .object([:]))
  }
}

/// One JSON-RPC 2.0 response: a result or an error, for the request with the same `id`.
package struct RPCResponse: Hashable, Sendable {
  /// The request's number.
  package let id: Int
  /// What the call returned, when it succeeded.
  package let result: JSONValue?
  /// Why it failed, when it did.
  package let error: RPCError?

  /// A success.
  package init(id: Int, result: JSONValue) {
    self.id = id
    self.result = result
    self.error = nil
  }

  /// A failure.
  package init(id: Int, error: RPCError) {
    self.id = id
    self.result = nil
    self.error = error
  }

  /// The response as one line of canonical JSON, without the newline.
  package var line: String {
    var members: [String: JSONValue] = ["jsonrpc": .string("2.0"), "id": .integer(Int64(id))]
    if let error {
      var body: [String: JSONValue] = [
        "code": .integer(Int64(error.code)), "message": .string(error.message),
      ]
      if let data = error.data { body["data"] = data }
      members["error"] = .object(body)
    } else {
      members["result"] = result ?? .null
    }
    return renderLine(.object(members))
  }

  /// Reads a response line.
  ///
  /// - Throws: ``RPCError`` with code -32700 when the line is not a JSON-RPC response.
  package init(line: String) throws(RPCError) {
    guard let value = try? JSONValue(parsing: Array(line.utf8)),
      case .integer(let id)? = value["id"]
    else {
      throw RPCError(
        code: RPCError.parseError,
        message: "not a JSON-RPC response line: \(line.prefix(120))")
    }
    if let error = value["error"] {
      guard case .integer(let code)? = error["code"], case .string(let message)? = error["message"]
      else {
        throw RPCError(
          code: RPCError.parseError, message: "an error response needs a code and a message")
      }
      self.init(
        id: Int(id), error: RPCError(code: Int(code), message: message, data: error["data"]))
    } else {
      self.init(id: Int(id), result: value["result"] ?? .null)
    }
  }
}

/// A JSON-RPC error: its code, its message and, for executor errors, `data.kind`.
package struct RPCError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The line is not JSON.
  package static let parseError = -32700
  /// The JSON is not a request.
  package static let invalidRequest = -32600
  /// The adapter does not serve this method.
  package static let methodNotFound = -32601
  /// The parameters do not decode.
  package static let invalidParams = -32602
  /// The adapter threw: the message says what it threw.
  package static let adapterError = -32000

  /// The code.
  package let code: Int
  /// One line: what went wrong.
  package let message: String
  /// More, by name: an executor error's `kind`.
  package let data: JSONValue?

  /// Creates an error.
  package init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// `message (code N)`.
  package var description: String { "\(message) (JSON-RPC error \(code))" }
}

/// `value` as one line of canonical JSON.
func renderLine(_ value: JSONValue) -> String {
  String(decoding: CanonicalJSON.render(value), as: UTF8.self)
}

extension JSONValue {
  /// The value of `type` this JSON stands for, in the contract's documented JSON form.
  ///
  /// - Throws: ``RPCError`` (-32602) naming the JSON path that does not decode.
  package func decoded<Value: Decodable>(as type: Value.Type) throws(RPCError) -> Value {
    do {
      return try CanonicalJSON.decode(type, from: CanonicalJSON.render(self))
    } catch {
      throw RPCError(
        code: RPCError.invalidParams, message: "\(Value.self) does not decode: \(error)")
    }
  }

  /// `value` in its documented JSON form.
  package static func encoded<Value: Encodable>(_ value: Value) throws(RPCError) -> JSONValue {
    do {
      return try CanonicalJSON.jsonValue(of: value)
    } catch {
      throw RPCError(
        code: RPCError.invalidParams, message: "\(Value.self) does not encode: \(error)")
    }
  }
}
