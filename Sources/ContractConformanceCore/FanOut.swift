/// A result with the index of the task that made it. A struct, not a tuple: release builds of
/// Swift 6.3 garbled a tuple holding a `Result` across a task group.
private struct Indexed<Value: Sendable>: Sendable {
  let index: Int
  let value: Value
}

/// Runs `body` for every index in `0..<count` at once, in one task group, and returns the results
/// in index order: the one fan-out every concurrency check uses.
func fanOut<Value: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) async -> Value) async
  -> [Value]
{
  await withTaskGroup(of: Indexed<Value>.self) { group in
    for index in 0..<count {
      group.addTask { Indexed(index: index, value: await body(index)) }
    }
    var results: [Indexed<Value>] = []
    for await result in group { results.append(result) }
    return results.sorted { $0.index < $1.index }.map(\.value)
  }
}
