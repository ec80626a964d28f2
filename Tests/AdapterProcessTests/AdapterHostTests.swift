import AdapterProcess
import Foundation
import KitSupport
import ProfileContracts
import Testing

/// The host makes its adapter once per process: requests that arrive together, before the first
/// making has finished, share it; a making that throws is tried again by the next request.
@Suite struct AdapterHostTests {
  struct Echo: SummaryTranslating {
    func translate(_ texts: [String], from source: String, to target: String) async throws
      -> [String]
    { texts }
  }

  struct Refused: Error {}

  static func request(_ id: Int) -> RPCRequest {
    RPCRequest(
      id: id, method: AdapterMethod.translate,
      params: .object([
        "texts": .array([.string("a")]), "from": .string("en"), "to": .string("fr"),
      ]))
  }

  @Test func requestsThatArriveTogetherShareOneAdapter() async {
    let made = Locked(0)
    let host = AdapterHost.translator {
      made.withValue { $0 += 1 }
      // Slow enough that every request arrives before the first making ends.
      try await Task.sleep(for: .milliseconds(100))
      return Echo()
    }
    let answered = await withTaskGroup(of: Bool.self) { group in
      for id in 1...8 { group.addTask { await host.handle(Self.request(id)).error == nil } }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(answered == 8)
    #expect(made.withValue { $0 } == 1, "the host made one adapter per request")
  }

  @Test func aMakingThatThrowsIsTriedAgain() async {
    let made = Locked(0)
    let host = AdapterHost.translator {
      let attempt = made.withValue {
        $0 += 1
        return $0
      }
      if attempt == 1 { throw Refused() }
      return Echo()
    }
    #expect(await host.handle(Self.request(1)).error != nil)
    #expect(await host.handle(Self.request(2)).error == nil)
    #expect(await host.handle(Self.request(3)).error == nil)
    #expect(made.withValue { $0 } == 2)
  }
}
