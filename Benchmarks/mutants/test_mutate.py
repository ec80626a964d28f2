"""Tests of the mutation runner's bookkeeping: equivalent marks and how sites are described.

usage: python3 -m unittest discover -s Benchmarks/mutants -p 'test_*.py'"""
import unittest

import mutate
import schemata


def entry(site_id, operator="relational", before="<", after="<=", line="if a < b {", name="Core.swift"):
    return (name, schemata.Site(site_id, 3, operator, before, after), line)


class MarkTests(unittest.TestCase):
    def test_a_mark_takes_every_mutant_with_its_key(self):
        sites = [entry(1), entry(2), entry(3, before=">", after=">=")]
        mark = {"file": "Core.swift", "operator": "relational", "before": "<", "after": "<=",
                "line": "if a < b {", "reason": "a and b are never equal"}
        equivalent, problems = mutate.apply_marks(sites, [mark])
        same = ("equivalent", "a and b are never equal")
        self.assertEqual(equivalent, {1: same, 2: same})
        self.assertEqual(problems, [])

    def test_an_admitted_mark_keeps_its_kind(self):
        mark = {"file": "Core.swift", "operator": "relational", "before": "<", "after": "<=",
                "line": "if a < b {", "reason": "either order is a summary", "kind": "admitted"}
        equivalent, _ = mutate.apply_marks([entry(1)], [mark])
        self.assertEqual(equivalent, {1: ("admitted", "either order is a summary")})

    def test_a_mark_whose_code_changed_is_a_problem_not_a_silent_pass(self):
        mark = {"file": "Core.swift", "operator": "relational", "before": "<", "after": "<=",
                "line": "if a < c {", "reason": "r"}
        equivalent, problems = mutate.apply_marks([entry(1)], [mark])
        self.assertEqual(equivalent, {})
        self.assertEqual(problems, [
            "stale equivalent mark: no relational mutant < -> <= in Core.swift at `if a < c {`; re-check it, then update or drop it"])

    def test_descriptions_are_one_line(self):
        described = mutate.describe(entry(1, operator="remove-call", before="record(\n  x)", after="(removed)"))
        self.assertEqual(described, "Core.swift:3 remove-call: record(   x) -> (removed)")


if __name__ == "__main__":
    unittest.main()
