#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` on a new thread of its own, detached: a pthread, since Foundation's `Thread` is
/// not in FoundationEssentials. Where no thread can be made, `body` runs here.
package func startThread(_ body: @escaping @Sendable () -> Void) {
  if !tryStartThread(body) { body() }
}

/// Runs `body` on a new thread of its own, detached, as ``startThread(_:)`` does; `false`, and
/// `body` not run, where no thread can be made.
package func tryStartThread(_ body: @escaping @Sendable () -> Void) -> Bool {
  final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
  let box = Unmanaged.passRetained(Body(body)).toOpaque()
  #if canImport(Darwin)
    var thread: pthread_t?
    let made = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
        return nil
      }, box)
    if made == 0, let thread { pthread_detach(thread) }
  #else
    var thread = pthread_t()
    let made = pthread_create(
      &thread, nil,
      { raw in
        // pthread hands back the box it was given, which is never null.
        guard let raw else { return nil }
        Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
        return nil
      }, box)
    if made == 0 { pthread_detach(thread) }
  #endif
  if made != 0 { Unmanaged<Body>.fromOpaque(box).release() }
  return made == 0
}
