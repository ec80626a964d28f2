import Foundation
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
        policy.malformedAttempts, policy.backoffDoublings, policy.languageProofLetters,
        policy.languageSampleCharacters,
      ]
      let defaults = [4096, 384, 48, 3, 64, 250, 6, 2, 16, 12, 2000]
      try #require(numbers.count == ProfilePolicy.names.count, "a number without its name")
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
        == "unknown policy name \"x\"; use one of contextTokens, chunkResponseTokens, titleResponseTokens, maxAttempts, maxModelCalls, backoffMilliseconds, maxSplitDepth, malformedAttempts, backoffDoublings, languageProofLetters, languageSampleCharacters"
    )
  }

  /// A policy reads and writes by its numbers' names; one written before a number existed (the
  /// first seven alone) reads with the newer numbers at their defaults.
  @Test func aPolicyRoundTripsByNameAndOlderOnesRead() throws {
    var policy = ProfilePolicy.default
    for (offset, name) in ProfilePolicy.names.enumerated() {
      policy = try policy.overriding([name: (offset + 1) * 7919])
    }
    let data = try JSONEncoder().encode(policy)
    #expect(try JSONDecoder().decode(ProfilePolicy.self, from: data) == policy)
    let keys = try #require(
      try JSONSerialization.jsonObject(with: data) as? [String: Int]
    ).keys.sorted()
    #expect(keys == ProfilePolicy.names.sorted())
    let older = Data(
      #"{"contextTokens": 900, "chunkResponseTokens": 384, "titleResponseTokens": 48, "maxAttempts": 3, "maxModelCalls": 64, "backoffMilliseconds": 250, "maxSplitDepth": 6}"#
        .utf8)
    let read = try JSONDecoder().decode(ProfilePolicy.self, from: older)
    #expect(read == (try ProfilePolicy.default.overriding(["contextTokens": 900])))
  }
}
