import KitSupport
import Testing

@Suite struct KitEnvironmentTests {
  /// Every spelling a test host may be given, and what the kit reads from it.
  @Test(
    arguments: [
      (["GOLDEN_RECORD": "missing"], "missing", "GOLDEN_RECORD"),
      (["TEST_RUNNER_GOLDEN_RECORD": "all"], "all", "TEST_RUNNER_GOLDEN_RECORD"),
      (["GOLDEN_RECORD": "failed", "TEST_RUNNER_GOLDEN_RECORD": "all"], "failed", "GOLDEN_RECORD"),
      (
        ["GOLDEN_RECORD": "", "TEST_RUNNER_GOLDEN_RECORD": "all"], "all",
        "TEST_RUNNER_GOLDEN_RECORD"
      ),
      (["TEST_RUNNER_GOLDEN_RECORD": ""], nil, "GOLDEN_RECORD"),
      ([:], nil, "GOLDEN_RECORD"),
    ] as [([String: String], String?, String)])
  func bothSpellingsAreRead(environment: [String: String], value: String?, spelling: String) {
    #expect(KitEnvironment.value("GOLDEN_RECORD", in: environment) == value)
    #expect(KitEnvironment.spelling("GOLDEN_RECORD", in: environment) == spelling)
  }

  @Test func anotherVariablesPrefixIsNotRead() {
    #expect(KitEnvironment.value("SEED", in: ["TEST_RUNNER_CONTRACT_KIT_SEED": "7"]) == nil)
    #expect(KitEnvironment.value("SEED", in: ["TEST_RUNNER_SEED_X": "7"]) == nil)
  }
}
