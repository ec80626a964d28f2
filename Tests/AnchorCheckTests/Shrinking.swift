/// The fewest of `items`, in their order, that still fail: elements are dropped one at a time,
/// each drop kept while `fails` still holds, until no single drop keeps it.
func shrunk<Item>(_ items: [Item], while fails: ([Item]) throws -> Bool) rethrows -> [Item] {
  var smallest = items
  var progress = true
  while progress {
    progress = false
    for index in smallest.indices {
      var fewer = smallest
      fewer.remove(at: index)
      if try fails(fewer) {
        smallest = fewer
        progress = true
        break
      }
    }
  }
  return smallest
}
