import ProfileContracts
import Testing

@Suite struct TokenEstimateTests {
  @Test(arguments: [
    ("", 0), ("a", 1), ("abcd", 1), ("abcde", 2), ("abcdefgh", 2), ("한국어", 3), ("日本語です", 5),
    ("中文", 2), ("요약해 주세요", 7), ("ab한cd", 2), ("Ωλ", 1),
  ])
  func estimate(text: String, tokens: Int) {
    #expect(TokenEstimate.tokens(in: text) == tokens)
  }
}
