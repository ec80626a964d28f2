/// One operation on a register (one command's checkpoint, or its summary) in a concurrent
/// history: what it wrote or read, and when it was called and returned on a shared counter.
struct RegisterOperation<Value: Equatable & Sendable>: Sendable {
  enum Effect: Sendable {
    /// A save (`.some`) or a removal (`nil`).
    case write(Value?)
    /// A load, and what it returned.
    case read(Value?)
  }

  let effect: Effect
  let call: Int
  let ret: Int
}

/// Whether some order of `operations`, one that keeps every operation that returned before
/// another was called ahead of it, explains every read from a register that starts at
/// `initial`: linearizability against the register model, checked per key as Porcupine does,
/// by a depth-first search over which operation takes effect next (Wing and Gong), remembering
/// the states already ruled out.
///
/// - Complexity: exponential in the number of operations pending at once at worst; a few
///   workers' histories of hundreds of operations per key decide at once.
func isLinearizable<Value>(_ operations: [RegisterOperation<Value>], initial: Value?) -> Bool {
  var ruledOut: Set<[UInt64]> = []
  let words = (operations.count + 63) / 64
  var done = [UInt64](repeating: 0, count: words + 1)  // the last word holds the writer
  var placed = 0
  func isDone(_ index: Int) -> Bool { done[index / 64] & (1 << UInt64(index % 64)) != 0 }
  func flip(_ index: Int) { done[index / 64] ^= 1 << UInt64(index % 64) }

  /// `done` holds the operations already placed; `writer` the index of the write whose value
  /// the register holds (-1 for the initial value).
  func search(_ writer: Int) -> Bool {
    if placed == operations.count { return true }
    done[words] = UInt64(bitPattern: Int64(writer))
    guard ruledOut.insert(done).inserted else { return false }
    let value = writer < 0 ? initial : operations[writer].written
    // An operation may go next only if no pending operation returned before it was called.
    var earliestReturn = Int.max
    for index in operations.indices where !isDone(index) {
      earliestReturn = min(earliestReturn, operations[index].ret)
    }
    for index in operations.indices where !isDone(index) {
      let operation = operations[index]
      guard operation.call < earliestReturn else { continue }
      var next = writer
      switch operation.effect {
      case .write: next = index
      case .read(let read): guard read == value else { continue }
      }
      flip(index)
      placed += 1
      let found = search(next)
      flip(index)
      placed -= 1
      if found { return true }
    }
    return false
  }
  return search(-1)
}

extension RegisterOperation {
  /// The value a write leaves; `nil` for a read.
  fileprivate var written: Value? {
    if case .write(let value) = effect { return value }
    return nil
  }
}
