// Reads one text per line on standard input and prints the built-in identifier's answer for each
// (a language code, or "-" for none), one per line: the kit's side of Benchmarks/langid/evaluate.py.
import ProfileCore

let identifier = BuiltinLanguageIdentifier()
while let line = readLine() {
  print(identifier.identify(line)?.language ?? "-")
}
