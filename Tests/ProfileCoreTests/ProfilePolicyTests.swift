import ProfileCore
import Testing

@Suite struct ProfilePolicyTests {
  @Test func everyNameOverridesItsOwnNumber() throws {
    for (offset, name) in ProfilePolicy.names.enumerated() {
      let value = 1000 + offset
      let policy = try ProfilePolicy.default.overriding([name: value])
      let numbers = [
        policy.contextTokens, policy.chunkResponseTokens, policy.titleResponseTokens,
        policy.maxAttempts, policy.maxModelCalls, policy.backoffMilliseconds, policy.maxSplitDepth,
      ]
      let defaults = [4096, 384, 48, 3, 64, 250, 6]
      // Exactly the named number changed, to the value given.
      #expect(numbers[offset] == value, "\(name)")
      #expect(
        numbers.enumerated().filter { $0.element != defaults[$0.offset] }.count == 1, "\(name)")
    }
  }

  @Test func aMisspelledNameIsRefusedNotIgnored() {
    #expect(throws: UnknownPolicyName(name: "maxModelcalls")) {
      try ProfilePolicy.default.overriding(["contextTokens": 900, "maxModelcalls": 3])
    }
    // Several misspellings: the first in name order is reported, the same on every run.
    #expect(throws: UnknownPolicyName(name: "backoffMs")) {
      try ProfilePolicy.default.overriding(["maxModelcalls": 3, "backoffMs": 1, "contextToken": 9])
    }
    #expect(
      UnknownPolicyName(name: "x").description
        == "unknown policy name \"x\"; use one of contextTokens, chunkResponseTokens, titleResponseTokens, maxAttempts, maxModelCalls, backoffMilliseconds, maxSplitDepth"
    )
  }
}
