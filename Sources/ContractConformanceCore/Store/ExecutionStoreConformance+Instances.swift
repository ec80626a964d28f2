import Foundation
import KitSupport
import ProfileContracts

extension ExecutionStoreConformance {
  /// How many instances `store.instances` opens.
  var instanceCount: Int { ContractConformanceCore.instanceCount(examples: examples) }

  /// Opens instance after instance from the factory on one directory, as an app that opens its
  /// store for each run does, each released before the next opens. Each loads what the one
  /// before it saved (a volatile store: what it saved itself) and saves its own. In process,
  /// where the system tells (Linux, macOS), the descriptors the process holds open under the
  /// directory must not grow with the instances released. Instances stop at half the check's
  /// time, after at least 16.
  func instances() async throws -> CheckOutcome {
    try await inSandbox { sandbox in
      var failures = Failures()
      var held: [Int] = []
      let measured =
        crashHarness == nil && ProcessResources.descriptors(under: sandbox.store) != nil
      let opened = try await eachInstance(instanceCount) { index in
        try await useInstance(index, sandbox.store, &failures)
        // Measured with this instance released: what remains open is what released ones left.
        if measured { held.append(ProcessResources.descriptors(under: sandbox.store) ?? 0) }
      }
      if held.count >= 16, let end = held.last {
        let half = held.count / 2
        let grew = end - held[half - 1]
        let later = held.count - half
        if end > 16, grew * 8 >= later {
          failures.addFirst(
            "this process holds \(end) descriptors open under the store's directory after \(held.count) instances, each released before the next opened, \(grew) more than after \(half): one for every \(every(later / max(grew, 1), "instance")); close what an instance opened when it is released (in deinit), or share one handle among instances"
          )
        }
      }
      let most = held.max() ?? 0
      let resources =
        measured
        ? ", holding at most \(most) descriptor\(most == 1 ? "" : "s") open under its directory once each was released"
        : ""
      let what =
        durability == .durable
        ? "each loaded the checkpoint the one before it saved"
        : "each loaded the checkpoint it saved"
      let cut =
        opened < instanceCount
        ? " (\(opened) of \(instanceCount) within half the check's time)" : ""
      return failures.outcome(
        passed: "\(opened) instances opened in turn on one directory\(cut) \(what)\(resources)")
    }
  }

  /// Opens the `index`th instance, loads what the one before it saved (a volatile store: what
  /// it saves itself) and saves its own checkpoint; the instance is released on return.
  private func useInstance(_ index: Int, _ directory: URL, _ failures: inout Failures) async throws
  {
    let store = try await open(directory)
    let command = Self.manyKeysCommand(index)
    if durability == .durable, index > 0 {
      let previous = try await attempt(
        "instance \(index + 1) loading instance \(index)'s checkpoint"
      ) {
        try await store.loadCheckpoint(for: Self.manyKeysCommand(index - 1))
      }
      if previous?.phase != "instance-\(index - 1)" {
        failures.add(
          "instance \(index + 1) loaded \(previous.map { quote($0.phase) } ?? "nil") for the checkpoint instance \(index) saved"
        )
      }
    }
    try await attempt("instance \(index + 1) saving") {
      try await store.saveCheckpoint(Self.checkpoint(command, phase: "instance-\(index)"))
    }
    guard durability == .volatile else { return }
    let own = try await attempt("instance \(index + 1) loading its own checkpoint") {
      try await store.loadCheckpoint(for: command)
    }
    if own?.phase != "instance-\(index)" {
      failures.add(
        "instance \(index + 1) loaded \(own.map { quote($0.phase) } ?? "nil") right after saving its checkpoint"
      )
    }
  }
}

/// `count` things in a slope: "instance" for 1, "3 instances" for 3.
private func every(_ count: Int, _ thing: String) -> String {
  count == 1 ? thing : "\(count) \(thing)s"
}
