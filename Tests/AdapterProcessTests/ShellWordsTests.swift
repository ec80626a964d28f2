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
}
