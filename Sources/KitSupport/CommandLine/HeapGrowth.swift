#if canImport(Glibc)
  import Glibc
#endif

/// How the C allocator grows its heaps in a command-line run.
package enum HeapGrowth {
  /// Has glibc's allocator take address space 64 MiB at a time, where it otherwise takes a page
  /// at a time: a check of a hundred thousand anchors allocates on every core, and glibc grows
  /// each thread's heap with one `mprotect` a page, about fifteen thousand system calls in such
  /// a run. A page is only backed by memory once touched, so what a run holds does not change.
  /// Called first thing in `main`; does nothing where the C library is not glibc.
  package static func growCoarsely() {
    #if canImport(Glibc)
      // `mallopt` is declared in <malloc.h>, which the Glibc module does not import: looked up
      // by name instead (a null handle is RTLD_DEFAULT), as is M_TOP_PAD, a macro.
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard let mallopt = dlsym(nil, "mallopt") else { return }
      let topPad: Int32 = -2
      _ = unsafeBitCast(mallopt, to: Mallopt.self)(topPad, 64 << 20)
    #endif
  }
}
