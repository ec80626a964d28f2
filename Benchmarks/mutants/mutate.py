"""Mutation testing of the reference core by mutant schemata.

Generates mutants from Sources/ProfileCore (see schemata.py for the operators), compiles all of
them into one build of a scratch copy of the package under .build/mutants, and replays the
golden corpus once per mutant with CONTRACT_KIT_MUTANT=N. The working tree is never edited.

A mutant is killed by golden when the replay fails (or crashes, or hangs past the timeout).
Golden survivors then run the core's unit tests (ProfileCoreTests): those they fail are "killed
by tests only". Marks in Benchmarks/mutants/equivalent.json take a mutant out of the count, with a
one-line reason; a mark that no mutant matches, or whose mutant is killed, is an error.

usage: python3 Benchmarks/mutants/mutate.py [--quick] [--min-golden PERCENT] [--jobs N] [--json FILE]
  --quick        skip the unit-test pass (golden kills and survivors only)
  --min-golden   fail (exit 1) when golden kills fewer than PERCENT of non-equivalent mutants
                 (default 90)
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import time

import schemata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRATCH = os.path.join(ROOT, ".build", "mutants")
PACKAGE = os.path.join(SCRATCH, "package")
BUILD = os.path.join(SCRATCH, "build")
CORE = os.path.join("Sources", "ProfileCore")
EQUIVALENTS = os.path.join(ROOT, "Benchmarks", "mutants", "equivalent.json")
VARIABLE = "CONTRACT_KIT_MUTANT"
# Files not mutated, and why: what golden replay compares is the outcome's canonical JSON and the
# boundary calls, so text rendering and the real clock are outside what it can judge.
NOT_MUTATED = {
    "ProfileOutcome+Rendering.swift": "presentation, not a decision (ProfileOutcomeRenderingTests covers it)",
    "ProfileClock.swift": "the real and the immediate clock; replays wait on the golden clock",
}
TIMEOUT = 60


def fail(message, code=2):
    print("mutate-core: " + message, file=sys.stderr)
    sys.exit(code)


def tracked_files():
    # Tracked files and new ones not ignored: a file added to the core but not yet committed is
    # part of what the build needs.
    result = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
        capture_output=True)
    if result.returncode != 0:
        fail("git ls-files failed in %s; run from a clone of the repository" % ROOT)
    return [p for p in result.stdout.decode().split("\0") if p]


def write_if_changed(path, data):
    """Writes `data`, keeping the file (and its timestamp, so the build stays incremental) when
    it already holds it."""
    if os.path.exists(path):
        with open(path, "rb") as handle:
            if handle.read() == data:
                return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)


def prepare():
    """The scratch package: a copy of every tracked file, with ProfileCore's files rewritten as
    schemata. Returns the sites as (file, Site, source line) in id order."""
    files = tracked_files()
    wanted = set()
    sites = []
    next_id = 1
    for relative in sorted(files):
        source_path = os.path.join(ROOT, relative)
        if not os.path.isfile(source_path):
            continue
        target = os.path.join(PACKAGE, relative)
        wanted.add(os.path.normpath(target))
        with open(source_path, "rb") as handle:
            data = handle.read()
        name = os.path.basename(relative)
        if os.path.dirname(relative) == CORE and name.endswith(".swift") and name not in NOT_MUTATED:
            text = data.decode()
            result = schemata.rewrite(text, next_id, relative)
            next_id += len(result.sites)
            lines = text.split("\n")
            for site in result.sites:
                sites.append((name, site, lines[site.line - 1].strip()))
            data = result.source.encode()
            schemata_declarations.extend(result.declarations)
        write_if_changed(target, data)
    support = os.path.join(PACKAGE, CORE, "MutantSchemata.swift")
    wanted.add(os.path.normpath(support))
    write_if_changed(support, schemata.support_source(VARIABLE, schemata_declarations).encode())
    # Files deleted from the tree go from the copy too.
    for directory, _, names in os.walk(PACKAGE):
        for name in names:
            path = os.path.normpath(os.path.join(directory, name))
            if path not in wanted:
                os.remove(path)
    return sites


schemata_declarations = []


def swift(arguments, **kwargs):
    return subprocess.run(
        ["swift"] + arguments + ["--package-path", PACKAGE, "--scratch-path", BUILD], **kwargs)


def build(tests):
    arguments = ["build", "--product", "contract-kit"] if not tests else ["build", "--build-tests"]
    result = swift(arguments, capture_output=True, text=True)
    if result.returncode != 0:
        errors = [line for line in result.stdout.splitlines() + result.stderr.splitlines() if "error:" in line]
        print("\n".join(errors[:20]), file=sys.stderr)
        fail("generator bug: the mutant schemata do not compile (%d errors above); fix Benchmarks/mutants/schemata.py" % len(errors), 1)
    binary = subprocess.run(
        ["swift", "build", "--package-path", PACKAGE, "--scratch-path", BUILD, "--show-bin-path"],
        capture_output=True, text=True).stdout.strip()
    return os.path.join(binary, "contract-kit")


def golden(binary, mutant, artifacts):
    environment = dict(os.environ, **{VARIABLE: str(mutant), "GOLDEN_ARTIFACTS": artifacts})
    environment.pop("GOLDEN_RECORD", None)
    try:
        result = subprocess.run(
            [binary, "golden", "replay", "--dir", os.path.join(ROOT, "Golden")],
            env=environment, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    if result.returncode == 0:
        return "survived", ""
    if result.returncode < 0:
        return "crashed", ""
    failed = [line.split(":")[0] for line in result.stdout.splitlines() if line and not line.startswith(" ") and ": " in line and not line.startswith("30 scenarios")]
    return "killed", failed[0] if failed else ""


def unit_tests(mutant):
    environment = dict(os.environ, **{VARIABLE: str(mutant)})
    try:
        result = swift(["test", "--skip-build", "--filter", "ProfileCoreTests"], env=environment,
                       capture_output=True, text=True, timeout=TIMEOUT * 5)
    except subprocess.TimeoutExpired:
        return True
    return result.returncode != 0


def site_key(entry):
    name, site, line = entry
    return (name, site.operator, site.before, site.after, line)


def load_equivalents():
    if not os.path.exists(EQUIVALENTS):
        return []
    try:
        with open(EQUIVALENTS) as handle:
            marks = json.load(handle)
    except (OSError, json.JSONDecodeError) as error:
        fail("%s cannot be read (%s); fix its JSON" % (os.path.relpath(EQUIVALENTS, ROOT), error))
    for index, mark in enumerate(marks):
        missing = [k for k in ("file", "operator", "before", "after", "line", "reason") if not mark.get(k)]
        if missing:
            fail("%s: $[%d]: missing %s; every mark names its mutant and a one-line reason" % (
                os.path.relpath(EQUIVALENTS, ROOT), index, ", ".join(missing)))
    return marks


def apply_marks(sites, marks):
    """The reasons by mutant id for the mutants the marks name, and a problem for each mark
    that names no mutant (the code it named has changed: re-check it, then update or drop it)."""
    keyed = {}
    for entry in sites:
        keyed.setdefault(site_key(entry), []).append(entry)
    equivalent, problems = {}, []
    for mark in marks:
        key = (mark["file"], mark["operator"], mark["before"], mark["after"], mark["line"])
        if key not in keyed:
            problems.append(
                "stale equivalent mark: no %s mutant %s -> %s in %s at `%s`; re-check it, then update or drop it"
                % (key[1], key[2], key[3], key[0], key[4]))
            continue
        for entry in keyed[key]:
            equivalent[entry[1].id] = mark["reason"]
    return equivalent, problems


def describe(entry):
    name, site, line = entry
    before = site.before.replace("\n", " ")
    if len(before) > 60:
        before = before[:57] + "..."
    return "%s:%d %s: %s -> %s" % (name, site.line, site.operator, before, site.after)


def main():
    parser = argparse.ArgumentParser(add_help=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--min-golden", type=float, default=90.0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--json")
    options = parser.parse_args()

    started = time.monotonic()
    sites = prepare()
    binary = build(tests=False)
    artifacts = os.path.join(SCRATCH, "artifacts")
    clock = time.monotonic()
    baseline, _ = golden(binary, 0, artifacts)
    # A mutant that loops forever is killed (the replay would hang CI); allow it 20 times the
    # unmutated replay, at least 10 s.
    global TIMEOUT
    TIMEOUT = max(10.0, 20 * (time.monotonic() - clock))
    if baseline != "survived":
        fail("the unmutated schemata fail the golden replay (%s); the generator changed behaviour" % baseline, 1)

    equivalent, problems = apply_marks(sites, load_equivalents())

    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        outcomes = list(pool.map(lambda e: golden(binary, e[1].id, artifacts), sites))

    killed_golden, survivors = [], []
    for entry, (verdict, scenario) in zip(sites, outcomes):
        if verdict != "survived":
            killed_golden.append(entry)
            if entry[1].id in equivalent:
                problems.append("wrong equivalent mark: %s is killed by golden (%s)" % (describe(entry), scenario or verdict))
        else:
            survivors.append(entry)

    killed_tests, survived = [], []
    tests_ran = not options.quick and any(e[1].id not in equivalent for e in survivors)
    if tests_ran:
        build(tests=True)
    for entry in survivors:
        if entry[1].id in equivalent:
            continue
        if tests_ran and unit_tests(entry[1].id):
            killed_tests.append(entry)
        else:
            survived.append(entry)

    non_equivalent = len(sites) - len(equivalent)
    rate = 100.0 * len(killed_golden) / non_equivalent if non_equivalent else 100.0
    files = sorted({e[0] for e in sites})
    print("mutants generated:    %d in %s" % (len(sites), ", ".join(files)))
    for name, reason in sorted(NOT_MUTATED.items()):
        print("  not mutated: %s (%s)" % (name, reason))
    print("killed by golden:     %d (%.1f%% of %d non-equivalent)" % (len(killed_golden), rate, non_equivalent))
    print("killed by tests only: %s" % (len(killed_tests) if not options.quick else "not run (--quick)"))
    for entry in killed_tests:
        print("  " + describe(entry))
    print("equivalent:           %d (reasons in Benchmarks/mutants/equivalent.json)" % len(equivalent))
    for entry in sites:
        if entry[1].id in equivalent:
            print("  %s: %s" % (describe(entry), equivalent[entry[1].id]))
    print("survived:             %d" % len(survived))
    for entry in survived:
        print("  " + describe(entry))
    print("took %.0f s" % (time.monotonic() - started))
    if options.json:
        with open(options.json, "w") as handle:
            json.dump([{
                "id": e[1].id, "file": e[0], "line": e[1].line, "operator": e[1].operator,
                "before": e[1].before, "after": e[1].after, "source": e[2],
                "verdict": ("equivalent" if e[1].id in equivalent else "golden" if e in killed_golden
                            else "tests" if e in killed_tests else "survived"),
            } for e in sites], handle, indent=2, sort_keys=True)
    for problem in problems:
        print("mutate-core: " + problem, file=sys.stderr)
    if problems:
        return 1
    if rate < options.min_golden:
        print("mutate-core: golden kills %.1f%% of non-equivalent mutants, below %.0f%%; add or sharpen a scenario for a survivor above" % (rate, options.min_golden), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
