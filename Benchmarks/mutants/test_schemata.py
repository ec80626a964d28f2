"""Tests of the schemata rewriter: what it mutates, what it must leave alone, and that every
rewrite keeps the original behaviour when the switch is 0.

usage: python3 -m unittest discover -s Benchmarks/mutants -p 'test_*.py'"""
import os
import shutil
import subprocess
import tempfile
import unittest

import schemata


def sites(source):
    return [(s.operator, s.before, s.after) for s in schemata.rewrite(source).sites]


def rewritten(source):
    return schemata.rewrite(source).source


class LexerTests(unittest.TestCase):
    def test_strings_with_interpolation_are_one_token(self):
        tokens = schemata.lex('let a = "x \\(b < c ? "y" : "z") w" + d')
        strings = [t.text for t in tokens if t.kind == "string"]
        self.assertEqual(strings, ['"x \\(b < c ? "y" : "z") w"'])

    def test_raw_and_multiline_strings(self):
        source = 'let a = #"a "quoted" \\#(x) < b"#\nlet c = """\n  x < y\n  """\n'
        strings = [t.text for t in schemata.lex(source) if t.kind == "string"]
        self.assertEqual(len(strings), 2)
        self.assertTrue(strings[1].endswith('"""'))

    def test_nested_block_comments(self):
        tokens = schemata.lex("/* a /* b < c */ d */ x < y")
        self.assertEqual([t.kind for t in tokens if t.kind not in ("ws",)], ["comment", "ident", "op", "ident"])

    def test_an_unterminated_string_is_an_error_not_a_guess(self):
        with self.assertRaises(schemata.LexError):
            schemata.lex('let a = "open\n')


class OperatorTests(unittest.TestCase):
    def test_binary_operators_need_spaces_on_both_sides(self):
        found = sites("func f() {\n  let r: Result<Int, E> = g(a<b)\n  if a < b && c != d { h() }\n}\n")
        self.assertIn(("relational", "<", "<="), found)
        self.assertIn(("relational", "<", ">"), found)
        self.assertIn(("logical", "&&", "||"), found)
        self.assertIn(("equality", "!=", "=="), found)
        # The generic clause and the unspaced `<` are not comparisons to mutate.
        self.assertEqual(sum(1 for f in found if f[0] == "relational"), 2)

    def test_operators_in_strings_comments_and_signatures_are_left_alone(self):
        source = (
            "// a < b\n"
            "func f<T: Equatable>(x: Int = 1 + 2) where T == Int {\n"
            '  print("a < b == c")\n'
            "}\n")
        self.assertEqual([f for f in sites(source) if f[0] != "integer"], [])
        self.assertEqual([f for f in sites(source) if f[0] == "integer"], [])

    def test_switch_case_labels_and_attributes_are_left_alone(self):
        source = (
            "@available(macOS 13, *)\n"
            "func f(x: Int) -> Int {\n"
            "  switch x {\n"
            "  case 0: return 1\n"
            "  default: return 2\n"
            "  }\n"
            "}\n")
        found = sites(source)
        self.assertEqual(sorted(f[1] for f in found if f[0] == "integer"), ["1", "1", "2", "2"])

    def test_while_true_is_not_negated(self):
        self.assertEqual([f for f in sites("func f() {\n  while true {\n    g()\n  }\n}\n") if f[0] == "negate"], [])

    def test_each_plain_clause_of_a_condition_list_is_negated(self):
        found = sites("func f() {\n  if let x = y, x > 1, !z {\n    g()\n  }\n}\n")
        negated = [f[1] for f in found if f[0] == "negate"]
        self.assertEqual(negated, ["x > 1", "!z"])

    def test_conditions_with_try_or_await_are_not_wrapped(self):
        found = sites("func f() async throws {\n  if try await g() {\n    h()\n  }\n}\n")
        self.assertEqual([f for f in found if f[0] == "negate"], [])

    def test_tuple_elements_are_not_integer_literals(self):
        self.assertEqual([f for f in sites("func f() {\n  let a = pair.0\n}\n") if f[0] == "integer"], [])

    def test_first_last_swaps_take_the_whole_receiver(self):
        found = sites("func f() {\n  let a = items.map(\\.page).first(where: { $0 > 1 })\n  let b = min(x, y)\n}\n")
        swaps = [(f[1], f[2]) for f in found if f[0] == "first-last"]
        self.assertIn(("items.map(\\.page).first(where: { $0 > 1 })", "items.map(\\.page).last(where: { $0 > 1 })"), swaps)
        self.assertIn(("min(x, y)", "max(x, y)"), swaps)

    def test_only_listed_calls_are_removed_and_never_bindings(self):
        source = (
            "func f() async throws {\n"
            "  record(\"a\", .completed)\n"
            "  try await core.store.saveSummary(summary)\n"
            "  let x = try await core.store.loadSummary(for: c)\n"
            "  output = try await translator.translate(texts)\n"
            "  hasher.add(text)\n"
            "  items.append(\n"
            "    x)\n"
            "}\n")
        removed = [f[1] for f in sites(source) if f[0] == "remove-call"]
        self.assertEqual(removed, [
            'record("a", .completed)', "try await core.store.saveSummary(summary)", "items.append(\n    x)"])

    def test_only_early_returns_with_code_after_them_are_removed(self):
        source = (
            "func f(x: Int) -> Int {\n"
            "  if x > 1 {\n"
            "    return 1\n"
            "  }\n"
            "  guard x > 0 else { return 0 }\n"
            "  if x == 1 {\n"
            "    return 2\n"
            "  } else {\n"
            "    return 3\n"
            "  }\n"
            "}\n")
        self.assertEqual([f[1] for f in sites(source) if f[0] == "remove-return"], ["return 1"])

    def test_sites_are_numbered_from_the_first_id(self):
        result = schemata.rewrite("func f() {\n  if a < b {\n    g()\n  }\n}\n", first_id=41)
        self.assertEqual([s.id for s in result.sites], [41, 42, 43])
        self.assertIn("__negated(41, a <~", result.source)


def adapter_sites(source):
    result = schemata.rewrite(source, operators=schemata.ADAPTER_OPERATORS, call_targets=schemata.ADAPTER_CALLS)
    return [(s.operator, s.before, s.after) for s in result.sites]


class AdapterOperatorTests(unittest.TestCase):
    def test_the_core_keeps_its_operators(self):
        source = "func f() -> Bool {\n  x = g(a, b)\n  close(fd)\n  return true\n}\n"
        self.assertEqual({f[0] for f in sites(source)}, set())

    def test_any_call_statement_and_any_assignment_are_removed_but_never_a_guard_ending(self):
        source = (
            "func f() throws {\n"
            "  defer { _ = close(fd) }\n"
            "  try FileManager.default.removeItem(at: url)\n"
            "  offset += written\n"
            "  let kept = g()\n"
            "  guard ok else { fatalError(\"no\") }\n"
            "}\n")
        removed = [(f[0], f[1]) for f in adapter_sites(source) if f[0].startswith("remove")]
        self.assertEqual(removed, [
            ("remove-call", "_ = close(fd)"), ("remove-call", "try FileManager.default.removeItem(at: url)"),
            ("remove-assignment", "offset += written")])

    def test_assignments_in_initializers_and_a_closures_only_value_are_left_alone(self):
        source = (
            "struct S {\n"
            "  let a: Int\n"
            "  init(a: Int) {\n"
            "    self.a = a\n"
            "  }\n"
            "  func f() -> [Int] {\n"
            "    items.map { g($0) }\n"
            "  }\n"
            "  func r() -> Int {\n"
            "    #if canImport(Glibc)\n"
            "      Glibc.read(fd, buffer, count)\n"
            "    #else\n"
            "      Darwin.read(fd, buffer, count)\n"
            "    #endif\n"
            "  }\n"
            "}\n")
        self.assertEqual([f for f in adapter_sites(source) if f[0].startswith("remove")], [])

    def test_returns_are_replaced_by_their_declared_result(self):
        source = (
            "func a() -> Bool {\n  return x > 1\n}\n"
            "func b() throws -> [UInt8]? {\n  if y { return nil }\n  return bytes\n}\n"
            "func c() -> Int {\n  items.forEach { _ in return }\n  return items.count\n}\n"
            "func d() -> Widget {\n  return widget\n}\n"
            "func e() -> [String: Int] {\n  return table\n}\n")
        replaced = [(f[1], f[2]) for f in adapter_sites(source) if f[0] == "return-value"]
        self.assertEqual(replaced, [
            ("return x > 1", "return !(...)"), ("return bytes", "return nil"),
            ("return items.count", "return 0 (1 when it was 0)"), ("return table", "return [:]")])

    def test_a_return_inside_a_closure_is_not_the_functions(self):
        source = "func f() -> Bool {\n  let g = { () -> Int in\n    return 1\n  }\n  return g() > 0\n}\n"
        replaced = [f[1] for f in adapter_sites(source) if f[0] == "return-value"]
        self.assertEqual(replaced, ["return g() > 0"])

    def test_two_arguments_swap_keeping_their_labels(self):
        source = "func f() {\n  let r = copy(from: a, to: b)\n  let m = min(a, b)\n  h(a, a)\n  k(x) { y }\n}\n"
        swapped = [(f[1], f[2]) for f in adapter_sites(source) if f[0] == "swap-arguments"]
        self.assertEqual(swapped, [("copy(from: a, to: b)", "copy(from: b, to: a)")])

    def test_booleans_turn_around_except_while_true(self):
        source = "func f() {\n  let a = g(flag: true)\n  while true {\n    h()\n  }\n}\n"
        self.assertEqual([(f[1], f[2]) for f in adapter_sites(source) if f[0] == "boolean"], [("true", "false")])

    def test_skipped_lines_get_no_site(self):
        source = "func f() {\n  if a < b {\n    g(x, y)\n  }\n}\n"
        result = schemata.rewrite(source, operators=schemata.ADAPTER_OPERATORS, call_targets=schemata.ADAPTER_CALLS, skipped=frozenset({3}))
        self.assertEqual({s.line for s in result.sites}, {2})
        self.assertIn("g(x, y)", result.source)

    def test_code_for_other_platforms_is_not_mutated(self):
        source = (
            "func f() -> Int32 {\n"
            "  #if canImport(Darwin)\n"
            "    return fcntl(fd, 51)\n"
            "  #else\n"
            "    return fdatasync(fd)\n"
            "  #endif\n"
            "}\n")
        self.assertEqual({s.line for s in schemata.rewrite(source, operators=schemata.ADAPTER_OPERATORS, call_targets=schemata.ADAPTER_CALLS).sites}, {5})


@unittest.skipUnless(shutil.which("swiftc"), "swiftc is not on PATH")
class CompiledBehaviourTests(unittest.TestCase):
    """The schemata of a small program compile, behave as the original under mutant 0, and as
    each mutant under its number."""

    PROGRAM = (
        "func classify(_ values: [Int]) -> [String] {\n"
        "  var out: [String] = []\n"
        "  for value in values {\n"
        "    if value > 2 && value != 7 {\n"
        "      out.append(\"big\")\n"
        "      continue\n"
        "    }\n"
        "    if value == 0 {\n"
        "      return out\n"
        "    }\n"
        "    out.append(\"small \\(min(value, 9))\")\n"
        "  }\n"
        "  return out + [String(values.first ?? -1)]\n"
        "}\n"
        "print(classify([1, 2, 3, 7, 0, 5]).joined(separator: \",\"))\n")

    def run_program(self, source, mutant):
        directory = tempfile.mkdtemp()
        try:
            main = os.path.join(directory, "main.swift")
            support = os.path.join(directory, "support.swift")
            with open(main, "w") as handle:
                handle.write(source)
            with open(support, "w") as handle:
                handle.write(schemata.support_source("MUTANT", self.result.declarations))
            binary = os.path.join(directory, "program")
            subprocess.run(["swiftc", "-o", binary, main, support], check=True, capture_output=True)
            environment = dict(os.environ, MUTANT=str(mutant))
            return subprocess.run([binary], env=environment, capture_output=True, text=True, check=True).stdout.strip()
        finally:
            shutil.rmtree(directory)

    def test_mutant_zero_is_the_original_and_every_mutant_differs_or_is_listed(self):
        self.result = schemata.rewrite(self.PROGRAM)
        original = "small 1,small 2,big,small 7"  # what the program prints unmutated
        self.assertEqual(self.run_program(self.result.source, 0), original)
        operators = {s.operator for s in self.result.sites}
        self.assertTrue({"relational", "logical", "equality", "negate", "integer", "first-last", "remove-call", "remove-return"} <= operators, operators)
        changed = {s.id: self.run_program(self.result.source, s.id) for s in self.result.sites if s.operator in ("relational", "logical", "remove-return", "remove-call")}
        self.assertTrue(all(output != original for output in changed.values()), changed)


if __name__ == "__main__":
    unittest.main()
