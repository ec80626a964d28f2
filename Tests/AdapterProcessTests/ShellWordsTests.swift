import AdapterProcess
import Testing

@Suite struct ShellWordsTests {
  @Test(arguments: [
    ("python3 my_store.py", ["python3", "my_store.py"]),
    ("  python3   -u  store.py  ", ["python3", "-u", "store.py"]),
    ("python3 'my store.py' --name \"a b\"", ["python3", "my store.py", "--name", "a b"]),
    (#"run a\ b "say \"hi\"" ''"#, ["run", "a b", #"say "hi""#, ""]),
  ])
  func splitsLikeAShell(line: String, words: [String]) throws {
    #expect(try ShellWords.split(line) == words)
  }

  @Test(arguments: ["python3 'unclosed", "trailing\\", "   "])
  func malformedLinesAreOneLineErrors(line: String) {
    #expect(throws: AdapterProcessError.self) { try ShellWords.split(line) }
  }

  /// A quoted word splits back to itself, whatever it holds.
  @Test(arguments: [
    "plain", "python3 my store.py", "it's", "", "$HOME", "a\"b", "tab\there", "한국어", "--seed=7",
  ])
  func aQuotedWordSplitsBackToItself(word: String) throws {
    #expect(try ShellWords.split(ShellWords.quote(word)) == [word])
  }

  @Test func plainWordsStayUnquoted() {
    #expect(ShellWords.quote("--adapter-command") == "--adapter-command")
    #expect(ShellWords.quote("python3 store.py") == "'python3 store.py'")
    #expect(ShellWords.quote("it's") == "'it'\\''s'")
  }
}
