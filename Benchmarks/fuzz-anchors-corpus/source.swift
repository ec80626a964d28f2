/// A box.
@available(iOS 17, *)
public struct Box<T>: Sendable where T: Hashable {
  enum Kind { case a, b(Int), c = 3 }
  private(set) var value: T { didSet { print("\(value) }") } }
  init?(_ value: T) { self.value = value }
  static func == (l: Box, r: Box) -> Bool { let s = #"}"#; return s.isEmpty }
  subscript(index: Int) -> T { value }
}
extension Box.Kind where T == Int {
  func f() { switch self { case .a: break; default: break } }
}
